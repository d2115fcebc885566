//! The blind corpus: small crates written from the lint documents alone by
//! people who never read the analysis, each line that holds a bug marked
//! `//@ CODE` (`//@? CODE` where a finding is acceptable but not required).
//! This test lints every case, prints precision and recall per batch, and
//! fails when a batch scores below the figures in `tests/blind/score.toml`,
//! a ratchet that only moves up. `BLIND_CASE=<name>` lints only the cases
//! whose directory name contains `<name>` and prints their findings.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use budget_lint::{Options, Selection};

/// A finding by code, file (relative to the case) and line.
type Mark = (String, String, usize);

#[derive(Default)]
struct Marks {
    required: BTreeSet<Mark>,
    optional: BTreeSet<Mark>,
}

fn marks(dir: &Path) -> Marks {
    let mut marks = Marks::default();
    for (file, line, tail) in common::marked_lines(dir, "//@") {
        let (set, codes) = match tail.strip_prefix('?') {
            Some(codes) => (&mut marks.optional, codes),
            None => (&mut marks.required, tail.as_str()),
        };
        for code in codes.split_whitespace().filter(|c| c.starts_with("BL")) {
            set.insert((code.to_string(), file.clone(), line));
        }
    }
    marks
}

fn findings(dir: &Path, prefilter: bool) -> BTreeSet<Mark> {
    let selection = Selection {
        manifest_path: Some(dir.join("Cargo.toml")),
        ..Selection::default()
    };
    let options = Options {
        threads: 2,
        prefilter,
        ..Options::default()
    };
    let report = budget_lint::analyze(&selection, options).expect("case is analyzable");
    report
        .active()
        .map(|f| {
            let file = report.db.get(f.primary.file);
            let line = file.location(f.primary.start).line;
            (f.lint.code.to_string(), file.display.clone(), line)
        })
        .collect()
}

#[derive(Default, Debug, Clone, Copy)]
struct Score {
    true_positives: usize,
    false_positives: usize,
    false_negatives: usize,
}

impl Score {
    fn add(&mut self, other: Score) {
        self.true_positives += other.true_positives;
        self.false_positives += other.false_positives;
        self.false_negatives += other.false_negatives;
    }

    fn precision(self) -> f64 {
        let found = self.true_positives + self.false_positives;
        if found == 0 {
            return 1.0;
        }
        self.true_positives as f64 / found as f64
    }

    fn recall(self) -> f64 {
        let expected = self.true_positives + self.false_negatives;
        if expected == 0 {
            return 1.0;
        }
        self.true_positives as f64 / expected as f64
    }
}

fn score(marks: &Marks, found: &BTreeSet<Mark>) -> Score {
    Score {
        true_positives: marks.required.intersection(found).count(),
        false_positives: found
            .iter()
            .filter(|f| !marks.required.contains(*f) && !marks.optional.contains(*f))
            .count(),
        false_negatives: marks.required.difference(found).count(),
    }
}

fn batches() -> Vec<PathBuf> {
    let mut batches: Vec<PathBuf> = std::fs::read_dir(common::repo().join("tests/blind"))
        .expect("tests/blind exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    batches.sort();
    batches
}

fn cases(batch: &Path) -> Vec<PathBuf> {
    common::crates_in(batch)
}

/// The recorded minimum precision and recall of each batch.
fn floors() -> Vec<(String, f64, f64)> {
    let text = std::fs::read_to_string(common::repo().join("tests/blind/score.toml"))
        .expect("tests/blind/score.toml exists");
    let table: toml::Table = text.parse().expect("score.toml is TOML");
    table
        .iter()
        .map(|(batch, floor)| {
            let get = |key: &str| {
                floor
                    .get(key)
                    .and_then(toml::Value::as_float)
                    .unwrap_or_else(|| panic!("{batch}.{key} is a number"))
            };
            (batch.clone(), get("precision"), get("recall"))
        })
        .collect()
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn blind_corpus_scores_at_least_its_recorded_figures() {
    let only = std::env::var("BLIND_CASE").ok();
    let mut report = Vec::new();
    let mut below = Vec::new();
    let floors = floors();
    let mut total = Score::default();
    for batch in batches() {
        let name = batch
            .file_name()
            .expect("named")
            .to_string_lossy()
            .into_owned();
        let mut batch_score = Score::default();
        let mut cases_scored = 0;
        for case in cases(&batch) {
            let case_name = case
                .file_name()
                .expect("named")
                .to_string_lossy()
                .into_owned();
            if only
                .as_ref()
                .is_some_and(|o| !case_name.contains(o.as_str()))
            {
                continue;
            }
            let marks = marks(&case);
            let found = findings(&case, true);
            // The prefilter must not change a finding on code nobody here
            // wrote either.
            let exact = findings(&case, false);
            if exact != found {
                below.push(format!(
                    "{name}/{case_name}: with the prefilter {found:?}, parsing every file {exact:?}"
                ));
            }
            let case_score = score(&marks, &found);
            cases_scored += 1;
            batch_score.add(case_score);
            let missed: Vec<&Mark> = marks.required.difference(&found).collect();
            let wrong: Vec<&Mark> = found
                .iter()
                .filter(|f| !marks.required.contains(*f) && !marks.optional.contains(*f))
                .collect();
            if only.is_some() || !missed.is_empty() || !wrong.is_empty() {
                report.push(format!(
                    "  {name}/{case_name}: missed {missed:?}, false {wrong:?}, found {found:?}"
                ));
            }
        }
        if cases_scored == 0 {
            continue;
        }
        total.add(batch_score);
        report.push(format!(
            "{name}: {cases_scored} cases, precision {:.2}, recall {:.2} ({batch_score:?})",
            batch_score.precision(),
            batch_score.recall()
        ));
        if only.is_none() {
            let floor = floors.iter().find(|(b, _, _)| *b == name);
            let Some((_, precision, recall)) = floor else {
                below.push(format!("{name} has no figures in tests/blind/score.toml"));
                continue;
            };
            if batch_score.precision() + 1e-9 < *precision || batch_score.recall() + 1e-9 < *recall
            {
                below.push(format!(
                    "{name}: precision {:.2} (floor {precision:.2}), recall {:.2} (floor {recall:.2})",
                    batch_score.precision(),
                    batch_score.recall()
                ));
            }
        }
    }
    report.push(format!(
        "all: precision {:.2}, recall {:.2} ({total:?})",
        total.precision(),
        total.recall()
    ));
    // The whole corpus has figures of its own, which the targets
    // are stated in.
    if only.is_none()
        && let Some((_, precision, recall)) = floors.iter().find(|(b, _, _)| b == "all")
        && (total.precision() + 1e-9 < *precision || total.recall() + 1e-9 < *recall)
    {
        below.push(format!(
            "all: precision {:.2} (floor {precision:.2}), recall {:.2} (floor {recall:.2})",
            total.precision(),
            total.recall()
        ));
    }
    println!("{}", report.join("\n"));
    assert!(
        total.true_positives + total.false_negatives > 0,
        "no marked bug in the corpus"
    );
    assert!(below.is_empty(), "{}", below.join("\n"));
}
