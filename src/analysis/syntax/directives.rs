//! `// budget-lint: allow(LINT, ...) reason` comments, found in the gaps
//! between a file's tokens so that string literals and doc comments never
//! count. No proc-macro2 type leaves this module.

use proc_macro2::{TokenStream, TokenTree};

use crate::analysis::facts::{Directive, FileId, Span};

const MARKER: &str = "budget-lint:";

/// Whether a file may hold directives; a cheap test before lexing it again.
pub fn mentioned(text: &str) -> bool {
    text.contains(MARKER)
}

/// The directives of a file that syn has parsed, in file 0 until the
/// loader numbers the file.
pub fn extract(text: &str) -> Vec<Directive> {
    line_comments(text)
        .into_iter()
        .filter_map(|(start, end)| {
            let (allow, reason) = parse(&text[start..end])?;
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            Some(Directive {
                span: Span {
                    file: FileId::default(),
                    start,
                    end,
                },
                trailing: !text[line_start..start].trim().is_empty(),
                allow,
                reason,
            })
        })
        .collect()
}

type Parsed = (Result<Vec<String>, String>, Option<String>);

/// Reads one `//` comment. `None` when it is no directive at all.
pub fn parse(comment: &str) -> Option<Parsed> {
    let body = comment.strip_prefix("//")?;
    if body.starts_with(['/', '!']) {
        return None;
    }
    let rest = body.trim_start().strip_prefix(MARKER)?.trim_start();
    let Some(list) = rest.strip_prefix("allow(") else {
        return Some((
            Err("expected `allow(LINT, ...)` after `budget-lint:`".to_string()),
            None,
        ));
    };
    let Some((list, reason)) = list.split_once(')') else {
        return Some((Err("`allow(` is never closed".to_string()), None));
    };
    let lints: Vec<String> = list.split(',').map(|l| l.trim().to_string()).collect();
    if lints.iter().any(String::is_empty) {
        return Some((
            Err("name each lint by code or name, separated by commas".to_string()),
            None,
        ));
    }
    let reason = Some(reason.trim()).filter(|r| !r.is_empty());
    Some((Ok(lints), reason.map(str::to_string)))
}

/// The byte ranges of the `//` comments outside every token, so outside
/// strings, doc comments and block comments.
fn line_comments(text: &str) -> Vec<(usize, usize)> {
    let Ok(tokens) = text.parse::<TokenStream>() else {
        return Vec::new();
    };
    let mut covered = Vec::new();
    token_ranges(tokens, &mut covered);
    covered.sort_unstable();
    covered.push((text.len(), text.len()));
    let mut comments = Vec::new();
    let mut cursor = 0;
    for (start, end) in covered {
        if start > cursor {
            scan_gap(text, cursor, start, &mut comments);
        }
        cursor = cursor.max(end);
    }
    comments
}

fn token_ranges(tokens: TokenStream, out: &mut Vec<(usize, usize)>) {
    for tree in tokens {
        match tree {
            TokenTree::Group(group) => {
                for span in [group.span_open(), group.span_close()] {
                    let range = span.byte_range();
                    out.push((range.start, range.end));
                }
                token_ranges(group.stream(), out);
            }
            other => {
                let range = other.span().byte_range();
                out.push((range.start, range.end));
            }
        }
    }
}

/// Finds line comments in text that holds only whitespace and comments.
fn scan_gap(text: &str, start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    let gap = &text[start..end];
    let mut i = 0;
    while i < gap.len() {
        let rest = &gap[i..];
        if rest.starts_with("//") {
            let len = rest.find('\n').unwrap_or(rest.len());
            let comment = rest[..len].trim_end_matches('\r');
            out.push((start + i, start + i + comment.len()));
            i += len;
        } else if rest.starts_with("/*") {
            i += block_comment_len(rest);
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
}

/// The length of the (nested) block comment `text` starts with.
fn block_comment_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0;
    let mut i = 0;
    while i + 1 < bytes.len() {
        match &bytes[i..i + 2] {
            b"/*" => {
                depth += 1;
                i += 2;
            }
            b"*/" => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed(text: &str) -> Vec<(Vec<String>, Option<String>, bool)> {
        extract(text)
            .into_iter()
            .map(|d| (d.allow.unwrap_or_default(), d.reason, d.trailing))
            .collect()
    }

    #[test]
    fn directives_on_their_own_line_and_after_code() {
        let text = "// budget-lint: allow(BL001) wired elsewhere\nstruct S { x: u64 } // budget-lint: allow(BL002, limit-never-read)\n";
        assert_eq!(
            allowed(text),
            vec![
                (
                    vec!["BL001".to_string()],
                    Some("wired elsewhere".to_string()),
                    false
                ),
                (
                    vec!["BL002".to_string(), "limit-never-read".to_string()],
                    None,
                    true
                ),
            ]
        );
    }

    #[test]
    fn strings_doc_comments_and_block_comments_hold_no_directives() {
        let text = concat!(
            "/// budget-lint: allow(BL001)\n",
            "const A: &str = \"// budget-lint: allow(BL001)\";\n",
            "const B: &str = r#\"\n// budget-lint: allow(BL001)\n\"#;\n",
            "/* // budget-lint: allow(BL001) */\n",
            "fn f() {}\n",
        );
        assert!(allowed(text).is_empty());
    }

    #[test]
    fn malformed_directives_say_why() {
        let (allow, _) = parse("// budget-lint: alow(BL001)").expect("a directive");
        assert!(allow.unwrap_err().contains("allow("));
        let (allow, _) = parse("// budget-lint: allow(BL001,)").expect("a directive");
        assert!(allow.is_err());
        assert!(parse("// see the budget-lint: docs").is_none());
    }
}
