use std::num::NonZeroU16;

/// `[operation_limits]` from the gateway configuration.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OperationLimits {
    /// Limits the deepest nesting of selection sets in an operation,
    /// including fields in fragments.
    pub depth: Option<NonZeroU16>,
    /// Limits the number of aliases in the operation, including those in fragments.
    pub aliases: Option<NonZeroU16>,
    /// Limits the number of root fields in the operation, including those in fragments.
    pub root_fields: Option<NonZeroU16>,
    /// Query complexity takes the number of fields as well as the depth and any pagination
    /// arguments into account.
    pub complexity: Option<NonZeroU16>,
}

impl OperationLimits {
    /// Parses `key = value` lines of the `[operation_limits]` table.
    pub fn from_table(lines: &str) -> Result<Self, String> {
        let mut limits = OperationLimits::default();
        for line in lines.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (key, value) = line.split_once('=').ok_or_else(|| format!("bad line {line:?}"))?;
            let value: u16 = value.trim().parse().map_err(|e| format!("{key}: {e}"))?;
            let value = NonZeroU16::new(value);
            match key.trim() {
                "depth" => limits.depth = value,
                "aliases" => limits.aliases = value,
                "root_fields" => limits.root_fields = value,
                "complexity" => limits.complexity = value,
                other => return Err(format!("unknown operation limit {other:?}")),
            }
        }
        Ok(limits)
    }
}
