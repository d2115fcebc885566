use super::index::{Multimap, ScanIndex};
use super::*;
use crate::analysis::model::Id;

fn slot(index: usize) -> SlotId {
    SlotId::new(index)
}

use crate::analysis::facts::{Call, CodeKind, FileId, FnDef, FnRef, Operand, Place, Root, Span};
use crate::engine::scan::ScannedFn;

const SPAN: Span = Span {
    file: FileId(0),
    start: 0,
    end: 0,
};

fn scan_defining(name: &str, arities: &[Option<usize>]) -> Scan {
    let mut functions: Vec<ScannedFn> = arities
        .iter()
        .map(|&arity| ScannedFn {
            name: ident_hash(name),
            arity,
            takes_params: true,
            item: None,
        })
        .collect();
    functions.sort_unstable();
    Scan {
        functions,
        ..Scan::default()
    }
}

fn chosen(helpers: &[&str], digest: &Digest, scans: &[Scan]) -> Vec<usize> {
    let unparsed: Vec<Unparsed<'_>> = scans
        .iter()
        .enumerate()
        .map(|(index, scan)| Unparsed {
            slot: slot(index),
            scan,
            children: Vec::new(),
            extracted: &[],
            extracted_functions: &[],
            covered: &[],
        })
        .collect();
    let helpers: HashSet<&str> = helpers.iter().copied().collect();
    let index = indexed(scans);
    let numbered = Numbered::new(&unparsed, scans.len());
    let mut files: Vec<usize> = helper_definitions(&helpers, &digest.arities, &index, &numbered)
        .into_keys()
        .collect();
    files.sort_unstable();
    files
}

/// The index of `scans`, numbered in order.
fn indexed(scans: &[Scan]) -> ScanIndex {
    let mut index = ScanIndex::default();
    let numbered: Vec<(SlotId, &Scan)> = scans
        .iter()
        .enumerate()
        .map(|(index, scan)| (slot(index), scan))
        .collect();
    index.add(&numbered, &Pool::new(2, 1 << 20), || {});
    index
}

#[test]
fn names_added_later_are_found_beside_the_first_ones() {
    let mut map: Multimap<u32> = Multimap::default();
    map.extend(|| [(7, 1), (9, 2), (7, 3)].into_iter());
    map.extend(|| [(7, 4), (8, 5)].into_iter());
    let found = |key: u32| map.get(key).copied().collect::<Vec<u32>>();
    assert_eq!(found(7), [1, 3, 4]);
    assert_eq!(found(8), [5]);
    assert_eq!(found(9), [2]);
    assert!(found(10).is_empty());
}

fn defining(name: &str, arity: usize) -> FileFacts {
    FileFacts {
        functions: vec![FnDef {
            function: FnRef {
                span: SPAN,
                name: name.into(),
            },
            arity,
            self_type: None,
            params: Vec::new(),
            returns: Vec::new(),
            receiver: None,
            output: Vec::new(),
            exported: false,
        }],
        ..FileFacts::default()
    }
}

#[test]
fn the_struct_graph_counts_each_declaration_where_it_is_now() {
    let text = "pub struct Agent {\n    pub max_steps: u64,\n    pub meter: Meter,\n}\n";
    let scan = crate::engine::scan::scan(text, &crate::analysis::names::Vocabulary::default());
    let facts = crate::analysis::syntax::extract(text, CodeKind::Production).expect("parses");
    let field = ident_hash("max_steps");
    let reaches_agent = |d: &Digest| d.structs.reach([ident_hash("Meter")].into_iter()).len() == 2;
    let mut digest = Digest::default();
    digest.add_scans(&[(slot(0), &scan)], &Pool::new(1, 1 << 20));
    assert_eq!(digest.structs.unparsed_declarations(field), 1);
    assert!(reaches_agent(&digest));
    digest.remove_scanned(&scan.structs);
    assert_eq!(digest.structs.unparsed_declarations(field), 0);
    assert!(!reaches_agent(&digest));
    // A file parsed again replaces its declarations.
    digest.add(slot(7), &facts);
    digest.add(slot(7), &facts);
    assert_eq!(digest.structs.parsed_declarations(field), 1);
    assert!(reaches_agent(&digest));
    digest.add(slot(7), &FileFacts::default());
    assert_eq!(digest.structs.parsed_declarations(field), 0);
    assert!(digest.structs.holders.is_empty());
}

