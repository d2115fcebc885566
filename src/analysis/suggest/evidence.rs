//! The evidence a suggestion for a limit nothing reads rests on, added to
//! its finding: what the limit's documentation promises, that it comes
//! from configuration, the environment or the command line, and the error
//! named after it that production code never constructs, a sign that the
//! check which returned it was lost.

use super::dead_limit::named_variant;
use crate::analysis::facts::Span;
use crate::analysis::model::{FieldId, Model};
use crate::diagnostic::{Finding, Related};
use crate::input::source::SourceDb;

pub fn unread_limit(model: &Model, db: &SourceDb, limit: FieldId, finding: &mut Finding) {
    let name = &model.fields[limit].name;
    let owner = model.struct_of(limit);
    if let Some(doc) = doc_of(model, db, limit) {
        finding
            .notes
            .push(format!("the documentation of `{name}` promises: \"{doc}\""));
    }
    let derives = |trait_name: &str| owner.derives.iter().any(|d| d == trait_name);
    if derives("Deserialize") {
        finding.notes.push(format!(
            "`{}` derives `Deserialize`: users set `{name}` in configuration",
            owner.name
        ));
    }
    if let Some(parser) = ["Parser", "Args"].into_iter().find(|&d| derives(d)) {
        finding.notes.push(format!(
            "`{}` derives `{parser}`: users set `{name}` on the command line",
            owner.name
        ));
    }
    for &span in model.glue.sets.get(&limit).into_iter().flatten() {
        if let Some(variable) = value_text(db, span).and_then(environment_variable) {
            finding.related.push(Related {
                span,
                message: format!("set from the environment variable `{variable}` here"),
            });
        }
    }
    if let Some(variant) = named_variant(model, limit)
        && !variant.constructed
    {
        finding.related.push(Related {
            span: variant.span,
            message: format!(
                "`{}::{}` is declared here, but production code never constructs it",
                variant.enum_name, variant.name
            ),
        });
        finding.notes.push(format!(
            "an error named after `{name}` exists but nothing returns it: the check that did \
             was likely lost"
        ));
    }
    finding.related.sort_by_key(|r| r.span);
    finding.related.dedup_by(|a, b| a.span == b.span);
}

/// The first paragraph of a limit's doc comment.
pub(super) fn doc_of(model: &Model, db: &SourceDb, limit: FieldId) -> Option<String> {
    let span = *model.glue.docs.get(&limit)?;
    super::text::doc_paragraph(super::source(db, span)?)
}

/// The value a struct literal's field or an assignment gives, from the
/// field's name: `env_u32("MAX_TURNS")` in `max_turns: env_u32("MAX_TURNS")`.
fn value_text(db: &SourceDb, span: Span) -> Option<&str> {
    let text = db.get(span.file).text();
    let rest = text.get(span.end..)?.trim_start();
    let rest = rest
        .strip_prefix(':')
        .or_else(|| rest.strip_prefix('=').filter(|r| !r.starts_with('=')))?;
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return Some(rest[..i].trim()),
            ')' | ']' | '}' => depth -= 1,
            ',' | ';' if depth == 0 => return Some(rest[..i].trim()),
            _ => {}
        }
    }
    Some(rest.trim())
}

/// The environment variable a value is read from: a constant name in
/// capitals handed to code that reads the environment.
fn environment_variable(value: &str) -> Option<&str> {
    let reads_environment = value.contains("env") || value.contains("var(");
    if !reads_environment {
        return None;
    }
    value.split('"').skip(1).step_by(2).find(|literal| {
        literal.len() > 1
            && literal.starts_with(|c: char| c.is_ascii_uppercase())
            && literal
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_variables_are_read_from_the_value() {
        assert_eq!(
            environment_variable("env_u32(\"AGENT_MAX_TURNS\")"),
            Some("AGENT_MAX_TURNS")
        );
        assert_eq!(
            environment_variable("std::env::var(\"LIMIT\").ok().and_then(|v| v.parse().ok())"),
            Some("LIMIT")
        );
        assert_eq!(environment_variable("lookup(\"MAX_TURNS\")"), None);
        assert_eq!(environment_variable("env_u32(\"turns\")"), None);
    }
}
