//! Reading the user's code around a fact, and laying out drafted code:
//! the receiver a field is read through, the parts of a method call and
//! of a comparison, whether a `let` binds mutably, a function's body.

use std::ops::Range;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// The receiver written before the field whose name starts at `start`
/// (`self.config` in `self.config.timeout`): identifiers joined by dots,
/// with empty calls (`self.config().timeout`).
pub fn receiver_before(text: &str, start: usize) -> Option<&str> {
    let bytes = text.as_bytes();
    let mut at = start;
    if at == 0 || bytes[at - 1] != b'.' {
        return None;
    }
    at -= 1;
    let end = at;
    loop {
        let mut word = at;
        if text[..word].ends_with("()") {
            word -= 2;
        }
        let ident_start = text[..word]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        if ident_start == word {
            return None;
        }
        at = ident_start;
        if at > 0 && bytes[at - 1] == b'.' {
            at -= 1;
            continue;
        }
        break;
    }
    let receiver = &text[at..end];
    receiver
        .starts_with(|c: char| c.is_alphabetic() || c == '_')
        .then_some(receiver)
}

/// The tail of a method call `… .callee(args)`: where its `.` is and where
/// its arguments are, relative to `text`, the call's source.
pub struct MethodTail {
    pub dot: usize,
    pub args: Range<usize>,
}

pub fn method_tail(text: &str, callee: &str) -> Option<MethodTail> {
    let tokens: Vec<TokenTree> = text.parse::<TokenStream>().ok()?.into_iter().collect();
    let [
        ..,
        TokenTree::Punct(dot),
        TokenTree::Ident(name),
        TokenTree::Group(args),
    ] = tokens.as_slice()
    else {
        return None;
    };
    if dot.as_char() != '.' || *name != callee || args.delimiter() != Delimiter::Parenthesis {
        return None;
    }
    Some(MethodTail {
        dot: dot.span().byte_range().start,
        args: args.span_open().byte_range().end..args.span_close().byte_range().start,
    })
}

/// A comparison split at its ordering operator: the text of each side and
/// the operator (`>=`, `>`, `<=`, `<`).
pub struct Ordering<'a> {
    pub sides: [&'a str; 2],
    pub operator: &'static str,
}

pub fn ordering(text: &str) -> Option<Ordering<'_>> {
    let tokens: Vec<TokenTree> = text.parse::<TokenStream>().ok()?.into_iter().collect();
    let mut found = None;
    for (i, token) in tokens.iter().enumerate() {
        let TokenTree::Punct(punct) = token else {
            continue;
        };
        let c = punct.as_char();
        if c != '<' && c != '>' {
            continue;
        }
        let previous = i.checked_sub(1).and_then(|j| match &tokens[j] {
            TokenTree::Punct(p) if p.spacing() == Spacing::Joint => Some(p.as_char()),
            _ => None,
        });
        // `->`, `=>` and the second half of `<=`, `>=`, `<<`, `>>`.
        if matches!(previous, Some('-' | '=' | '<' | '>')) {
            continue;
        }
        let equals = punct.spacing() == Spacing::Joint
            && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=');
        let shift = punct.spacing() == Spacing::Joint
            && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == c);
        if shift || found.is_some() {
            return None;
        }
        let end = if equals {
            tokens[i + 1].span().byte_range().end
        } else {
            punct.span().byte_range().end
        };
        let operator = match (c, equals) {
            ('>', true) => ">=",
            ('>', false) => ">",
            ('<', true) => "<=",
            (_, _) => "<",
        };
        found = Some((punct.span().byte_range().start, end, operator));
    }
    let (start, end, operator) = found?;
    Some(Ordering {
        sides: [text[..start].trim(), text[end..].trim()],
        operator,
    })
}

/// The operator with its sides swapped: `a >= b` is `b <= a`.
pub fn flipped(operator: &str) -> &'static str {
    match operator {
        ">=" => "<=",
        ">" => "<",
        "<=" => ">=",
        _ => ">",
    }
}

/// The text inside the last `{ … }` of `text`: an `if` statement's body.
pub fn last_block(text: &str) -> Option<&str> {
    let tokens: Vec<TokenTree> = text.parse::<TokenStream>().ok()?.into_iter().collect();
    let TokenTree::Group(group) = tokens.last()? else {
        return None;
    };
    if group.delimiter() != Delimiter::Brace {
        return None;
    }
    text.get(group.span_open().byte_range().end..group.span_close().byte_range().start)
}

