//! Baselines: `--write-baseline FILE` records the reported findings by
//! logical fingerprint, and `--baseline FILE` suppresses the findings it
//! records, so that only new ones are reported, and lists the entries that
//! no longer occur.

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Finding, Suppressed};
use crate::input::source::SourceDb;

pub const VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
struct File {
    version: u32,
    tool: String,
    findings: Vec<Entry>,
}

/// One recorded finding. Only the fingerprint matters for matching; the
/// rest tells a reader of the file what it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub fingerprint: String,
    pub code: String,
    #[serde(rename = "struct")]
    pub struct_name: String,
    pub field: String,
    pub file: String,
    pub message: String,
}

/// What comparing a run with a baseline found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The baseline file as given on the command line.
    pub path: String,
    /// Findings the baseline records, now suppressed.
    pub matched: usize,
    /// Entries that no finding of this run matches: fixed or renamed.
    pub absent: Vec<Entry>,
}

/// Records the reported findings (those not suppressed) and returns how
/// many it wrote.
pub fn write(path: &Path, findings: &[Finding], db: &SourceDb) -> Result<usize, String> {
    let entries: Vec<Entry> = findings
        .iter()
        .filter(|f| f.suppressed.is_none())
        .map(|f| Entry {
            fingerprint: f.fingerprint.clone(),
            code: f.lint.code.to_string(),
            struct_name: f.subject.0.clone(),
            field: f.subject.1.clone(),
            file: db.get(f.primary.file).display.clone(),
            message: f.message.clone(),
        })
        .collect();
    let count = entries.len();
    let file = File {
        version: VERSION,
        tool: env!("CARGO_PKG_NAME").to_string(),
        findings: entries,
    };
    let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
    text.push('\n');
    crate::atomic::write(path, text.as_bytes()).map_err(|error| {
        format!(
            "cannot write baseline `{}` ({error}), so it was left as it was",
            path.display()
        )
    })?;
    Ok(count)
}

pub fn read(path: &Path) -> Result<Vec<Entry>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read baseline `{}`: {error}", path.display()))?;
    let file: File = serde_json::from_str(&text)
        .map_err(|error| format!("baseline `{}` is malformed: {error}", path.display()))?;
    if file.version != VERSION {
        return Err(format!(
            "baseline `{}` has version {}; this cargo-budget-lint reads version {VERSION}",
            path.display(),
            file.version
        ));
    }
    Ok(file.findings)
}

/// Suppresses the reported findings that `entries` record; each entry
/// matches at most one finding.
pub fn apply(findings: &mut [Finding], entries: Vec<Entry>, path: String) -> Outcome {
    let mut pending: HashMap<&str, usize> = HashMap::new();
    for (index, entry) in entries.iter().enumerate() {
        pending.entry(entry.fingerprint.as_str()).or_insert(index);
    }
    let mut matched_entries = vec![false; entries.len()];
    let mut matched = 0;
    for finding in findings.iter_mut().filter(|f| f.suppressed.is_none()) {
        if let Some(index) = pending.remove(finding.fingerprint.as_str()) {
            matched_entries[index] = true;
            matched += 1;
            finding.suppressed = Some(Suppressed::Baseline);
        }
    }
    let absent = entries
        .into_iter()
        .zip(matched_entries)
        .filter(|(_, matched)| !matched)
        .map(|(entry, _)| entry)
        .collect();
    Outcome {
        path,
        matched,
        absent,
    }
}