#[test]
fn reaches_are_kept_until_a_holder_of_a_name_in_them_comes_or_goes() {
    let holds = |holder: &str, field: &str, ty: &str| {
        let text = format!("struct {holder} {{ {field}: {ty} }}");
        crate::analysis::syntax::extract(&text, CodeKind::Production).expect("parses")
    };
    let reach = |d: &Digest| d.structs.shared_reach(vec![ident_hash("Meter")]).names;
    let names = |reach: &HashSet<u32>| {
        let mut names: Vec<&str> = ["Meter", "Agent", "Runtime", "Other"]
            .into_iter()
            .filter(|n| reach.contains(&ident_hash(n)))
            .collect();
        names.sort_unstable();
        names
    };
    let mut digest = Digest::default();
    digest.add(slot(0), &holds("Agent", "meter", "Meter"));
    let first = reach(&digest);
    assert_eq!(names(&first), ["Agent", "Meter"]);
    // A holder of a name outside the reach changes nothing.
    digest.add(slot(1), &holds("Other", "count", "u64"));
    assert!(Arc::ptr_eq(&first, &reach(&digest)));
    // Nor does one that goes and comes back.
    digest.add(slot(0), &FileFacts::default());
    digest.add(slot(0), &holds("Agent", "meter", "Meter"));
    assert!(Arc::ptr_eq(&first, &reach(&digest)));
    // A holder of a name in it makes it grow, and its going shrink.
    digest.add(slot(2), &holds("Runtime", "agent", "Agent"));
    assert_eq!(names(&reach(&digest)), ["Agent", "Meter", "Runtime"]);
    digest.add(slot(2), &FileFacts::default());
    assert_eq!(names(&reach(&digest)), ["Agent", "Meter"]);
}

#[test]
fn answers_are_kept_while_the_reach_and_the_scans_stay_the_same() {
    let digest = Digest::default();
    let scans = Table::default();
    let postings = |version| Postings {
        index: &digest.index,
        scans: &scans,
        answers: &digest.answers,
        version,
    };
    let asked = std::cell::Cell::new(0);
    let ask = |postings: &Postings<'_>, reach: u64| {
        postings.answer((reach, vec![7]), |_| {
            asked.set(asked.get() + 1);
            true
        })
    };
    assert!(ask(&postings((1, 10)), 1));
    assert!(ask(&postings((1, 10)), 1));
    assert_eq!(asked.get(), 1);
    // Another reach, scans added, or a scan gone: asked again.
    ask(&postings((1, 10)), 2);
    assert_eq!(asked.get(), 2);
    ask(&postings((2, 12)), 1);
    assert_eq!(asked.get(), 3);
    ask(&postings((2, 11)), 1);
    ask(&postings((2, 11)), 1);
    assert_eq!(asked.get(), 4);
}

#[test]
fn definitions_of_another_arity_settle_a_helper_name_first() {
    let scans = [
        scan_defining("over", &[Some(2)]),
        scan_defining("over", &[Some(1)]),
        scan_defining("over", &[Some(2), None]),
    ];
    // Nothing parsed yet: one definition of each of two arities.
    assert_eq!(chosen(&["over"], &Digest::default(), &scans), [0, 1]);
    // One parsed with two parameters: the one with one settles it.
    let mut digest = Digest::default();
    digest.add(slot(1), &defining("over", 2));
    assert_eq!(chosen(&["over"], &digest, &scans), [1]);
    // Once the parsed definitions disagree, the name is never traced.
    let names = HashSet::from_iter(["max_turns"]);
    digest.add(
        slot(2),
        &FileFacts {
            calls: vec![call("run", "over", field())],
            ..FileFacts::default()
        },
    );
    assert_eq!(digest.helpers(&names), HashSet::from_iter(["over"]));
    digest.add(slot(3), &defining("over", 1));
    assert!(digest.helpers(&names).is_empty());
}