/// Whether the `let` statement binds its name mutably.
pub fn binds_mutably(statement: &str) -> bool {
    let mut tokens = statement.parse::<TokenStream>().ok().into_iter().flatten();
    matches!(tokens.next(), Some(TokenTree::Ident(l)) if l == "let")
        && matches!(tokens.next(), Some(TokenTree::Ident(m)) if m == "mut")
}

/// Where the body of the function whose name starts at `name` opens: the
/// offset of its `{` in `text`, the whole file.
pub fn body_start(text: &str, name: usize) -> Option<usize> {
    let tokens: TokenStream = text.parse().ok()?;
    find_body(tokens, name)
}

fn find_body(tokens: TokenStream, name: usize) -> Option<usize> {
    let mut after_name = false;
    for token in tokens {
        match token {
            TokenTree::Ident(ident) if ident.span().byte_range().start == name => {
                after_name = true;
            }
            TokenTree::Group(group) => {
                let range = group.span().byte_range();
                if after_name && group.delimiter() == Delimiter::Brace {
                    return Some(range.start);
                }
                if !after_name && range.start < name && name < range.end {
                    return find_body(group.stream(), name);
                }
            }
            TokenTree::Punct(punct) if after_name && punct.as_char() == ';' => return None,
            _ => {}
        }
    }
    None
}

/// The first paragraph of a doc comment's source (`///` lines or
/// `#[doc = "…"]` attributes), its lines joined by spaces, cut at a word
/// past 240 characters; a line that starts a sentence the line before did
/// not end gets a full stop there.
pub fn doc_paragraph(source: &str) -> Option<String> {
    const MAX_CHARS: usize = 240;
    let mut paragraph: Vec<String> = Vec::new();
    for line in source.lines() {
        let line = line.trim();
        let content = match line.strip_prefix("///") {
            Some(content) => content,
            None => match (line.find('"'), line.rfind('"')) {
                (Some(open), Some(close)) if line.starts_with("#[doc") && open < close => {
                    &line[open + 1..close]
                }
                _ => continue,
            },
        };
        let content = content.trim();
        if content.is_empty() {
            if paragraph.is_empty() {
                continue;
            }
            break;
        }
        if let Some(previous) = paragraph.last_mut()
            && !previous.ends_with(['.', ',', ';', ':', '!', '?'])
            && content.starts_with(|c: char| c.is_uppercase())
        {
            previous.push('.');
        }
        paragraph.push(content.to_string());
    }
    if paragraph.is_empty() {
        return None;
    }
    let text = paragraph.join(" ");
    if text.chars().count() <= MAX_CHARS {
        return Some(text);
    }
    let mut end = text
        .char_indices()
        .nth(MAX_CHARS)
        .map_or(text.len(), |(i, _)| i);
    if let Some(space) = text[..end].rfind(' ') {
        end = space;
    }
    Some(format!("{}…", &text[..end]))
}

/// Whether only whitespace precedes `offset` on its line.
pub fn starts_line(text: &str, offset: usize) -> bool {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..offset].trim().is_empty()
}

/// What follows `offset` on its line, trimmed.
pub fn rest_of_line(text: &str, offset: usize) -> &str {
    let rest = &text[offset..];
    rest[..rest.find('\n').unwrap_or(rest.len())].trim()
}

