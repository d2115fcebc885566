//! The lints: each a function from the model to findings.

pub(crate) mod checked_never_incremented;
mod equality_limit_check;
mod incremented_never_checked;
pub(crate) mod limit_never_read;
mod mismatched_limit;
mod uneven_check_coverage;

use serde::Serialize;

use crate::facts::{FnRef, Span};
use crate::model::{FieldId, Model};

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

/// A lint's identity and documentation.
#[derive(Debug)]
pub struct Lint {
    pub code: &'static str,
    pub name: &'static str,
    pub default_level: Level,
    /// One sentence: what the lint finds.
    pub summary: &'static str,
    /// The Markdown documentation from `lints/`.
    pub doc: &'static str,
    pub precision: Precision,
    pub tags: &'static [&'static str],
    /// The pass over the model; `None` for BL100, which the suppression
    /// stage reports after every other lint has run.
    pub run: Option<fn(&Model) -> Vec<Finding>>,
}

/// Lints are identified by their code.
impl PartialEq for Lint {
    fn eq(&self, other: &Lint) -> bool {
        self.code == other.code
    }
}

impl Eq for Lint {}

const BUDGET_TAGS: &[&str] = &["correctness", "budget"];

pub static LINTS: &[Lint] = &[
    Lint {
        code: "BL001",
        name: "checked-never-incremented",
        default_level: Level::Deny,
        summary: "A counter is checked against its limit but production code never spends it",
        doc: include_str!("../../lints/BL001-checked-never-incremented.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
        run: Some(checked_never_incremented::run),
    },
    Lint {
        code: "BL002",
        name: "incremented-never-checked",
        default_level: Level::Deny,
        summary: "A counter is spent and its limit is read, but no check relates the two",
        doc: include_str!("../../lints/BL002-incremented-never-checked.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
        run: Some(incremented_never_checked::run),
    },
    Lint {
        code: "BL003",
        name: "limit-never-read",
        default_level: Level::Deny,
        summary: "Production code reads other fields of a struct but never this limit",
        doc: include_str!("../../lints/BL003-limit-never-read.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
        run: Some(limit_never_read::run),
    },
    Lint {
        code: "BL004",
        name: "uneven-check-coverage",
        default_level: Level::Warn,
        summary: "A function checks some dimensions of a budget but skips another that is spent",
        doc: include_str!("../../lints/BL004-uneven-check-coverage.md"),
        precision: Precision::Medium,
        tags: BUDGET_TAGS,
        run: Some(uneven_check_coverage::run),
    },
    Lint {
        code: "BL005",
        name: "mismatched-limit",
        default_level: Level::Deny,
        summary: "A counter is compared with the limit of a different dimension",
        doc: include_str!("../../lints/BL005-mismatched-limit.md"),
        precision: Precision::High,
        tags: BUDGET_TAGS,
        run: Some(mismatched_limit::run),
    },
    Lint {
        code: "BL006",
        name: "equality-limit-check",
        default_level: Level::Warn,
        summary: "A counter that grows by uneven steps is checked against its limit only with `==`",
        doc: include_str!("../../lints/BL006-equality-limit-check.md"),
        precision: Precision::Medium,
        tags: BUDGET_TAGS,
        run: Some(equality_limit_check::run),
    },
    Lint {
        code: UNUSED_SUPPRESSION,
        name: "unused-suppression",
        default_level: Level::Warn,
        summary: "A `budget-lint: allow(..)` comment suppresses nothing",
        doc: include_str!("../../lints/BL100-unused-suppression.md"),
        precision: Precision::VeryHigh,
        tags: &["maintainability"],
        run: None,
    },
];

/// The code of the lint that reports suppressions that suppress nothing.
pub const UNUSED_SUPPRESSION: &str = "BL100";

/// The lint with this code (in any case) or name.
pub fn find_lint(code_or_name: &str) -> Option<&'static Lint> {
    LINTS
        .iter()
        .find(|l| l.code.eq_ignore_ascii_case(code_or_name) || l.name == code_or_name)
}

/// A secondary location that supports a finding.
#[derive(Debug, Clone, Serialize)]
pub struct Related {
    pub span: Span,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Applicability {
    MachineApplicable,
    MaybeIncorrect,
    HasPlaceholders,
}

/// Glue code that would fix a finding: it replaces `replaces` when set,
/// otherwise it is inserted after `anchor`'s line.
#[derive(Debug, Clone, Serialize)]
pub struct Suggestion {
    pub message: String,
    pub code: String,
    pub applicability: Applicability,
    pub anchor: Option<Span>,
    pub replaces: Option<Span>,
}

/// What would fix a finding, for the suggestion stage to turn into code.
#[derive(Debug, Clone)]
pub enum Fix {
    /// Spend the counter where its parallel trackers are spent.
    Spend {
        counter: FieldId,
        trackers: Vec<FieldId>,
    },
    /// Check the counter against the limit, as sibling dimensions are.
    Check {
        counter: FieldId,
        limit: FieldId,
        /// The function the check belongs in, when the lint knows it.
        function: Option<FnRef>,
    },
    /// Compare with the counter's own limit instead.
    RightLimit {
        comparison: Span,
        wrong: FieldId,
        right: FieldId,
    },
    /// Compare with an ordering instead of `==`/`!=`.
    Ordering { comparison: Span, counter: FieldId },
}

/// Why a finding is not reported although it fired. SARIF keeps suppressed
/// findings, with the suppression; the other formats leave them out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Suppressed {
    /// A `// budget-lint: allow(..)` comment.
    InSource {
        comment: Span,
        reason: Option<String>,
    },
    /// An entry of the `--baseline` file.
    Baseline,
}

#[derive(Debug, Clone)]
pub struct Finding {
    pub lint: &'static Lint,
    pub level: Level,
    pub primary: Span,
    pub message: String,
    pub label: String,
    pub related: Vec<Related>,
    pub notes: Vec<String>,
    pub fix: Option<Fix>,
    pub suggestion: Option<Suggestion>,
    /// The struct and field the finding is about, for stable fingerprints.
    /// For BL100, the file and the lints the comment names needlessly.
    pub subject: (String, String),
    pub suppressed: Option<Suppressed>,
    /// The logical fingerprint (see `fingerprint::assign`); empty until
    /// assigned.
    pub fingerprint: String,
}

impl Finding {
    pub fn new(
        lint: &'static Lint,
        model: &Model,
        field: FieldId,
        message: String,
        label: String,
    ) -> Self {
        let info = &model.fields[field];
        let subject = (model.struct_of(field).name.clone(), info.name.clone());
        Finding::at(lint, info.span, message, label, subject)
    }

    /// A finding at `primary` without evidence yet.
    pub fn at(
        lint: &'static Lint,
        primary: Span,
        message: String,
        label: String,
        subject: (String, String),
    ) -> Self {
        Finding {
            lint,
            level: lint.default_level,
            primary,
            message,
            label,
            related: Vec::new(),
            notes: Vec::new(),
            fix: None,
            suggestion: None,
            subject,
            suppressed: None,
            fingerprint: String::new(),
        }
    }
}

/// Runs every lint and orders the findings by location, then code.
pub fn run_all(model: &Model) -> Vec<Finding> {
    let mut findings: Vec<Finding> = LINTS
        .iter()
        .filter_map(|lint| lint.run)
        .flat_map(|run| run(model))
        .collect();
    sort(&mut findings);
    findings.dedup_by(|a, b| a.primary == b.primary && a.lint.code == b.lint.code);
    for finding in &mut findings {
        finding.related.sort_by_key(|r| r.span);
        finding.related.dedup_by(|a, b| a.span == b.span);
    }
    findings
}

/// Orders findings by location, then code: the order of every output.
pub fn sort(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        (a.primary.file, a.primary.start, a.lint.code).cmp(&(
            b.primary.file,
            b.primary.start,
            b.lint.code,
        ))
    });
}

/// `Struct::field`, as findings name fields.
pub fn field_path(model: &Model, field: FieldId) -> String {
    format!(
        "{}::{}",
        model.struct_of(field).name,
        model.fields[field].name
    )
}

pub(crate) fn lint(code: &str) -> &'static Lint {
    LINTS.iter().find(|l| l.code == code).unwrap_or(&LINTS[0])
}
