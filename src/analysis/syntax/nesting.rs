//! How much stack parsing, visiting and dropping a file's syntax tree can
//! take, told from its tokens before syn parses them.
//!
//! syn's parser recurses once per nested group, generic argument list,
//! prefix operator, right-associative assignment, `else if` and the like;
//! the tree it builds is as deep as the longest chain of operators or
//! postfix calls (`a + a + …`, `a.f.f…`), and visiting or dropping it
//! recurses that deep. Neither recursion can be split where syn does it,
//! so the extractor does the whole work on a thread with a stack sized
//! from these counts (a worker known to have that much, or a thread
//! started for the file), and refuses a file beyond a bound.
//!
//! The counts are upper bounds, kept per group: a unit is a token that may
//! open a recursion; every token counts towards the tree's depth; both
//! start again at `;`, `,` and `=>`, and after a braced group that ends a
//! statement or an item (one not followed by `else`, `as`, an operator or
//! a postfix).

use std::fmt::Write;

use proc_macro2::{Delimiter, Group, Spacing, Span, TokenStream, TokenTree, token_stream};

/// What the file's deepest point needs.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Nesting {
    /// Recursions syn's parser may nest, at most.
    pub units: usize,
    /// How deep the syntax tree may be, at most.
    pub depth: usize,
    /// The token where `units` is largest.
    pub at: Option<Span>,
}

#[derive(Default, Clone, Copy)]
struct Level {
    units: usize,
    depth: usize,
    /// The last token ends an operand: a name, a literal, a group.
    after_operand: bool,
    /// The last token closed a braced group.
    after_brace: bool,
}

impl Level {
    fn reset(&mut self) {
        *self = Level::default();
    }

    /// Counts one operator; `item_start` when it may start an item (an
    /// attribute's `#` after a braced group).
    fn operator(&mut self, op: &str, item_start: bool) {
        if matches!(op, ";" | "," | "=>") || (item_start && op == "#") {
            self.reset();
            return;
        }
        let prefix = !self.after_operand && matches!(op, "-" | "*" | "&" | "&&");
        if prefix || is_recursing_operator(op) {
            self.units += 1;
        }
        self.after_operand = op == "?";
    }
}

/// Keywords after which syn parses a nested expression, type or pattern.
fn is_recursing_word(word: &[u8]) -> bool {
    matches!(
        word,
        b"if"
            | b"else"
            | b"return"
            | b"break"
            | b"yield"
            | b"move"
            | b"dyn"
            | b"impl"
            | b"fn"
            | b"let"
            | b"as"
            | b"mut"
            | b"ref"
            | b"box"
            | b"static"
            | b"async"
            | b"unsafe"
            | b"const"
            | b"while"
            | b"for"
            | b"match"
            | b"loop"
            | b"mod"
    )
}

/// Operators after which syn parses a nested expression, type or pattern
/// wherever they stand; `-`, `*`, `&` and `&&` count where no operand
/// precedes them (as prefixes).
fn is_recursing_operator(op: &str) -> bool {
    matches!(
        op,
        "<" | "->"
            | "="
            | "+="
            | "-="
            | "*="
            | "/="
            | "%="
            | "^="
            | "&="
            | "|="
            | "<<="
            | ">>="
            | ".."
            | "..="
            | "..."
            | "@"
            | "!"
            | "|"
            | "||"
            | ":"
    )
}

/// Rust's operators of more than one character, longest first: joined
/// punctuation (`!!x`, `&&&x`, `>>=`) is split into them greedily, as the
/// parser reads it.
const OPERATORS: &[&str] = &[
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..",
];

/// A group being read: the tokens still to read, the tokens read (moved
/// into the group rebuilt after it), its delimiter and span (none for the
/// file), its level, and the sums of the levels around it.
struct Open {
    tokens: token_stream::IntoIter,
    read: Vec<TokenTree>,
    group: Option<(Delimiter, Span)>,
    level: Level,
    units_around: usize,
    depth_around: usize,
}

