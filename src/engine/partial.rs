//! Parsing some items of a file alone: the structs and functions a round
//! wants, added to the facts of those parsed before in the order one parse
//! of the whole file would give.

use std::path::Path;

use crate::analysis::facts::{CodeKind, FileFacts, ModDecl};
use crate::analysis::syntax::excerpt::extract_excerpt;
use crate::engine::scan::{self, Scan, ScannedFn};
use crate::input::modules::Declared;
use crate::input::source::Fingerprint;

use super::FactsId;
use super::loader::Outcome;

/// Byte ranges of a file's text.
pub(crate) type Ranges = Vec<(usize, usize)>;

/// Some items of a file, parsed alone: top-level structs and functions,
/// as indices into its scan's.
pub(crate) struct Partial {
    pub(crate) text: Fingerprint,
    /// The facts cache's key of the parses that gave `facts`: each parse
    /// of more items adds its request to the key of those before.
    pub(crate) key: u128,
    pub(crate) facts: FactsId,
    pub(crate) structs: Vec<usize>,
    pub(crate) functions: Vec<usize>,
    /// The names whose every mention in a function is parsed.
    pub(crate) covered: Vec<String>,
}

/// What to parse of a file that is not parsed whole: the items wanted,
/// and the functions among `candidates` whose text mentions one of
/// `names`; with the items parsed before and their facts, to which a
/// parse of the new items alone adds where it can.
pub(crate) struct Items<'a> {
    pub(crate) scan: &'a Scan,
    /// The ranges that parse the `mod` declarations whose code the scan
    /// cannot tell, when it is wanted.
    pub(crate) declarations: Option<Ranges>,
    pub(crate) items: Vec<scan::Item>,
    pub(crate) candidates: Vec<(usize, &'a ScannedFn)>,
    pub(crate) names: &'a [String],
    pub(crate) done: Part,
    pub(crate) facts: Option<&'a FileFacts>,
}

/// Some items of a file as merged byte ranges: their own, and all that
/// parse them alone (with the blocks around them).
#[derive(Default)]
pub(crate) struct Part {
    pub(crate) own: Ranges,
    pub(crate) all: Ranges,
}

impl Part {
    pub(crate) fn of(scan: &Scan, items: &[scan::Item]) -> Part {
        Part {
            own: scan::merged(
                items
                    .iter()
                    .map(|item| (item.own.0 as usize, item.own.1 as usize))
                    .collect(),
            ),
            all: scan::merged(items.iter().flat_map(|&item| scan.ranges(item)).collect()),
        }
    }

    /// Whether the bytes `own` lie inside the own bytes of these items.
    pub(crate) fn holds(&self, (start, end): (u32, u32)) -> bool {
        let (start, end) = (start as usize, end as usize);
        let after = self.own.partition_point(|&(s, _)| s <= start);
        after > 0 && end <= self.own[after - 1].1
    }
}

/// What parsing some items of a file gives, from its text alone: the
/// files its `mod` declarations name depend on the file system, and are
/// looked up apart ([`ItemsParse::outcome`]), so that this can be cached.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) enum ItemsParse {
    /// Only the `mod` declarations whose code the scan could not tell.
    Declared(Vec<ModDecl>),
    /// The facts of the items, the candidate functions parsed for their
    /// mentions, and the declarations when they were wanted.
    Partial(Box<FileFacts>, Vec<usize>, Option<Vec<ModDecl>>),
}

impl ItemsParse {
    /// The outcome for the file at `path`, with its fingerprint.
    pub(crate) fn outcome(
        self,
        path: &Path,
        text: Fingerprint,
        exists: &dyn Fn(&Path) -> bool,
        key: u128,
    ) -> Outcome {
        match self {
            ItemsParse::Declared(decls) => Outcome::Declared(Declared::new(path, &decls, exists)),
            ItemsParse::Partial(facts, found, decls) => Outcome::Partial(
                text,
                *facts,
                found,
                decls.map(|decls| Declared::new(path, &decls, exists)),
                key,
            ),
        }
    }
}

