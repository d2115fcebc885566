use std::time::Duration;

/// A rate written like `100/1m`: hits allowed per window.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    pub hits_per_window: u32,
    pub window: Duration,
    pub max_tracked_keys: usize,
}

impl Policy {
    pub fn parse(spec: &str) -> Result<Self, String> {
        let (count, span) = spec.split_once('/').ok_or("expected `<count>/<window>`")?;
        let hits_per_window: u32 = count.trim().parse().map_err(|_| "bad count")?;
        let span = span.trim();
        let (digits, unit) = span.split_at(span.len().saturating_sub(1));
        let n: u64 = digits.parse().map_err(|_| "bad window")?;
        let window = match unit {
            "s" => Duration::from_secs(n),
            "m" => Duration::from_secs(n * 60),
            "h" => Duration::from_secs(n * 3600),
            _ => return Err(format!("unknown unit `{unit}`")),
        };
        if hits_per_window == 0 || window.is_zero() {
            return Err("count and window must be positive".into());
        }
        Ok(Policy { hits_per_window, window, max_tracked_keys: 100_000 })
    }

    /// Caps how many keys are remembered at once.
    pub fn tracking(self, max_tracked_keys: usize) -> Self {
        Policy { max_tracked_keys: max_tracked_keys.max(1), ..self }
    }
}
