//! Arbitrary bytes as a workspace's only source file, through the whole
//! pipeline (discover, scan, prefilter, parse, model, lints, every output
//! format), with and without the prefilter: it must never panic, and the
//! findings must not depend on the prefilter.

#![no_main]

use budget_lint::cli;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("src");
    std::fs::create_dir(&src).expect("src dir");
    std::fs::write(src.join("lib.rs"), data).expect("source written");
    let path = dir.path().display().to_string();
    let mut findings = Vec::new();
    for prefilter in [true, false] {
        for format in [
            "human",
            "short",
            "json",
            "cargo-json",
            "sarif",
            "github",
            "mermaid",
            "dot",
        ] {
            let mut args = vec![
                path.clone(),
                "-j".to_string(),
                "1".to_string(),
                "--message-format".to_string(),
                format.to_string(),
            ];
            if !prefilter {
                args.push("--no-prefilter".to_string());
            }
            let output = cli::run(args);
            assert!(matches!(output.code, 0..=2), "exit status {}", output.code);
            if format == "json" {
                let doc: serde_json::Value =
                    serde_json::from_str(&output.stdout).expect("JSON output parses");
                findings.push(doc["findings"].clone());
            }
        }
        for format in ["human", "json", "mermaid", "dot"] {
            let map = cli::run(vec![
                "map".to_string(),
                path.clone(),
                "--message-format".to_string(),
                format.to_string(),
            ]);
            assert_eq!(map.code, 0, "{}", map.stderr);
        }
    }
    assert_eq!(
        findings[0], findings[1],
        "the prefilter changed the findings"
    );
});