/// Parses the items of a file that a round wants (see [`Items`]); `None`
/// when they do not parse alone, and the file is parsed whole instead.
pub(crate) fn parse_items(text: &str, items: &Items<'_>, code: CodeKind) -> Option<ItemsParse> {
    // The items around the declarations the scan cannot tell parse apart
    // from the others, and give only their declarations.
    let declared = match &items.declarations {
        Some(ranges) => Some(extract_excerpt(text, ranges, code).ok()?.mod_decls),
        None => None,
    };
    if items.items.is_empty() && items.names.is_empty() {
        return declared.map(ItemsParse::Declared);
    }
    let found = mentioning(text, &items.candidates, items.names);
    let mut wanted = items.items.clone();
    wanted.extend(
        items
            .candidates
            .iter()
            // `found` follows the candidates, in order.
            .filter(|(i, _)| found.binary_search(i).is_ok())
            .filter_map(|(_, function)| function.item),
    );
    // An item inside one parsed before (a struct in a macro call whose
    // other struct was wanted first) was parsed with it, and so were the
    // blocks around it: its facts are in hand.
    wanted.retain(|item| !items.done.holds(item.own));
    let facts = match items.facts {
        Some(facts) if wanted.is_empty() => facts.clone(),
        _ => {
            let more = Part::of(items.scan, &wanted);
            let inner = (0, items.scan.inner_attributes_end);
            match items
                .facts
                .and_then(|facts| added(text, facts, &items.done, &more, inner, code))
            {
                Some(facts) => facts,
                None => {
                    let all: Ranges = std::iter::once(inner)
                        .chain(items.done.all.iter().copied())
                        .chain(more.all)
                        .collect();
                    extract_excerpt(text, &all, code).ok()?
                }
            }
        }
    };
    Some(ItemsParse::Partial(Box::new(facts), found, declared))
}

/// The candidates whose own text holds one of `names` as a word: every
/// function that mentions one, and some that only say it in a comment or
/// a literal.
pub(crate) fn mentioning(
    text: &str,
    candidates: &[(usize, &ScannedFn)],
    names: &[String],
) -> Vec<usize> {
    let bytes = text.as_bytes();
    let word = |byte: Option<&u8>| byte.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    let finders: Vec<memchr::memmem::Finder> = names
        .iter()
        .map(|name| memchr::memmem::Finder::new(name.as_bytes()))
        .collect();
    candidates
        .iter()
        .filter(|(_, function)| {
            let Some((start, end)) = function.own_range() else {
                return false;
            };
            let Some(own) = bytes.get(start..end) else {
                return false;
            };
            finders.iter().any(|finder| {
                finder.find_iter(own).any(|at| {
                    let after = at + finder.needle().len();
                    let joined = at > 0 && word(own.get(at - 1)) || word(own.get(after));
                    !joined
                })
            })
        })
        .map(|(i, _)| *i)
        .collect()
}

/// The byte ranges that parse `items` of a file alone: theirs, and the
/// file's inner attributes (`#![cfg(test)]`), which apply to every item.
pub(crate) fn alone(scan: &Scan, items: impl IntoIterator<Item = scan::Item>) -> Ranges {
    std::iter::once((0, scan.inner_attributes_end))
        .chain(items.into_iter().flat_map(|item| scan.ranges(item)))
        .collect()
}

