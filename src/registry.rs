//! Every lint's identity: its typed id, code, name, default level and
//! documentation. A leaf: nothing here depends on another module of the
//! crate, so configuration, the lints and every output can depend on it.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Allow,
    Warn,
    Deny,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        match text {
            "allow" => Some(Level::Allow),
            "warn" => Some(Level::Warn),
            "deny" => Some(Level::Deny),
            _ => None,
        }
    }
}

/// How often a lint's findings are real problems, in SARIF's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    VeryHigh,
    High,
    Medium,
    Low,
}

impl Precision {
    pub fn as_str(self) -> &'static str {
        match self {
            Precision::VeryHigh => "very-high",
            Precision::High => "high",
            Precision::Medium => "medium",
            Precision::Low => "low",
        }
    }
}

/// A lint, by the name its code stands for. The order is the order of
/// [`LINTS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LintId {
    CheckedNeverIncremented,
    IncrementedNeverChecked,
    LimitNeverRead,
    UnevenCheckCoverage,
    MismatchedLimit,
    EqualityLimitCheck,
    ExportedLimitNeverRead,
    UnusedSuppression,
}

impl LintId {
    /// Every lint, in the order of [`LINTS`].
    pub const ALL: [LintId; 8] = [
        LintId::CheckedNeverIncremented,
        LintId::IncrementedNeverChecked,
        LintId::LimitNeverRead,
        LintId::UnevenCheckCoverage,
        LintId::MismatchedLimit,
        LintId::EqualityLimitCheck,
        LintId::ExportedLimitNeverRead,
        LintId::UnusedSuppression,
    ];

    pub fn lint(self) -> &'static Lint {
        &LINTS[self as usize]
    }
}

/// A lint's identity and documentation.
#[derive(Debug)]
pub struct Lint {
    pub id: LintId,
    pub code: &'static str,
    pub name: &'static str,
    pub default_level: Level,
    /// One sentence: what the lint finds.
    pub summary: &'static str,
    /// The Markdown documentation from `lints/`.
    pub doc: &'static str,
    pub precision: Precision,
    pub tags: &'static [&'static str],
}

/// Lints are identified by their id.
impl PartialEq for Lint {
    fn eq(&self, other: &Lint) -> bool {
        self.id == other.id
    }
}

impl Eq for Lint {}

const BUDGET_TAGS: &[&str] = &["correctness", "budget"];

pub static LINTS: &[Lint] = &[
    Lint {
        id: LintId::CheckedNeverIncremented,
        code: "BL001",
        name: "checked-never-incremented",
        default_level: Level::Deny,
        summary: "A counter is checked against its limit but production code never spends it",
        doc: include_str!("../lints/BL001-checked-never-incremented.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
    },
    Lint {
        id: LintId::IncrementedNeverChecked,
        code: "BL002",
        name: "incremented-never-checked",
        default_level: Level::Deny,
        summary: "A counter is spent and its limit is read, but no check relates the two",
        doc: include_str!("../lints/BL002-incremented-never-checked.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
    },
    Lint {
        id: LintId::LimitNeverRead,
        code: "BL003",
        name: "limit-never-read",
        default_level: Level::Deny,
        summary: "Production code reads other fields of a struct but never this limit",
        doc: include_str!("../lints/BL003-limit-never-read.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
    },
    Lint {
        id: LintId::UnevenCheckCoverage,
        code: "BL004",
        name: "uneven-check-coverage",
        default_level: Level::Warn,
        summary: "A function checks some dimensions of a budget but skips another that is spent",
        doc: include_str!("../lints/BL004-uneven-check-coverage.md"),
        precision: Precision::Medium,
        tags: BUDGET_TAGS,
    },
    Lint {
        id: LintId::MismatchedLimit,
        code: "BL005",
        name: "mismatched-limit",
        default_level: Level::Deny,
        summary: "A counter is compared with the limit of a different dimension",
        doc: include_str!("../lints/BL005-mismatched-limit.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
    },
    Lint {
        id: LintId::EqualityLimitCheck,
        code: "BL006",
        name: "equality-limit-check",
        default_level: Level::Warn,
        summary: "A counter that grows by uneven steps is checked against its limit only with `==`",
        doc: include_str!("../lints/BL006-equality-limit-check.md"),
        precision: Precision::Medium,
        tags: BUDGET_TAGS,
    },
    Lint {
        id: LintId::ExportedLimitNeverRead,
        code: "BL007",
        name: "exported-limit-never-read",
        default_level: Level::Allow,
        summary: "A limit the crate never reads, in data it exchanges or in a public struct its users consume",
        doc: include_str!("../lints/BL007-exported-limit-never-read.md"),
        precision: Precision::Low,
        tags: BUDGET_TAGS,
    },
    Lint {
        id: LintId::UnusedSuppression,
        code: "BL100",
        name: "unused-suppression",
        default_level: Level::Warn,
        summary: "A `budget-lint: allow(..)` comment suppresses nothing",
        doc: include_str!("../lints/BL100-unused-suppression.md"),
        precision: Precision::VeryHigh,
        tags: &["maintainability"],
    },
];

/// The lint with this code (in any case) or name.
pub fn find_lint(code_or_name: &str) -> Option<&'static Lint> {
    LINTS
        .iter()
        .find(|l| l.code.eq_ignore_ascii_case(code_or_name) || l.name == code_or_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_id_names_its_own_entry() {
        assert_eq!(LintId::ALL.len(), LINTS.len());
        for (index, id) in LintId::ALL.into_iter().enumerate() {
            assert_eq!(LINTS[index].id, id);
            assert_eq!(id.lint().id, id);
        }
    }

    #[test]
    fn lints_are_found_by_code_in_any_case_or_by_name() {
        let by_code = find_lint("bl003").map(|l| l.id);
        let by_name = find_lint("limit-never-read").map(|l| l.id);
        assert_eq!(by_code, Some(LintId::LimitNeverRead));
        assert_eq!(by_name, Some(LintId::LimitNeverRead));
        assert!(find_lint("BL999").is_none());
    }
}
