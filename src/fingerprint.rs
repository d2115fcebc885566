//! Fingerprints that recognise a finding across runs.

use std::collections::HashMap;

use crate::lints::Finding;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logical_fingerprints_count_collisions_and_ignore_lines() {
        let lint = &crate::lints::LINTS[0];
        let finding = |start, field: &str| {
            let span = crate::facts::Span {
                file: 0,
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
