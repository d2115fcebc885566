//! The CI gate over a report: effective levels, then the baseline, then
//! the exit status.

use std::path::PathBuf;

use crate::registry::Level;
use crate::{Report, baseline, levels};

/// Exit status: nothing at deny level.
pub const EXIT_OK: i32 = 0;
/// Exit status: findings at deny level.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: usage, configuration or I/O error.
pub const EXIT_ERROR: i32 = 2;

#[derive(Debug, Clone, Default)]
pub struct Gate {
    /// Level settings from the command line; they apply after the
    /// configuration's.
    pub levels: levels::LevelOverrides,
    pub baseline: Option<PathBuf>,
    pub write_baseline: Option<PathBuf>,
    pub exit_zero: bool,
}

impl Gate {
    /// Applies levels and the baseline to the report. Returns what to tell
    /// the user on stderr, or a configuration or I/O error.
    pub fn apply(&self, report: &mut Report) -> Result<Vec<String>, String> {
        let settings = levels::ByPackage::new(
            &report.configured_levels,
            &report.package_levels,
            &self.levels,
        );
        let db = &report.db;
        levels::apply_each(&mut report.findings, |finding| {
            settings.for_path(&db.get(finding.primary.file).path)
        });
        let mut notes = Vec::new();
        let (path, entries) = match (&self.write_baseline, &self.baseline) {
            (Some(path), _) => {
                let count = baseline::write(path, &report.findings, &report.db)?;
                notes.push(format!(
                    "budget-lint: recorded {count} finding{} in `{}`",
                    if count == 1 { "" } else { "s" },
                    path.display()
                ));
                (path, baseline::read(path)?)
            }
            (None, Some(path)) => (path, baseline::read(path)?),
            (None, None) => return Ok(notes),
        };
        let outcome = baseline::apply(&mut report.findings, entries, path.display().to_string());
        report.baseline = Some(outcome);
        Ok(notes)
    }

    /// 1 when a reported finding is denied (unless `--exit-zero`), 2 when
    /// a file could not be read, 0 otherwise.
    pub fn exit_code(&self, report: &Report) -> i32 {
        if report.count(Level::Deny) > 0 && !self.exit_zero {
            return EXIT_FINDINGS;
        }
        if report.errors.iter().any(|e| e.file.is_none()) {
            return EXIT_ERROR;
        }
        EXIT_OK
    }
}
