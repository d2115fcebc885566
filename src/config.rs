//! Configuration: `budget-lint.toml` at the analysis root, and
//! `[workspace.metadata.budget-lint]` / `[package.metadata.budget-lint]` in
//! Cargo.toml. Every key is optional; lists from several sources add up.
//! The `lints` of a package's table apply to the findings in that
//! package's files only, after (so over) those of `budget-lint.toml` and the
//! workspace's table, which apply to every finding.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::analysis::names::Vocabulary;
use crate::registry::{Level, find_lint};

pub const FILE_NAME: &str = "budget-lint.toml";

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    #[serde(default)]
    counter_words: Vec<Spanned<String>>,
    #[serde(default)]
    countdown_words: Vec<Spanned<String>>,
    #[serde(default)]
    limit_words: Vec<Spanned<String>>,
    #[serde(default)]
    pairs: Vec<Spanned<Vec<String>>>,
    #[serde(default)]
    test_paths: Vec<Spanned<String>>,
    #[serde(default)]
    lints: BTreeMap<Spanned<String>, Spanned<String>>,
}

/// An explicit counter/limit pair: `["Budget.spent_cents", "Limits.cents_cap"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplicitPair {
    pub counter: (String, String),
    pub limit: (String, String),
}

#[derive(Debug, Default, Clone)]
pub struct Config {
    pub counter_words: Vec<String>,
    pub countdown_words: Vec<String>,
    pub limit_words: Vec<String>,
    pub pairs: Vec<ExplicitPair>,
    pub test_paths: Option<globset::GlobSet>,
    /// Lint levels by lint code, in the order they apply, for every
    /// finding: from `budget-lint.toml` and the root manifest's tables.
    pub lints: Vec<(&'static str, Level)>,
    /// Lint levels from members' package tables, for the findings in the
    /// files under each member's directory.
    pub package_lints: Vec<(PathBuf, Vec<(&'static str, Level)>)>,
    /// The files the configuration came from.
    pub sources: Vec<PathBuf>,
}

/// A configuration error, located in its file.
#[derive(Debug)]
pub struct ConfigError {
    pub file: PathBuf,
    /// 1-based line and column (in characters) where the error is.
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// The line with the error underlined, as the toml crate shows it;
    /// empty when there is no text to show.
    pub snippet: String,
}

impl ConfigError {
    /// An error at `span` of `text`, the contents of `file`.
    fn at(file: &Path, text: &str, span: Range<usize>, message: String) -> ConfigError {
        let start = span.start.min(text.len());
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line_text = text[line_start..line_end].trim_end_matches('\r');
        let line = text[..start].matches('\n').count() + 1;
        let column = text[line_start..start].chars().count() + 1;
        let end = span.end.clamp(start, line_start + line_text.len());
        let width = text[start..end].chars().count().max(1);
        let gutter = " ".repeat(line.to_string().len());
        let snippet = format!(
            "{gutter} |\n{line} | {line_text}\n{gutter} | {}{}\n",
            " ".repeat(column - 1),
            "^".repeat(width)
        );
        ConfigError {
            file: file.to_path_buf(),
            line,
            column,
            message,
            snippet,
        }
    }

    /// An error about a whole file.
    fn whole(file: &Path, message: String) -> ConfigError {
        ConfigError {
            file: file.to_path_buf(),
            line: 1,
            column: 1,
            message,
            snippet: String::new(),
        }
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line,
            self.column,
            self.message
        )?;
        if !self.snippet.is_empty() {
            write!(f, "\n{}", self.snippet.trim_end())?;
        }
        Ok(())
    }
}

/// Whether two paths name one file, symlinks resolved where they can be.
fn same_file(a: &Path, b: &Path) -> bool {
    let canonical =
        |path: &Path| std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    canonical(a) == canonical(b)
}

#[derive(Deserialize)]
struct Manifest {
    package: Option<MetadataHolder>,
    workspace: Option<MetadataHolder>,
}

#[derive(Deserialize)]
struct MetadataHolder {
    metadata: Option<Metadata>,
}

#[derive(Deserialize)]
struct Metadata {
    #[serde(rename = "budget-lint")]
    budget_lint: Option<RawConfig>,
}

impl Config {
    /// Loads `budget-lint.toml` from `root` and the metadata tables of the
    /// given manifests.
    pub fn load(root: &Path, manifests: &[PathBuf]) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        let mut globs = globset::GlobSetBuilder::new();
        let mut any_glob = false;
        let standalone = root.join(FILE_NAME);
        if standalone.is_file() {
            let text = read(&standalone)?;
            let raw: RawConfig = parse(&standalone, &text)?;
            any_glob |= config.absorb(&standalone, &text, raw, &mut globs, None)?;
        }
        let root_manifest = root.join("Cargo.toml");
        for manifest in manifests {
            let Ok(text) = std::fs::read_to_string(manifest) else {
                continue;
            };
            // A manifest cargo cannot read is reported by discovery.
            let Ok(parsed) = toml::from_str::<toml::Table>(&text) else {
                continue;
            };
            let mentions = ["package", "workspace"].iter().any(|table| {
                parsed
                    .get(*table)
                    .and_then(|t| t.get("metadata"))
                    .and_then(|m| m.get("budget-lint"))
                    .is_some()
            });
            if !mentions {
                continue;
            }
            let holder: Manifest = parse(manifest, &text)?;
            // The root manifest's tables configure the whole workspace; a
            // member's package table, only the member's own files.
            let package_scope = (!same_file(manifest, &root_manifest))
                .then(|| manifest.parent().unwrap_or(Path::new("")).to_path_buf());
            let tables = [(holder.workspace, None), (holder.package, package_scope)];
            for (table, package) in tables {
                if let Some(raw) = table.and_then(|t| t.metadata).and_then(|m| m.budget_lint) {
                    any_glob |= config.absorb(manifest, &text, raw, &mut globs, package)?;
                }
            }
        }
        if any_glob {
            let set = globs.build().map_err(|e| {
                ConfigError::whole(&standalone, format!("invalid `test-paths`: {e}"))
            })?;
            config.test_paths = Some(set);
        }
        Ok(config)
    }

    fn absorb(
        &mut self,
        file: &Path,
        text: &str,
        raw: RawConfig,
        globs: &mut globset::GlobSetBuilder,
        package: Option<PathBuf>,
    ) -> Result<bool, ConfigError> {
        let error =
            |span: Range<usize>, message: String| ConfigError::at(file, text, span, message);
        for words in [&raw.counter_words, &raw.countdown_words, &raw.limit_words] {
            if let Some(bad) = words.iter().find(|w| !is_word(w.get_ref())) {
                return Err(error(
                    bad.span(),
                    format!(
                        "`{}` is not a word: use lowercase letters and digits",
                        bad.get_ref()
                    ),
                ));
            }
        }
        let words = |list: Vec<Spanned<String>>| list.into_iter().map(Spanned::into_inner);
        self.counter_words.extend(words(raw.counter_words));
        self.countdown_words.extend(words(raw.countdown_words));
        self.limit_words.extend(words(raw.limit_words));
        for pair in raw.pairs {
            let span = pair.span();
            let parts: Vec<Option<(String, String)>> =
                pair.into_inner().iter().map(|p| split_field(p)).collect();
            let [Some(counter), Some(limit)] = parts.as_slice() else {
                return Err(error(
                    span,
                    "key `pairs`: each entry must be [\"Struct.counter\", \"Struct.limit\"]"
                        .to_string(),
                ));
            };
            self.pairs.push(ExplicitPair {
                counter: counter.clone(),
                limit: limit.clone(),
            });
        }
        let any_glob = !raw.test_paths.is_empty();
        for pattern in raw.test_paths {
            let span = pattern.span();
            let glob = globset::Glob::new(pattern.get_ref())
                .map_err(|e| error(span, format!("key `test-paths`: {e}")))?;
            globs.add(glob);
        }
        let mut lints = Vec::new();
        for (name, level) in raw.lints {
            let lint_code = if name.get_ref() == "all" {
                "all"
            } else {
                match find_lint(name.get_ref()) {
                    Some(lint) => lint.code,
                    None => {
                        return Err(error(
                            name.span(),
                            format!("key `lints.{}`: no such lint", name.get_ref()),
                        ));
                    }
                }
            };
            let level_value = match level.get_ref().as_str() {
                "allow" => Level::Allow,
                "warn" => Level::Warn,
                "deny" => Level::Deny,
                other => {
                    return Err(error(
                        level.span(),
                        format!(
                            "key `lints.{}`: `{other}` is not a level (allow, warn or deny)",
                            name.get_ref()
                        ),
                    ));
                }
            };
            lints.push((lint_code, level_value));
        }
        // `all` sets the baseline that named lints then refine.
        match package {
            Some(dir) if !lints.is_empty() => {
                lints.sort_by_key(|&(code, _)| code != "all");
                match self.package_lints.iter_mut().find(|(d, _)| *d == dir) {
                    Some((_, known)) => {
                        known.extend(lints);
                        known.sort_by_key(|&(code, _)| code != "all");
                    }
                    None => self.package_lints.push((dir, lints)),
                }
            }
            Some(_) => {}
            None => {
                self.lints.extend(lints);
                self.lints.sort_by_key(|&(code, _)| code != "all");
            }
        }
        self.sources.push(file.to_path_buf());
        Ok(any_glob)
    }

    /// The words that make names counters and limits, and the fields of
    /// explicit pairs.
    pub fn vocabulary(&self) -> Vocabulary {
        Vocabulary {
            counter_words: self.counter_words.clone(),
            countdown_words: self.countdown_words.clone(),
            limit_words: self.limit_words.clone(),
            explicit_fields: self
                .pairs
                .iter()
                .flat_map(|pair| [pair.counter.1.clone(), pair.limit.1.clone()])
                .collect(),
        }
    }

    /// Whether a path relative to the analysis root is test code by
    /// configuration.
    pub fn is_test_path(&self, relative: &str) -> bool {
        self.test_paths
            .as_ref()
            .is_some_and(|set| set.is_match(relative))
    }
}

fn read(path: &Path) -> Result<String, ConfigError> {
    std::fs::read_to_string(path)
        .map_err(|e| ConfigError::whole(path, format!("cannot read configuration: {e}")))
}

fn parse<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, ConfigError> {
    toml::from_str(text).map_err(|e| {
        let message = e.message().trim_end_matches('.').replace('\n', " ");
        match e.span() {
            Some(span) => ConfigError::at(path, text, span, message),
            None => ConfigError::whole(path, message),
        }
    })
}

fn is_word(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

fn split_field(path: &str) -> Option<(String, String)> {
    let (owner, field) = path.split_once('.')?;
    let valid = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
    (valid(owner) && valid(field)).then(|| (owner.to_string(), field.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Config, ConfigError> {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join(FILE_NAME), text).expect("write");
        Config::load(dir.path(), &[])
    }

    #[test]
    fn every_key_is_read() {
        let config = load(
            "counter-words = [\"billed\"]\ncountdown-words = [\"headroom\"]\nlimit-words = [\"ceiling\"]\n\
             pairs = [[\"Budget.spent_cents\", \"Limits.cents_cap\"]]\ntest-paths = [\"src/fake/**\"]\n\
             [lints]\nBL004 = \"deny\"\nlimit-never-read = \"allow\"\n",
        )
        .expect("valid");
        assert_eq!(config.counter_words, ["billed"]);
        assert_eq!(config.countdown_words, ["headroom"]);
        assert_eq!(config.limit_words, ["ceiling"]);
        assert_eq!(
            config.pairs[0].limit,
            ("Limits".to_string(), "cents_cap".to_string())
        );
        assert!(config.is_test_path("src/fake/mod.rs"));
        assert!(!config.is_test_path("src/lib.rs"));
        assert_eq!(
            config.lints,
            [("BL004", Level::Deny), ("BL003", Level::Allow)]
        );
    }

    #[test]
    fn unknown_key_names_file_line_and_key() {
        let error = load("counter-words = []\n\nmax-depth = 3\n").expect_err("unknown key");
        assert_eq!((error.line, error.column), (3, 1));
        assert_eq!(error.snippet, "  |\n3 | max-depth = 3\n  | ^^^^^^^^^\n");
        assert!(error.message.contains("max-depth"), "{}", error.message);
        assert!(error.to_string().contains(FILE_NAME));
    }

    #[test]
    fn bad_values_are_errors_with_their_line() {
        let level = load("[lints]\nBL001 = \"loud\"\n").expect_err("bad level");
        assert_eq!(level.line, 2);
        assert!(level.message.contains("lints.BL001"), "{}", level.message);
        let lint = load("[lints]\nBL999 = \"deny\"\n").expect_err("bad lint");
        assert!(lint.message.contains("no such lint"));
        let pair = load("\npairs = [[\"nodot\", \"Limits.cap\"]]\n").expect_err("bad pair");
        assert_eq!(pair.line, 2);
        let glob = load("test-paths = [\"src/[\"]\n").expect_err("bad glob");
        assert!(glob.message.contains("test-paths"));
        let words = load("limit-words = [\"cap\", \"Two Words\"]\n").expect_err("bad word");
        assert!(words.message.contains("not a word"));
        assert_eq!((words.line, words.column), (1, 23));
        assert!(
            words.snippet.ends_with("   ^^^^^^^^^^^\n"),
            "{}",
            words.snippet
        );
        let kind = load("counter-words = \"billed\"\n").expect_err("not a list");
        assert_eq!(kind.line, 1);
    }

    #[test]
    fn cargo_metadata_tables_are_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let manifest = dir.path().join("Cargo.toml");
        std::fs::write(
            &manifest,
            "[package]\nname = \"x\"\n\n[package.metadata.budget-lint]\nlimit-words = [\"ceiling\"]\n\n\
             [workspace.metadata.budget-lint]\ncounter-words = [\"billed\"]\n",
        )
        .expect("write");
        let config = Config::load(dir.path(), std::slice::from_ref(&manifest)).expect("valid");
        assert_eq!(config.limit_words, ["ceiling"]);
        assert_eq!(config.counter_words, ["billed"]);
        std::fs::write(
            &manifest,
            "[package]\nname = \"x\"\n[package.metadata.budget-lint]\nbogus = 1\n",
        )
        .expect("write");
        let error = Config::load(dir.path(), &[manifest]).expect_err("unknown key");
        assert_eq!(error.line, 4);
    }
}
