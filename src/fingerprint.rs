//! Fingerprints that recognise a finding across runs: our logical one,
//! from names only, and GitHub's `primaryLocationLineHash`.

use std::collections::HashMap;

use crate::diagnostic::Finding;

/// Gives every finding its logical fingerprint: a hash of the lint code and
/// the subject's names, then `:N`, the occurrence among findings with the
/// same hash in report order. Line numbers play no part, so edits that only
/// move a finding keep its fingerprint.
pub fn assign(findings: &mut [Finding]) {
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for finding in findings {
        let hash = fnv1a(&[finding.lint.code, &finding.subject.0, &finding.subject.1]);
        let occurrence = seen.entry(hash).or_default();
        *occurrence += 1;
        finding.fingerprint = format!("{hash:016x}:{occurrence}");
    }
}

/// 64-bit FNV-1a over the parts, each followed by a zero byte.
fn fnv1a(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in part.as_bytes().iter().chain(&[0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

const BLOCK_SIZE: usize = 100;
const MOD: u64 = 37;
const EOF: u64 = 65535;

/// GitHub's `primaryLocationLineHash` for every line of `text`, indexed by
/// 0-based line: the rolling hash that `github/codeql-action` computes
/// when a SARIF file lacks one (see its `fingerprints.ts`). Each line's
/// hash covers the 100 characters from the line's start, skipping spaces
/// and tabs, with `\r\n` and `\r` read as `\n`, over UTF-16 code units,
/// and ends in `:N` to tell identical lines apart. Providing the same
/// value keeps alerts tracked when the upload runs elsewhere.
pub fn line_hashes(text: &str) -> Vec<String> {
    let first_mod = (0..BLOCK_SIZE).fold(1u64, |acc, _| acc.wrapping_mul(MOD));
    let mut state = Rolling {
        window: [0; BLOCK_SIZE],
        line_numbers: [None; BLOCK_SIZE],
        hash: 0,
        first_mod,
        index: 0,
        counts: HashMap::new(),
        out: Vec::new(),
    };
    let mut line = 0;
    let mut line_start = true;
    let mut prev_cr = false;
    let units = text.encode_utf16().map(u64::from).chain([EOF]);
    for mut unit in units {
        if unit == u64::from(b' ') || unit == u64::from(b'\t') || (prev_cr && unit == 10) {
            prev_cr = false;
            continue;
        }
        prev_cr = unit == 13;
        if prev_cr {
            unit = 10;
        }
        if state.line_numbers[state.index].is_some() {
            state.output();
        }
        if line_start {
            line_start = false;
            line += 1;
            state.line_numbers[state.index] = Some(line);
        }
        if unit == 10 {
            line_start = true;
        }
        state.update(unit);
    }
    for _ in 0..BLOCK_SIZE {
        if state.line_numbers[state.index].is_some() {
            state.output();
        }
        state.update(0);
    }
    let mut hashes = vec![String::new(); line];
    for (line, hash) in state.out {
        hashes[line - 1] = hash;
    }
    hashes
}

struct Rolling {
    window: [u64; BLOCK_SIZE],
    line_numbers: [Option<usize>; BLOCK_SIZE],
    hash: u64,
    first_mod: u64,
    index: usize,
    counts: HashMap<u64, usize>,
    out: Vec<(usize, String)>,
}

impl Rolling {
    fn update(&mut self, unit: u64) {
        let begin = self.window[self.index];
        self.window[self.index] = unit;
        self.hash = MOD
            .wrapping_mul(self.hash)
            .wrapping_add(unit)
            .wrapping_sub(self.first_mod.wrapping_mul(begin));
        self.index = (self.index + 1) % BLOCK_SIZE;
    }

    fn output(&mut self) {
        let count = self.counts.entry(self.hash).or_default();
        *count += 1;
        if let Some(line) = self.line_numbers[self.index].take() {
            self.out.push((line, format!("{:x}:{count}", self.hash)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expectations of `github/codeql-action`'s own tests.
    #[test]
    fn line_hashes_match_codeql_action() {
        assert_eq!(line_hashes(""), ["c129715d7a2bc9a3:1"]);
        assert_eq!(
            line_hashes(" a\nb\n  \t\tc\n d"),
            [
                "271789c17abda88f:1",
                "54703d4cd895b18:1",
                "180aee12dab6264:1",
                "a23a3dc5e078b07b:1"
            ]
        );
        let expected = [
            "e9496ae3ebfced30:1",
            "fb7c023a8b9ccb3f:1",
            "ce8ba1a563dcdaca:1",
            "e20e36e16fcb0cc8:1",
            "b3edc88f2938467e:1",
            "c8e28b0b4002a3a0:1",
            "c129715d7a2bc9a3:1",
        ];
        for text in [
            " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n",
            " hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r",
            " hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n",
            " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n",
        ] {
            assert_eq!(line_hashes(text), expected, "{text:?}");
        }
        assert_eq!(
            line_hashes(&"Lorem ipsum dolor sit amet.\n".repeat(10)),
            [
                "a7f2ff13bc495cf2:1",
                "a7f2ff13bc495cf2:2",
                "a7f2ff13bc495cf2:3",
                "a7f2ff13bc495cf2:4",
                "a7f2ff13bc495cf2:5",
                "a7f2ff13bc495cf2:6",
                "a7f2ff1481e87703:1",
                "a9cf91f7bbf1862b:1",
                "55ec222b86bcae53:1",
                "cc97dc7b1d7d8f7b:1",
                "c129715d7a2bc9a3:1"
            ]
        );
    }

    #[test]
    fn logical_fingerprints_count_collisions_and_ignore_lines() {
        let lint = &crate::registry::LINTS[0];
        let finding = |start, field: &str| {
            let span = crate::analysis::facts::Span {
                file: crate::analysis::facts::FileId(0),
                start,
                end: start + 1,
            };
            let subject = ("Budget".to_string(), field.to_string());
            Finding::at(lint, span, String::new(), String::new(), subject)
        };
        let mut before = vec![finding(10, "x_used"), finding(20, "x_used")];
        let mut after = vec![
            finding(50, "y_used"),
            finding(90, "x_used"),
            finding(99, "x_used"),
        ];
        assign(&mut before);
        assign(&mut after);
        assert_ne!(before[0].fingerprint, before[1].fingerprint);
        assert!(before[0].fingerprint.ends_with(":1"));
        assert_eq!(before[0].fingerprint, after[1].fingerprint);
        assert_eq!(before[1].fingerprint, after[2].fingerprint);
        assert_ne!(after[0].fingerprint, after[1].fingerprint);
    }
}
