//! Byte offsets of spans. proc-macro2 tells a span's byte offset by
//! counting characters from the nearest offset it told before, kept in a
//! tree that every answer is added to; the span's line and column, with
//! where each line starts, tell it at once.

use std::ops::Range;

use proc_macro2::{LineColumn, Span};

pub(super) struct Offsets {
    /// The byte offset of each line: proc-macro2 ends lines at `\n` alone.
    line_starts: Vec<usize>,
    /// Every column is then a byte count.
    ascii: bool,
}

impl Offsets {
    pub(super) fn new(source: &str) -> Offsets {
        let line_starts = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', source.as_bytes()).map(|at| at + 1))
            .collect();
        Offsets {
            line_starts,
            ascii: source.is_ascii(),
        }
    }

    /// The bytes of `span` in `source`, the text these offsets are of, as
    /// proc-macro2's `Span::byte_range` tells them.
    pub(super) fn range(&self, source: &str, span: Span) -> Range<usize> {
        self.offset(source, span.start())..self.offset(source, span.end())
    }

    fn offset(&self, source: &str, at: LineColumn) -> usize {
        // Line 0 is no position (proc-macro2 built for fuzzing knows none),
        // where `byte_range` tells 0.
        let Some(line) = at.line.checked_sub(1) else {
            return 0;
        };
        let Some(&start) = self.line_starts.get(line) else {
            return source.len();
        };
        if self.ascii {
            return (start + at.column).min(source.len());
        }
        source[start..]
            .char_indices()
            .nth(at.column)
            .map_or(source.len(), |(byte, _)| start + byte)
    }
}

#[cfg(test)]
mod tests {
    use super::Offsets;
    use proc_macro2::{TokenStream, TokenTree};

    fn spans(stream: TokenStream, out: &mut Vec<proc_macro2::Span>) {
        for tree in stream {
            out.push(tree.span());
            if let TokenTree::Group(group) = tree {
                out.push(group.span_open());
                out.push(group.span_close());
                spans(group.stream(), out);
            }
        }
    }

    #[test]
    fn offsets_agree_with_proc_macro2() {
        let texts = [
            "fn f(s: &S) -> bool { s.used < s.max }\n",
            "// é ü 日本\r\nfn f(s: &S) {\r\n\tlet é = \"ß\"; s.used += 1; }\r\n",
            "struct S { /* 🦀 */ used: u8, max: u8 }\nfn g() { let x = 'é'; }",
            "",
        ];
        for text in texts {
            let stream: TokenStream = text.parse().expect("tokens");
            let mut all = Vec::new();
            spans(stream, &mut all);
            let offsets = Offsets::new(text);
            for span in all {
                assert_eq!(offsets.range(text, span), span.byte_range(), "{text:?}");
            }
            proc_macro2::extra::invalidate_current_thread_spans();
        }
    }

    #[test]
    fn a_span_without_a_position_is_at_the_start() {
        // What proc-macro2 built with `--cfg fuzzing` tells of every span.
        let nowhere = proc_macro2::LineColumn { line: 0, column: 0 };
        let text = "struct S {\n    used: u8,\n}\n";
        assert_eq!(Offsets::new(text).offset(text, nowhere), 0);
    }
}
