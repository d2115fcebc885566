//! Parsing some byte ranges of a file instead of the whole file: the
//! chosen items, each on a line of its own, with their offsets mapped back
//! to the file.

use crate::analysis::facts::{CodeKind, FileFacts};

use super::{ParseError, extract};

/// The facts of some byte ranges of a file, parsed as an [`Excerpt`].
pub(crate) fn extract_excerpt(
    text: &str,
    ranges: &[(usize, usize)],
    code: CodeKind,
) -> Result<FileFacts, ParseError> {
    let excerpt = Excerpt::new(text, ranges);
    let mut facts = extract(&excerpt.text, code)?;
    facts.for_each_span(|span| {
        span.start = excerpt.offset_in_file(span.start);
        span.end = excerpt.offset_in_file(span.end);
    });
    Ok(facts)
}

/// Some byte ranges of a file, each on a line of its own, parsed instead
/// of the file: the parser never reads the text between them.
struct Excerpt {
    text: String,
    /// Where each range starts in `text` and in the file, in order; the
    /// first is an empty range at 0, where spans without a place point.
    segments: Vec<(usize, usize)>,
}

impl Excerpt {
    fn new(file: &str, ranges: &[(usize, usize)]) -> Excerpt {
        let mut excerpt = Excerpt {
            text: String::from("\n"),
            segments: vec![(0, 0)],
        };
        for (start, end) in merged(ranges.to_vec()) {
            // Ranges start and end at ASCII tokens.
            let Some(part) = file.get(start..end) else {
                continue;
            };
            excerpt.segments.push((excerpt.text.len(), start));
            excerpt.text.push_str(part);
            excerpt.text.push('\n');
        }
        excerpt
    }

    /// The offset in the file of the offset `at` in the excerpt.
    fn offset_in_file(&self, at: usize) -> usize {
        let after = self.segments.partition_point(|&(start, _)| start <= at);
        let (start, in_file) = self.segments[after.saturating_sub(1)];
        in_file + (at - start)
    }
}

/// The union of byte ranges, as sorted disjoint ranges.
pub(crate) fn merged(mut ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    ranges.sort_unstable();
    let mut union: Vec<(usize, usize)> = Vec::with_capacity(ranges.len());
    for (start, end) in ranges {
        match union.last_mut() {
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => union.push((start, end)),
        }
    }
    union
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_maps_its_offsets_back_to_the_file() {
        let file =
            "use a;\nstruct S { max_a: u8 }\nconst C: u8 = 1;\nfn f(s: S) -> u8 { s.max_a }\n";
        let struct_at = file.find("struct").expect("struct");
        let fn_at = file.find("fn f").expect("fn");
        let ranges = [
            (fn_at, file.len() - 1),
            (struct_at, struct_at + 6),
            (struct_at + 6, struct_at + 22),
        ];
        let excerpt = Excerpt::new(file, &ranges);
        assert_eq!(
            excerpt.text,
            "\nstruct S { max_a: u8 }\nfn f(s: S) -> u8 { s.max_a }\n"
        );
        for word in ["struct", "max_a: u8 }", "fn f", "s.max_a }"] {
            let at = excerpt.text.find(word).expect("word");
            let in_file = excerpt.offset_in_file(at);
            assert_eq!(&file[in_file..in_file + word.len()], word);
            let end = excerpt.offset_in_file(at + word.len());
            assert_eq!(&file[in_file..end], word);
        }
        // Spans without a place point at 0 in both.
        assert_eq!(excerpt.offset_in_file(0), 0);
        let facts =
            crate::analysis::syntax::extract(&excerpt.text, CodeKind::Production).expect("parses");
        assert_eq!(facts.structs.len(), 1);
    }
}