/// The facts of a file's items parsed before (`facts`, of `done`) with
/// those of the items `more`, parsed alone with the file's inner
/// attributes `inner`, in the order one parse of both would give: `None`
/// unless the own ranges of the two lie apart, neither parse reads the
/// other's own ranges (the blocks around them may be shared), and every
/// fact falls in an own range.
pub(crate) fn added(
    text: &str,
    facts: &FileFacts,
    done: &Part,
    more: &Part,
    inner: (usize, usize),
    code: CodeKind,
) -> Option<FileFacts> {
    if overlap(&done.all, &more.own) || overlap(&more.all, &done.own) {
        return None;
    }
    // Each own range with its run: the maximal sequence of adjacent own
    // ranges of one part, whose facts one parse gives in a row.
    let mut parts: Vec<(usize, usize, bool)> = done
        .own
        .iter()
        .map(|&(start, end)| (start, end, false))
        .chain(more.own.iter().map(|&(start, end)| (start, end, true)))
        .collect();
    parts.sort_unstable();
    let mut runs: Vec<(usize, usize, usize)> = Vec::with_capacity(parts.len());
    let mut last: Option<(usize, bool)> = None;
    for (start, end, new) in parts {
        let apart = match runs.last() {
            Some(&(_, previous_end, _)) => start > previous_end,
            None => start >= inner.1,
        };
        if !apart {
            return None;
        }
        let run = match last {
            Some((run, side)) if side == new => run,
            Some((run, _)) => run + 1,
            None => 0,
        };
        last = Some((run, new));
        runs.push((start, end, run));
    }
    let ranges: Ranges = std::iter::once(inner)
        .chain(more.all.iter().copied())
        .collect();
    let more_facts = extract_excerpt(text, &ranges, code).ok()?;
    let position = |span: crate::analysis::facts::Span| {
        let after = runs.partition_point(|&(start, _, _)| start <= span.start);
        let &(_, end, run) = runs.get(after.checked_sub(1)?)?;
        (span.start < end).then_some(run)
    };
    facts.clone().merged_in_order(more_facts, position)
}

/// Whether a range of `a` overlaps one of `b`; both sorted and disjoint.
pub(crate) fn overlap(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    a.iter().any(|&(start, end)| {
        let after = b.partition_point(|&(other_start, _)| other_start < end);
        after > 0 && b[after - 1].1 > start
    })
}

