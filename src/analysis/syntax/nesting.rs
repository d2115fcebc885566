//! How much stack parsing, visiting and dropping a file's syntax tree can
//! take, told from its tokens before syn parses them.
//!
//! syn's parser recurses once per nested group, generic argument list,
//! prefix operator, right-associative assignment, `else if` and the like;
//! the tree it builds is as deep as the longest chain of operators or
//! postfix calls (`a + a + …`, `a.f.f…`), and visiting or dropping it
//! recurses that deep. Neither recursion can be split where syn does it,
//! so the extractor gives the whole work a stack sized from these counts
//! (`stacker`, as rustc does), and refuses a file beyond a bound.
//!
//! The counts are upper bounds, kept per group: a unit is a token that may
//! open a recursion; every token counts towards the tree's depth; both
//! start again at `;`, `,` and `=>`, and after a braced group that ends a
//! statement or an item (one not followed by `else`, `as`, an operator or
//! a postfix).

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree, token_stream};

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
}

/// Keywords after which syn parses a nested expression, type or pattern.
const RECURSING_WORDS: &[&str] = &[
    "if", "else", "return", "break", "yield", "move", "dyn", "impl", "fn", "let", "as", "mut",
    "ref", "box", "static", "async", "unsafe", "const", "while", "for", "match", "loop", "mod",
];

/// Operators after which syn parses a nested expression, type or pattern
/// wherever they stand; `-`, `*`, `&` and `&&` count where no operand
/// precedes them (as prefixes).
const RECURSING_OPERATORS: &[&str] = &[
    "<", "->", "=", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>=", "..", "..=",
    "...", "@", "!", "|", "||", ":",
];
const PREFIX_OPERATORS: &[&str] = &["-", "*", "&", "&&"];

/// Rust's operators of more than one character, longest first: joined
/// punctuation (`!!x`, `&&&x`, `>>=`) is split into them greedily, as the
/// parser reads it.
const OPERATORS: &[&str] = &[
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..",
];

pub(super) fn measure(tokens: &TokenStream) -> Nesting {
    let mut most = Nesting::default();
    // The groups open, outermost first: their tokens still to read, their
    // level, and the sums of the levels around them.
    let mut open: Vec<(token_stream::IntoIter, Level, usize, usize)> =
        vec![(tokens.clone().into_iter(), Level::default(), 0, 0)];
    let mut operator = String::new();
    while let Some((tokens, level, units_around, depth_around)) = open.last_mut() {
        let Some(token) = tokens.next() else {
            open.pop();
            if let Some((_, outer, ..)) = open.last_mut() {
                outer.after_operand = true;
            }
            continue;
        };
        let (units_around, depth_around) = (*units_around, *depth_around);
        let after_brace = std::mem::take(&mut level.after_brace);
        level.depth += 1;
        match &token {
            TokenTree::Punct(punct) => {
                operator.push(punct.as_char());
                if punct.spacing() == Spacing::Joint && punct.as_char() != '\'' {
                    continue;
                }
                let joined = std::mem::take(&mut operator);
                let mut rest = joined.as_str();
                let mut first = true;
                while !rest.is_empty() {
                    let op = OPERATORS.iter().find(|op| rest.starts_with(**op)).map_or(
                        &rest[..rest.chars().next().map_or(1, char::len_utf8)],
                        |op| op,
                    );
                    rest = &rest[op.len()..];
                    if matches!(op, ";" | "," | "=>") || (after_brace && first && op == "#") {
                        level.reset();
                    } else {
                        let prefix = !level.after_operand && PREFIX_OPERATORS.contains(&op);
                        if prefix || RECURSING_OPERATORS.contains(&op) {
                            level.units += 1;
                        }
                        level.after_operand = op == "?";
                    }
                    first = false;
                }
            }
            TokenTree::Ident(ident) => {
                let word = ident.to_string();
                if after_brace && word != "else" && word != "as" {
                    level.reset();
                    level.depth = 1;
                }
                if RECURSING_WORDS.contains(&word.as_str()) {
                    level.units += 1;
                    level.after_operand = false;
                } else {
                    level.after_operand = true;
                }
            }
            TokenTree::Literal(_) => level.after_operand = true,
            TokenTree::Group(group) => {
                level.units += 1;
                level.after_brace = group.delimiter() == Delimiter::Brace;
                if units_around + level.units > most.units {
                    most.units = units_around + level.units;
                    most.at = Some(group.span_open());
                }
                let inner = (
                    group.stream().into_iter(),
                    Level::default(),
                    units_around + level.units,
                    depth_around + level.depth,
                );
                open.push(inner);
                continue;
            }
        }
        let units = units_around + level.units;
        if units > most.units {
            most.units = units;
            most.at = Some(token.span());
        }
        most.depth = most.depth.max(depth_around + level.depth);
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str) -> usize {
        measure(&text.parse().expect("lexes")).units
    }

    fn depth(text: &str) -> usize {
        measure(&text.parse().expect("lexes")).depth
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