/// Measures `tokens` and gives them back. The tokens are moved, not
/// copied: a stream shared with its group would copy every token (and
/// every identifier's text) to be read, so each group is taken apart and
/// built again around the same tokens, spans and all.
pub(super) fn measure(tokens: TokenStream) -> (TokenStream, Nesting) {
    let mut most = Nesting::default();
    let mut open = vec![Open {
        read: Vec::new(),
        tokens: tokens.into_iter(),
        group: None,
        level: Level::default(),
        units_around: 0,
        depth_around: 0,
    }];
    let mut operator = String::new();
    loop {
        let Some(current) = open.last_mut() else {
            return (TokenStream::new(), most);
        };
        let Some(token) = current.tokens.next() else {
            let Some(done) = open.pop() else {
                continue;
            };
            let stream = TokenStream::from_iter(done.read);
            let (Some((delimiter, span)), Some(outer)) = (done.group, open.last_mut()) else {
                return (stream, most);
            };
            let mut group = Group::new(delimiter, stream);
            group.set_span(span);
            outer.read.push(TokenTree::Group(group));
            outer.level.after_operand = true;
            continue;
        };
        let (units_around, depth_around) = (current.units_around, current.depth_around);
        let level = &mut current.level;
        let after_brace = std::mem::take(&mut level.after_brace);
        level.depth += 1;
        match &token {
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                if punct.spacing() == Spacing::Joint && c != '\'' {
                    operator.push(c);
                    current.read.push(token);
                    continue;
                }
                if operator.is_empty() {
                    // Alone, as most punctuation is: no text to split.
                    let mut one = [0; 4];
                    level.operator(c.encode_utf8(&mut one), after_brace);
                } else {
                    operator.push(c);
                    let mut rest = operator.as_str();
                    let mut first = true;
                    while !rest.is_empty() {
                        let op = OPERATORS.iter().find(|op| rest.starts_with(**op)).map_or(
                            &rest[..rest.chars().next().map_or(1, char::len_utf8)],
                            |op| op,
                        );
                        rest = &rest[op.len()..];
                        level.operator(op, after_brace && first);
                        first = false;
                    }
                    operator.clear();
                }
            }
            TokenTree::Ident(ident) => {
                let mut word = Short::default();
                let word = match write!(word, "{ident}") {
                    Ok(()) => word.as_bytes(),
                    Err(_) => b"",
                };
                if after_brace && word != b"else" && word != b"as" {
                    level.reset();
                    level.depth = 1;
                }
                if is_recursing_word(word) {
                    level.units += 1;
                    level.after_operand = false;
                } else {
                    level.after_operand = true;
                }
            }
            TokenTree::Literal(_) => level.after_operand = true,
            TokenTree::Group(_) => {
                let TokenTree::Group(group) = token else {
                    continue;
                };
                level.units += 1;
                level.after_brace = group.delimiter() == Delimiter::Brace;
                let units = units_around + level.units;
                if units > most.units {
                    most.units = units;
                    most.at = Some(group.span_open());
                }
                let depth = depth_around + level.depth;
                let (delimiter, span) = (group.delimiter(), group.span());
                let stream = group.stream();
                // The group's own handle goes, so that the stream is read
                // without a copy.
                drop(group);
                let tokens = stream.into_iter();
                open.push(Open {
                    read: Vec::with_capacity(tokens.size_hint().0),
                    tokens,
                    group: Some((delimiter, span)),
                    level: Level::default(),
                    units_around: units,
                    depth_around: depth,
                });
                continue;
            }
        }
        let units = units_around + level.units;
        if units > most.units {
            most.units = units;
            most.at = Some(token.span());
        }
        most.depth = most.depth.max(depth_around + level.depth);
        current.read.push(token);
    }
}

/// The text of a word when it is short enough to be a keyword (six
/// bytes), written without allocating.
#[derive(Default)]
struct Short {
    bytes: [u8; 6],
    len: usize,
}

impl Short {
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl std::fmt::Write for Short {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let end = self.len + text.len();
        let Some(slot) = self.bytes.get_mut(self.len..end) else {
            return Err(std::fmt::Error);
        };
        slot.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str) -> usize {
        measure(text.parse().expect("lexes")).1.units
    }

    fn depth(text: &str) -> usize {
        measure(text.parse().expect("lexes")).1.depth
    }

    #[test]
    fn the_tokens_come_back_as_they_were() {
        let text = "fn f<'a>(x: &'a [u8; 2]) -> Option<(u8,)> { m!{ [a, (b)] }; x.0 >>= 1; r#if }";
        let tokens: TokenStream = text.parse().expect("lexes");
        let (back, _) = measure(tokens.clone());
        assert_eq!(back.to_string(), tokens.to_string());
        let spans = |stream: TokenStream| -> Vec<(usize, usize)> {
            let mut out = Vec::new();
            let mut stack = vec![stream];
            while let Some(stream) = stack.pop() {
                for token in stream {
                    let range = token.span().byte_range();
                    out.push((range.start, range.end));
                    if let TokenTree::Group(group) = token {
                        stack.push(group.stream());
                    }
                }
            }
            out
        };
        assert_eq!(spans(back), spans(tokens));
    }

    #[test]
    fn nesting_counts_and_statements_start_again() {
        let deep = format!(
            "fn f() {{ let x: {}u8{}; }}",
            "Option<".repeat(1000),
            ">".repeat(1000)
        );
        assert!(units(&deep) > 1000, "{}", units(&deep));
        let groups = format!("fn f() {}{}", "{".repeat(1000), "}".repeat(1000));
        assert!(units(&groups) > 1000);
        let chain = format!("fn f() {{ a{} }}", " + a".repeat(1000));
        assert!(units(&chain) < 10, "{}", units(&chain));
        assert!(depth(&chain) > 2000, "{}", depth(&chain));
        let statements = "fn f() { if a { return; } }\n".repeat(1000);
        assert!(units(&statements) < 10, "{}", units(&statements));
        assert!(depth(&statements) < 20, "{}", depth(&statements));
        let nots = format!("fn f() -> bool {{ {}a }}", "!".repeat(1000));
        assert!(units(&nots) > 1000, "{}", units(&nots));
        let else_ifs = format!("fn f() {{ if a {{}}{} }}", " else if a {}".repeat(1000));
        assert!(units(&else_ifs) > 2000, "{}", units(&else_ifs));
    }
}
