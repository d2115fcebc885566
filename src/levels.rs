//! Lint levels: each lint's default, then a `[lints]` table, then
//! `-A`/`-W`/`-D` in command-line order; a later setting wins.

use std::path::{Path, PathBuf};

use crate::registry::{LINTS, Level, Lint, find_lint};

/// What a level setting applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selector {
    All,
    Lint(&'static Lint),
}

impl Selector {
    /// A lint code (in any case), a lint name, or `all`.
    pub fn parse(text: &str) -> Option<Selector> {
        if text == "all" {
            return Some(Selector::All);
        }
        find_lint(text).map(Selector::Lint)
    }

    fn selects(self, lint: &Lint) -> bool {
        match self {
            Selector::All => true,
            Selector::Lint(selected) => selected == lint,
        }
    }
}

/// Level settings in the order they apply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LevelOverrides {
    settings: Vec<(Selector, Level)>,
}

impl LevelOverrides {
    /// Settings from the command line, in the order they were given.
    pub fn from_args(args: &[(String, Level)]) -> Result<LevelOverrides, String> {
        let settings = args
            .iter()
            .map(|(text, level)| match Selector::parse(text) {
                Some(selector) => Ok((selector, *level)),
                None => Err(format!(
                    "no lint named `{text}`; `--list` shows them, and `all` selects every lint"
                )),
            })
            .collect::<Result<_, _>>()?;
        Ok(LevelOverrides { settings })
    }

    /// Settings from the configuration's `[lints]` table, already validated:
    /// lint codes, or `all`, in the order they apply.
    pub fn from_codes(settings: &[(&str, Level)]) -> LevelOverrides {
        let settings = settings
            .iter()
            .filter_map(|&(code, level)| Some((Selector::parse(code)?, level)))
            .collect();
        LevelOverrides { settings }
    }

    /// These settings followed by `later`'s.
    pub fn then(mut self, later: LevelOverrides) -> LevelOverrides {
        self.settings.extend(later.settings);
        self
    }

    pub fn level(&self, lint: &Lint) -> Level {
        self.settings
            .iter()
            .rev()
            .find(|(selector, _)| selector.selects(lint))
            .map_or(lint.default_level, |(_, level)| *level)
    }
}

/// Level settings that depend on where a finding is: each package's
/// settings apply to the files under its directory, after the general ones.
#[derive(Debug, Clone, Default)]
pub struct ByPackage {
    general: LevelOverrides,
    packages: Vec<(PathBuf, LevelOverrides)>,
}

impl ByPackage {
    /// The configuration's settings, then a package's own, then `later`
    /// (the command line's).
    pub fn new(
        configured: &LevelOverrides,
        packages: &[(PathBuf, LevelOverrides)],
        later: &LevelOverrides,
    ) -> ByPackage {
        let packages = packages
            .iter()
            .map(|(dir, package)| {
                let levels = configured.clone().then(package.clone()).then(later.clone());
                (dir.clone(), levels)
            })
            .collect();
        ByPackage {
            general: configured.clone().then(later.clone()),
            packages,
        }
    }

    /// The settings for a file: those of the package whose directory holds
    /// it most closely, or the general ones.
    pub fn for_path(&self, path: &Path) -> &LevelOverrides {
        self.packages
            .iter()
            .filter(|(dir, _)| path.starts_with(dir))
            .max_by_key(|(dir, _)| dir.components().count())
            .map_or(&self.general, |(_, levels)| levels)
    }
}

/// Gives every finding its effective level, from the settings `overrides`
/// gives for it, and drops the allowed ones.
pub fn apply_each<'a>(
    findings: &mut Vec<crate::diagnostic::Finding>,
    overrides: impl Fn(&crate::diagnostic::Finding) -> &'a LevelOverrides,
) {
    for finding in findings.iter_mut() {
        finding.level = overrides(finding).level(finding.lint);
    }
    findings.retain(|finding| finding.level != Level::Allow);
}

/// The lint table with each lint's effective and default level.
pub fn table(overrides: &LevelOverrides) -> String {
    let row = |code: &str, name: &str, level: &str, default: &str, summary: &str| {
        format!("{code:<6} {name:<28} {level:<6} {default:<8} {summary}\n")
    };
    let mut out = row("code", "name", "level", "default", "finds");
    for lint in LINTS {
        out.push_str(&row(
            lint.code,
            lint.name,
            overrides.level(lint).as_str(),
            lint.default_level.as_str(),
            lint.summary,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lint(code: &str) -> &'static Lint {
        find_lint(code).expect("a lint")
    }

    #[test]
    fn later_settings_win_and_a_lint_entry_beats_all() {
        let config = LevelOverrides::from_codes(&[("all", Level::Warn), ("BL002", Level::Deny)]);
        assert_eq!(config.level(lint("BL001")), Level::Warn);
        assert_eq!(config.level(lint("BL002")), Level::Deny);
        let args = [
            ("all".to_string(), Level::Allow),
            ("limit-never-read".to_string(), Level::Deny),
        ];
        let both = config.then(LevelOverrides::from_args(&args).expect("valid args"));
        assert_eq!(both.level(lint("BL002")), Level::Allow);
        assert_eq!(both.level(lint("BL003")), Level::Deny);
        assert_eq!(LevelOverrides::default().level(lint("BL100")), Level::Warn);
    }

    #[test]
    fn an_unknown_lint_on_the_command_line_is_an_error() {
        let args = [("nope".to_string(), Level::Deny)];
        let error = LevelOverrides::from_args(&args).unwrap_err();
        assert!(error.contains("`nope`"), "{error}");
    }
}
