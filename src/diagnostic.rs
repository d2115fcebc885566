//! What a finding is, as every stage after the lints sees it: its lint,
//! location, evidence, fix and suggestion; and the files that could not be
//! linted. Plain data: the lints make it, the suggestion, suppression and
//! gate stages complete it, the renderers print it.

use serde::Serialize;

use crate::analysis::facts::{FileId, FnRef, Span};
use crate::analysis::model::FieldId;
use crate::registry::{Level, Lint};

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
/// otherwise it is inserted after `anchor`'s line. `parts` are the other
/// edits of the same fix, such as the binding the code reads renamed where
/// it is bound.
#[derive(Debug, Clone, Serialize)]
pub struct Suggestion {
    pub message: String,
    pub code: String,
    pub applicability: Applicability,
    pub anchor: Option<Span>,
    pub replaces: Option<Span>,
    pub parts: Vec<SuggestionPart>,
}

/// One more edit of a suggestion: `code` replaces `span`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SuggestionPart {
    pub span: Span,
    pub code: String,
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
    /// Use a limit nothing reads where the fields beside it are used:
    /// passed to the call they are passed to, or compared as a sibling
    /// limit is.
    UseLimit { limit: FieldId },
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

/// A file that could not be linted.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct FileError {
    pub display: String,
    /// The file in the source database when its text could be read.
    pub file: Option<FileId>,
    pub offset: usize,
    pub message: String,
}