/// The facts of a file that does not parse: those of each struct and
/// function the scan finds that parses alone, so that a syntax error
/// elsewhere loses no more than the prefilter, which parses items alone,
/// would keep.
///
/// The item that holds `deepest`, where the file nests too deeply to
/// parse, is not tried again.
pub(crate) fn items_alone(
    text: &str,
    scan: &Scan,
    code: CodeKind,
    deepest: Option<usize>,
) -> FileFacts {
    let mut items: Vec<scan::Item> = scan
        .structs
        .iter()
        .filter_map(|s| s.item)
        .chain(scan.functions.iter().filter_map(|f| f.item))
        .collect();
    // An item inside another (a method inside the `impl` that a macro in
    // it made a top-level item) is parsed with that one, once.
    items.sort_unstable_by_key(|item| (item.own.0, std::cmp::Reverse(item.own.1)));
    let mut end = 0;
    items.retain(|item| {
        let outside = item.own.0 >= end;
        if outside {
            end = item.own.1;
        }
        outside
    });
    let mut facts = FileFacts::default();
    for item in items {
        let (start, end) = (item.own.0 as usize, item.own.1 as usize);
        if deepest.is_some_and(|at| (start..end).contains(&at)) {
            continue;
        }
        if let Ok(more) = extract_excerpt(text, &alone(scan, [item]), code) {
            facts.append(more);
        }
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::names::Vocabulary;

    #[test]
    fn a_file_that_does_not_parse_keeps_each_item_once() {
        let text = "impl X {\n    m! { fn f(s: S) { s.max_a; } }\n    fn g(s: S) -> bool { s.max_b > 1 }\n}\nfn h(s: S) { s.max_c; }\nconst BROKEN: u8 = ;\n";
        assert!(crate::analysis::syntax::extract(text, CodeKind::Production).is_err());
        let scan = scan::scan(text, &Vocabulary::default());
        let facts = items_alone(text, &scan, CodeKind::Production, None);
        // `g` is parsed with the `impl` around `f` (whose macro, in an
        // `impl`, gives no facts), not a second time alone.
        let mut fields: Vec<&str> = facts.accesses.iter().map(|a| &*a.place.field).collect();
        fields.sort_unstable();
        assert_eq!(fields, ["max_b", "max_c"]);
        let at = facts
            .accesses
            .iter()
            .find(|a| &*a.place.field == "max_c")
            .expect("max_c");
        assert_eq!(&text[at.span.start..at.span.end], "max_c");
    }

    #[test]
    fn items_parsed_later_are_added_in_the_order_of_one_parse() {
        let text = "impl Agent {\n    fn a(&self) -> bool { self.steps_used > self.max_steps }\n    fn b(&mut self) { self.steps_used += 1; }\n}\nfn c(s: &mut S) { s.max_steps = 2; }\nfn d(s: &S) -> bool { s.x == s.max_steps }\nfn outer() {\n    fn inner(s: &S) { s.x += 1; }\n    let y = 1;\n}\n";
        let scan = scan::scan(text, &Vocabulary::default());
        let item = |name: &str| {
            let at = text.find(&format!("fn {name}")).expect("defined");
            scan.functions
                .iter()
                .filter_map(|f| f.item)
                .filter(|item| item.own.0 as usize <= at && at < item.own.1 as usize)
                .min_by_key(|item| item.own.1 - item.own.0)
                .expect("parses alone")
        };
        let inner = (0, scan.inner_attributes_end);
        let parse = |items: &[scan::Item]| {
            let part = Part::of(&scan, items);
            let ranges: Ranges = std::iter::once(inner).chain(part.all).collect();
            extract_excerpt(text, &ranges, CodeKind::Production).expect("parses")
        };
        let debug = |facts: &FileFacts| format!("{facts:?}");
        // A method beside one parsed before, in the same `impl`, and a
        // function between two parsed before.
        for (before, after) in [
            (&["a", "c"][..], &["b", "d"][..]),
            (&["b", "d"], &["a", "c"]),
        ] {
            let done: Vec<scan::Item> = before.iter().map(|n| item(n)).collect();
            let more: Vec<scan::Item> = after.iter().map(|n| item(n)).collect();
            let both: Vec<scan::Item> = done.iter().chain(&more).copied().collect();
            let facts = parse(&done);
            let added = added(
                text,
                &facts,
                &Part::of(&scan, &done),
                &Part::of(&scan, &more),
                inner,
                CodeKind::Production,
            )
            .expect("apart");
            assert_eq!(
                debug(&added),
                debug(&parse(&both)),
                "{after:?} after {before:?}"
            );
        }
        // A function nested in one parsed before cannot be added to it;
        // it parses with the function around it, so that one holds it.
        let outer = [item("outer")];
        let facts = parse(&outer);
        let nested = Part::of(&scan, &[item("inner")]);
        let done = Part::of(&scan, &outer);
        assert!(added(text, &facts, &done, &nested, inner, CodeKind::Production).is_none());
        assert!(done.holds(item("inner").own));
        // Items beside it are not held.
        assert!(!done.holds(item("c").own));
        assert!(!Part::of(&scan, &[item("c")]).holds(item("outer").own));
    }

    #[test]
    fn functions_are_chosen_by_the_words_they_hold() {
        let text = "fn a(s: S) { s.max_ab; }\nfn b(s: S) { s.r#max_a; }\nfn c() { /* max_a */ }\nfn d(s: S) { s.amax_a; }\nfn e(s: S) { s.max_a }";
        let scan = scan::scan(text, &Vocabulary::default());
        let name = |f: &ScannedFn| f.own_range().map(|(start, _)| &text[start + 3..start + 4]);
        let candidates: Vec<(usize, &ScannedFn)> = scan.functions.iter().enumerate().collect();
        let names = |found: Vec<usize>| -> Vec<&str> {
            let mut names: Vec<&str> = found
                .iter()
                .filter_map(|&i| name(&scan.functions[i]))
                .collect();
            names.sort_unstable();
            names
        };
        let found = mentioning(text, &candidates, &["max_a".to_string()]);
        assert_eq!(names(found), ["b", "c", "e"]);
        let some: Vec<(usize, &ScannedFn)> = candidates
            .iter()
            .copied()
            .filter(|(_, f)| name(f) != Some("d"))
            .collect();
        let found = mentioning(text, &some, &["max_ab".to_string(), "amax_a".to_string()]);
        assert_eq!(names(found), ["a"]);
    }
}