#[test]
fn definitions_taking_only_self_are_not_parsed() {
    let mut scans = [
        scan_defining("over", &[Some(1)]),
        scan_defining("over", &[Some(1)]),
    ];
    scans[1].functions[0].takes_params = false;
    assert_eq!(chosen(&["over"], &Digest::default(), &scans), [0]);
    // Unless its number of parameters settles the name.
    let mut digest = Digest::default();
    digest.add(slot(2), &defining("over", 2));
    assert_eq!(chosen(&["over"], &digest, &scans), [0]);
    scans[0].functions[0].takes_params = false;
    assert_eq!(
        chosen(&["over"], &Digest::default(), &scans),
        [] as [usize; 0]
    );
}

#[test]
fn helper_definitions_are_chosen_one_by_one() {
    let mut scan = scan_defining("over", &[Some(2)]);
    scan.functions.push(ScannedFn {
        name: ident_hash("other"),
        arity: Some(2),
        takes_params: true,
        item: None,
    });
    scan.functions.push(scan.functions[0].clone());
    let unparsed = |extracted: &'static [usize]| Unparsed {
        slot: slot(0),
        scan: &scan,
        children: Vec::new(),
        extracted: &[],
        extracted_functions: extracted,
        covered: &[],
    };
    let helpers = HashSet::from_iter(["over"]);
    let index = indexed(std::slice::from_ref(&scan));
    let chosen = |extracted| {
        let files = [unparsed(extracted)];
        let numbered = Numbered::new(&files, 1);
        helper_definitions(&helpers, &HashMap::default(), &index, &numbered)
    };
    assert_eq!(chosen(&[]), HashMap::from_iter([(0, vec![0, 2])]));
    // A definition parsed alone already is not chosen again.
    let chosen = chosen(&[0]);
    assert_eq!(chosen, HashMap::from_iter([(0, vec![2])]));
}

#[test]
fn every_definition_is_parsed_when_none_can_settle_the_name() {
    let scans = [
        scan_defining("over", &[Some(2)]),
        scan_defining("over", &[None]),
        scan_defining("under", &[Some(1)]),
    ];
    let mut digest = Digest::default();
    digest.add(slot(4), &defining("over", 2));
    assert_eq!(chosen(&["over"], &digest, &scans), [0, 1]);
}

fn call(caller: &str, callee: &str, arg: Operand) -> Call {
    Call {
        handed: Vec::new(),
        callee: callee.to_string(),
        args: vec![arg],
        span: SPAN,
        code: CodeKind::Production,
        debug_only: false,
        function: Some(FnRef {
            span: SPAN,
            name: caller.into(),
        }),
        guard: None,
        method: false,
    }
}

fn field() -> Operand {
    Operand {
        places: vec![Place {
            root: Root::Unknown,
            chain: Vec::new(),
            field: "max_turns".into(),
            getter: false,
        }],
        params: Vec::new(),
    }
}

#[test]
fn helpers_are_the_callees_of_fields_and_what_they_pass_parameters_to() {
    let param = Operand {
        places: Vec::new(),
        params: vec![0],
    };
    let mut digest = Digest::default();
    digest.add(
        slot(5),
        &FileFacts {
            calls: vec![
                call("run", "exceeded", field()),
                call("exceeded", "compare", param.clone()),
                call("unrelated", "other", param),
                call("run", "log", field()),
            ],
            ..FileFacts::default()
        },
    );
    digest.add(slot(6), &defining("log", 1));
    digest.add(slot(7), &defining("log", 2));
    let mut helpers: Vec<&str> = digest
        .helpers(&HashSet::from_iter(["max_turns"]))
        .into_iter()
        .collect();
    helpers.sort_unstable();
    assert_eq!(helpers, ["compare", "exceeded"]);
}
