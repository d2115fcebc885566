//! Inline suppressions: each `// budget-lint: allow(..)` comment marks the
//! findings it covers as suppressed, and one that covers nothing is a BL100
//! finding itself.

use std::ops::Range;

use crate::analysis::facts::{Directive, FileFacts, FileId, ItemFact};
use crate::diagnostic::{Finding, Suppressed};
use crate::input::source::{SourceDb, SourceFile};
use crate::registry::{LintId, find_lint};

/// One file's directives and the items they may precede.
#[derive(Debug, Default)]
pub struct FileDirectives {
    directives: Vec<Directive>,
    items: Vec<ItemFact>,
}

/// Moves the directives out of the facts, which the model no longer needs.
pub fn take(facts: &mut [FileFacts]) -> Vec<FileDirectives> {
    facts
        .iter_mut()
        .map(|f| FileDirectives {
            directives: std::mem::take(&mut f.directives),
            items: std::mem::take(&mut f.items),
        })
        .collect()
}

/// Marks the findings that directives cover and adds a BL100 finding for
/// every directive with a lint that covers nothing. `files` is indexed
/// like `db.files`.
pub fn apply(findings: &mut Vec<Finding>, files: &[FileDirectives], db: &SourceDb) {
    let mut unused = Vec::new();
    for (index, facts) in files.iter().enumerate() {
        let file = FileId::new(index);
        for directive in &facts.directives {
            let scope = scope(db.get(file), directive, &facts.items);
            let Ok(names) = &directive.allow else {
                unused.push(malformed(db, directive));
                continue;
            };
            let mut used = vec![false; names.len()];
            for finding in findings.iter_mut() {
                let covered = finding.primary.file == file
                    && scope.contains(&finding.primary.start)
                    && finding.lint.id != LintId::UnusedSuppression;
                if !covered {
                    continue;
                }
                for (name, used) in names.iter().zip(&mut used) {
                    if find_lint(name) == Some(finding.lint) {
                        *used = true;
                        finding.suppressed.get_or_insert(Suppressed::InSource {
                            comment: directive.span,
                            reason: directive.reason.clone(),
                        });
                    }
                }
            }
            let idle: Vec<&str> = names
                .iter()
                .zip(&used)
                .filter(|(_, used)| !**used)
                .map(|(name, _)| name.as_str())
                .collect();
            if !idle.is_empty() {
                unused.push(unused_finding(db, directive, &idle));
            }
        }
    }
    findings.extend(unused);
    crate::diagnostic::sort(findings);
}

/// The bytes a directive covers: its line when it follows code; otherwise
/// the item it precedes, or the next line of code when that starts no item.
fn scope(file: &SourceFile, directive: &Directive, items: &[ItemFact]) -> Range<usize> {
    let own_line = file.line_index(directive.span.start);
    if directive.trailing {
        return file.line_range(own_line).unwrap_or_default();
    }
    let Some(target) = (own_line + 1..)
        .map_while(|line| Some((line, file.line_range(line)?)))
        .find(|(_, range)| {
            let text = file.text()[range.clone()].trim();
            !text.is_empty() && !text.starts_with("//")
        })
        .map(|(line, _)| line)
    else {
        return 0..0;
    };
    let innermost = items
        .iter()
        .filter(|item| {
            file.line_index(item.span.start) <= target && target <= file.line_index(item.name.start)
        })
        .max_by_key(|item| (item.span.start, std::cmp::Reverse(item.span.end)));
    match innermost {
        Some(item) => item.span.start..item.span.end,
        None => file.line_range(target).unwrap_or_default(),
    }
}

fn unused_finding(db: &SourceDb, directive: &Directive, names: &[&str]) -> Finding {
    let (unknown, known): (Vec<&str>, Vec<&str>) =
        names.iter().partition(|name| find_lint(name).is_none());
    let parts: Vec<String> = [
        (&known, "does not fire here", "do not fire here"),
        (&unknown, "is not a lint", "are not lints"),
    ]
    .into_iter()
    .filter(|(names, _, _)| !names.is_empty())
    .map(|(names, one, many)| {
        let verb = if names.len() == 1 { one } else { many };
        format!("{} {verb}", quoted(names))
    })
    .collect();
    let mut finding = bl100(
        db,
        directive,
        format!("unused suppression: {}", parts.join("; ")),
        names.join(","),
    );
    finding.notes.push(if unknown.is_empty() {
        "remove the suppression, or the lints it names that no longer fire, so that it cannot hide a later finding".to_string()
    } else {
        "`cargo budget-lint --list` shows the lints by code and name".to_string()
    });
    finding
}

fn malformed(db: &SourceDb, directive: &Directive) -> Finding {
    let why = directive.allow.as_ref().err().map_or("", String::as_str);
    let mut finding = bl100(
        db,
        directive,
        format!("cannot read this suppression: {why}"),
        "malformed".to_string(),
    );
    finding
        .notes
        .push("write `// budget-lint: allow(BL001, ...) reason`".to_string());
    finding
}

fn bl100(db: &SourceDb, directive: &Directive, message: String, names: String) -> Finding {
    let lint = LintId::UnusedSuppression.lint();
    let file = db.get(directive.span.file).display.clone();
    Finding::at(
        lint,
        directive.span,
        message,
        "this suppression suppresses nothing".to_string(),
        (file, names),
    )
}

fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::analysis::facts::CodeKind;

    /// The text each directive of `source` covers.
    fn covered(source: &str) -> Vec<String> {
        let facts = crate::analysis::syntax::extract(source, CodeKind::Production).expect("parses");
        let file = SourceFile::new(
            PathBuf::from("lib.rs"),
            "lib.rs".to_string(),
            source.to_string(),
            CodeKind::Production,
        );
        facts
            .directives
            .iter()
            .map(|d| source[scope(&file, d, &facts.items)].trim().to_string())
            .collect()
    }

    #[test]
    fn a_directive_on_its_own_line_covers_the_item_it_precedes() {
        let source = "\
/// Docs.
// budget-lint: allow(BL003)
#[derive(Debug)]
pub struct Limits {
    // budget-lint: allow(BL001)
    /// Docs.
    pub x_used: u32,
    pub max_x: u32,
}
";
        assert_eq!(
            covered(source),
            [
                source[..source.rfind('}').expect("end") + 1].trim(),
                "/// Docs.\n    pub x_used: u32",
            ]
        );
    }

    #[test]
    fn a_directive_before_a_statement_covers_the_next_line_of_code() {
        let source = "\
fn f(b: &B) -> bool {
    // budget-lint: allow(BL005)

    // Why it is fine.
    b.x_used >= b.max_y
}
";
        assert_eq!(covered(source), ["b.x_used >= b.max_y"]);
    }

    #[test]
    fn a_trailing_directive_covers_its_line_only() {
        let source =
            "struct S {\n    x_used: u32, // budget-lint: allow(BL001)\n    max_x: u32,\n}\n";
        assert_eq!(
            covered(source),
            ["x_used: u32, // budget-lint: allow(BL001)"]
        );
    }
}