/// Lays drafted code out on lines: a `{ … }` that holds statements or
/// match arms opens a block indented by four spaces, with one statement
/// or arm a line; other braces (a struct literal) stay on their line.
pub fn layout(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let breaks = breaking_braces(&chars);
    let mut out = String::new();
    let mut depth = 0usize;
    // The open delimiters: whether each is a brace laid out as a block.
    let mut open: Vec<bool> = Vec::new();
    let mut in_string = false;
    let newline = |out: &mut String, depth: usize| {
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
        out.push_str(&"    ".repeat(depth));
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if in_string {
            out.push(c);
            if c == '\\' && i + 1 < chars.len() {
                out.push(chars[i + 1]);
                i += 1;
            } else if c == '"' {
                in_string = false;
            }
            i += 1;
            continue;
        }
        let at_block = open.last().is_none_or(|&block| block);
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' if breaks.contains(&i) => {
                out.push('{');
                open.push(true);
                depth += 1;
                newline(&mut out, depth);
            }
            '(' | '[' | '{' => {
                out.push(c);
                open.push(false);
            }
            '}' if open.last() == Some(&true) => {
                open.pop();
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push('}');
            }
            ')' | ']' | '}' => {
                open.pop();
                out.push(c);
            }
            ';' | ',' if at_block => {
                out.push(c);
                let closes = chars[i + 1..]
                    .iter()
                    .find(|c| !c.is_whitespace())
                    .is_none_or(|&next| next == '}');
                if !closes || c == ';' && open.is_empty() {
                    newline(&mut out, depth);
                }
            }
            ' ' if out.ends_with(' ') || out.ends_with('\n') => {}
            _ => out.push(c),
        }
        i += 1;
    }
    out.lines()
        .map(str::trim_end)
        .filter(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The positions of the `{` whose group holds a `;` or a `=>` of its own.
fn breaking_braces(chars: &[char]) -> Vec<usize> {
    let mut stack: Vec<(usize, bool)> = Vec::new();
    let mut breaks = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if in_string {
            if c == '\\' {
                i += 1;
            } else if c == '"' {
                in_string = false;
            }
            i += 1;
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' => stack.push((usize::MAX, false)),
            '{' => stack.push((i, false)),
            ')' | ']' | '}' => {
                if let Some((start, statements)) = stack.pop()
                    && statements
                    && start != usize::MAX
                {
                    breaks.push(start);
                    // A block laid out on lines lays out the block it is in.
                    if let Some(outer) = stack.last_mut().filter(|(s, _)| *s != usize::MAX) {
                        outer.1 = true;
                    }
                }
            }
            ';' => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
            }
            '=' if chars.get(i + 1) == Some(&'>') => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    breaks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receivers_are_read_back_from_the_field() {
        let text = "let d = Duration::from_millis(self.config().min_delay_ms);";
        let start = text.find("min_delay_ms").unwrap();
        assert_eq!(receiver_before(text, start), Some("self.config()"));
        let text = "builder.base_url(&server.url)";
        assert_eq!(
            receiver_before(text, text.find("url)").unwrap()),
            Some("server")
        );
        assert_eq!(receiver_before("f(url)", 2), None);
    }

    #[test]
    fn method_tails_and_orderings_are_found() {
        let call =
            "ExponentialBuilder::default()\n    .with_min_delay(Duration::from_millis(c.min))";
        let tail = method_tail(call, "with_min_delay").unwrap();
        assert_eq!(&call[tail.dot..tail.dot + 15], ".with_min_delay");
        assert_eq!(&call[tail.args], "Duration::from_millis(c.min)");
        assert!(method_tail("f(c.min)", "f").is_none());
        let compared = ordering("requests >= max_requests").unwrap();
        assert_eq!(
            (compared.sides, compared.operator),
            (["requests", "max_requests"], ">=")
        );
        assert_eq!(ordering("a.len() < b").unwrap().operator, "<");
        assert!(ordering("a << b").is_none());
    }

    #[test]
    fn drafted_code_is_laid_out_in_blocks() {
        assert_eq!(
            layout(
                "if let Some(m) = c.max { if used >= m { return Err(E::Max { limit: m, turn }); } }"
            ),
            "if let Some(m) = c.max {\n    if used >= m {\n        return Err(E::Max { limit: m, turn });\n    }\n}"
        );
        assert_eq!(
            layout("let s = match c.d { Some(d) => s.with(d), None => s, };"),
            "let s = match c.d {\n    Some(d) => s.with(d),\n    None => s,\n};"
        );
        assert_eq!(layout("x.f(\"a; b\");"), "x.f(\"a; b\");");
    }

    #[test]
    fn doc_comments_are_read_to_the_end_of_their_first_paragraph() {
        let doc = "/// Timeout in seconds for requests\n    /// If unset, no timeout.\n    ///\n    /// More.";
        assert_eq!(
            doc_paragraph(doc).as_deref(),
            Some("Timeout in seconds for requests. If unset, no timeout.")
        );
        assert_eq!(
            doc_paragraph("#[doc = \"Maximum turns.\"]").as_deref(),
            Some("Maximum turns.")
        );
        let long = format!("/// {}", "word ".repeat(100));
        assert!(doc_paragraph(&long).is_some_and(|d| d.ends_with('…') && d.len() < 260));
    }

    #[test]
    fn a_functions_body_is_found_by_its_name() {
        let text = "impl A {\n    fn run(&self) -> u32 {\n        1\n    }\n}\n";
        let name = text.find("run").unwrap();
        assert_eq!(body_start(text, name), text.find("{\n        1"));
    }
}
