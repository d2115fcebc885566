//! How the tool is built and installed: its allocator, the Rust version it
//! declares, its man page and its shell completions.

mod common;

use std::path::PathBuf;
use std::process::Command;

use syn::spanned::Spanned;
use syn::visit::Visit;

type Version = (u32, u32);

fn parse_version(text: &str) -> Version {
    let mut parts = text.split('.').map(|part| part.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

fn show((major, minor): Version) -> String {
    format!("{major}.{minor}")
}

/// Finds `if`/`while` conditions that chain `let` with `&&`, stable
/// since Rust 1.88.
#[derive(Default)]
struct LetChains {
    lines: Vec<usize>,
}

fn has_let_operand(expr: &syn::Expr) -> bool {
    match expr {
        syn::Expr::Let(_) => true,
        syn::Expr::Binary(binary) if matches!(binary.op, syn::BinOp::And(_)) => {
            has_let_operand(&binary.left) || has_let_operand(&binary.right)
        }
        _ => false,
    }
}

impl LetChains {
    fn check(&mut self, condition: &syn::Expr) {
        if let syn::Expr::Binary(binary) = condition
            && matches!(binary.op, syn::BinOp::And(_))
            && has_let_operand(condition)
        {
            self.lines.push(binary.op.span().start().line);
        }
    }
}

impl<'ast> Visit<'ast> for LetChains {
    fn visit_expr_if(&mut self, node: &'ast syn::ExprIf) {
        self.check(&node.cond);
        syn::visit::visit_expr_if(self, node);
    }

    fn visit_expr_while(&mut self, node: &'ast syn::ExprWhile) {
        self.check(&node.cond);
        syn::visit::visit_expr_while(self, node);
    }
}

/// The Rust sources cargo compiles for this package: the library, the
/// binary, the build script, examples and tests (not the inputs under
/// `tests/fuzz-regressions`, which are data).
fn compiled_sources() -> Vec<PathBuf> {
    let repo = common::repo();
    let mut files = vec![repo.join("build.rs")];
    for dir in ["src", "examples", "tests"] {
        for entry in walkdir::WalkDir::new(repo.join(dir))
            .sort_by_file_name()
            .into_iter()
            .flatten()
        {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "rs")
                && !path.starts_with(repo.join("tests/fuzz-regressions"))
            {
                files.push(path.to_path_buf());
            }
        }
    }
    files
}

/// The first let chain in the package's sources, as `file:line`.
fn first_let_chain() -> Option<String> {
    for path in compiled_sources() {
        let text = std::fs::read_to_string(&path).expect("source is UTF-8");
        let file = syn::parse_file(&text).expect("source parses");
        let mut chains = LetChains::default();
        chains.visit_file(&file);
        if let Some(line) = chains.lines.first() {
            let relative = path.strip_prefix(common::repo()).unwrap_or(&path);
            return Some(format!("{}:{line}", relative.display()));
        }
    }
    None
}

/// The package's metadata from `cargo metadata`, with its dependencies on
/// every platform. Offline first; the manifests of other platforms'
/// dependencies, which a build here never downloads, may need the
/// registry.
fn metadata() -> serde_json::Value {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let run = |extra: &[&str]| {
        Command::new(&cargo)
            .args(["metadata", "--format-version", "1", "--locked"])
            .args(extra)
            .current_dir(common::repo())
            .output()
            .expect("cargo metadata runs")
    };
    let mut output = run(&["--offline"]);
    if !output.status.success() {
        output = run(&[]);
    }
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

/// The highest `rust-version` among the packages that building the tool
/// compiles (normal and build dependencies, on any platform), with the
/// package that declares it.
fn dependencies_rust_version(metadata: &serde_json::Value) -> (Version, String) {
    let packages: Vec<&serde_json::Value> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .collect();
    let nodes = metadata["resolve"]["nodes"].as_array().expect("nodes");
    let root = metadata["resolve"]["root"].as_str().expect("root");
    let mut seen = vec![root.to_string()];
    let mut pending = vec![root.to_string()];
    let mut highest = ((0, 0), String::new());
    while let Some(id) = pending.pop() {
        let node = nodes.iter().find(|n| n["id"] == id.as_str()).expect("node");
        for dep in node["deps"].as_array().expect("deps") {
            let builds = dep["dep_kinds"]
                .as_array()
                .expect("dep_kinds")
                .iter()
                .any(|kind| kind["kind"].is_null() || kind["kind"] == "build");
            let dep_id = dep["pkg"].as_str().expect("pkg").to_string();
            if !builds || seen.contains(&dep_id) {
                continue;
            }
            let package = packages
                .iter()
                .find(|p| p["id"] == dep_id.as_str())
                .expect("package");
            if let Some(version) = package["rust_version"].as_str() {
                let version = parse_version(version);
                if version > highest.0 {
                    let name = package["name"].as_str().unwrap_or_default();
                    highest = (version, name.to_string());
                }
            }
            seen.push(dep_id.clone());
            pending.push(dep_id);
        }
    }
    highest
}

/// `rust-version` in Cargo.toml is no lower than what the code needs: the
/// 2024 edition (1.85), the language features it uses and the
/// dependencies' own `rust-version`. Clippy's `incompatible_msrv` checks
/// the standard library items against it, and CI builds with that
/// toolchain where it is installed.
#[test]
fn rust_version_covers_the_language_features_and_the_dependencies() {
    let metadata = metadata();
    let package = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "cargo-budget-lint")
        .expect("this package");
    let declared = parse_version(
        package["rust_version"]
            .as_str()
            .expect("rust-version is set"),
    );

    let mut needs = vec![((1, 85), "edition 2024".to_string())];
    if let Some(place) = first_let_chain() {
        needs.push(((1, 88), format!("let chains ({place})")));
    }
    let (version, name) = dependencies_rust_version(&metadata);
    needs.push((version, format!("the dependency {name}")));
    for (version, reason) in needs {
        assert!(
            declared >= version,
            "rust-version {} is too low: {reason} needs Rust {}",
            show(declared),
            show(version)
        );
    }
}

#[test]
fn let_chains_are_found() {
    let file: syn::File = syn::parse_str(
        "fn f(a: Option<u8>, b: bool) {
            if b && let Some(x) = a { let _ = x; }
            if let Some(x) = a { if b { let _ = x; } }
            while b && b {}
        }",
    )
    .expect("parses");
    let mut chains = LetChains::default();
    chains.visit_file(&file);
    assert_eq!(chains.lines, vec![2]);
}

/// The default build allocates with jemalloc in two arenas; without the
/// `jemalloc` feature, with the system allocator.
#[test]
fn the_allocator_follows_the_jemalloc_feature() {
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-budget-lint"))
        .arg("--version")
        .env("_RJEM_MALLOC_CONF", "stats_print:true")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    if cfg!(all(feature = "jemalloc", not(target_env = "msvc"))) {
        assert!(stderr.contains("jemalloc statistics"), "{stderr}");
        assert!(stderr.contains("opt.narenas: 2"), "{stderr}");
    } else {
        assert!(!stderr.contains("jemalloc"), "{stderr}");
    }
}

/// The long flags of the command line, or of one subcommand.
fn long_flags(subcommand: Option<&str>) -> Vec<String> {
    use clap::CommandFactory;
    let command = budget_lint::cli::Cli::command();
    let command = match subcommand {
        Some(name) => command.find_subcommand(name).expect("subcommand").clone(),
        None => command,
    };
    let flags: Vec<String> = command
        .get_arguments()
        .filter_map(|arg| arg.get_long())
        .map(|long| format!("--{long}"))
        .collect();
    assert!(flags.len() > 5, "{flags:?}");
    flags
}

#[test]
fn completions_for_every_shell_offer_every_flag_and_the_map_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = common::run(&["--completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stderr.is_empty(), "{shell}: {}", run.stderr);
        assert!(run.stdout.contains("cargo-budget-lint"), "{shell}");
        assert!(run.stdout.contains("map"), "{shell}");
        for flag in long_flags(None) {
            // fish names a long flag `-l manifest-path`.
            let spelled = match shell {
                "fish" => format!("-l {}", &flag[2..]),
                _ => flag.clone(),
            };
            assert!(run.stdout.contains(&spelled), "{shell} lacks {flag}");
        }
    }
    let unknown = common::run(&["--completions", "tcsh"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("possible values"),
        "{}",
        unknown.stderr
    );
    let mixed = common::run(&["--completions", "bash", "--list"]);
    assert_eq!(mixed.code, 2, "{}", mixed.stderr);
}

/// What the bash script offers for the words typed so far (the last one
/// being completed), run in a real bash.
fn bash_completes(script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let function = std::fs::read_to_string(script)
        .expect("script")
        .lines()
        .find_map(|line| {
            let rest = line.trim().strip_prefix("complete -F ")?;
            rest.split_whitespace().next().map(str::to_string)
        })
        .expect("the script registers a function");
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let last = words.len() - 1;
    let program = format!(
        "source '{}'; COMP_WORDS=({}); COMP_CWORD={last}; {function} cargo-budget-lint {} {}; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        quoted[last],
        quoted[last - 1],
    );
    let output = Command::new("bash")
        .args(["--norc", "-c", &program])
        .output()
        .expect("bash runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_flags_values_and_the_options_of_map() {
    if Command::new("bash").arg("--version").output().is_err() {
        eprintln!("bash not found: skipping");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let script = dir.path().join("cargo-budget-lint.bash");
    std::fs::write(&script, common::run(&["--completions", "bash"]).stdout).expect("write");

    assert_eq!(
        bash_completes(&script, &["cargo-budget-lint", "--message-f"]),
        ["--message-format"]
    );
    assert_eq!(
        bash_completes(&script, &["cargo-budget-lint", "--message-format", ""]),
        [
            "human",
            "short",
            "json",
            "cargo-json",
            "sarif",
            "github",
            "mermaid",
            "dot"
        ]
    );
    assert_eq!(
        bash_completes(&script, &["cargo-budget-lint", "ma"]),
        ["map"]
    );
    assert_eq!(
        bash_completes(&script, &["cargo-budget-lint", "map", "--mani"]),
        ["--manifest-path"]
    );
    // `map` takes no level flags.
    assert!(bash_completes(&script, &["cargo-budget-lint", "map", "--ba"]).is_empty());
}

/// groff's warnings about a man page, or `None` without groff.
fn groff_warnings(page: &str) -> Option<String> {
    use std::io::Write;
    let mut child = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(page.as_bytes())
        .expect("groff reads the page");
    let output = child.wait_with_output().expect("groff ends");
    assert!(output.status.success());
    Some(String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn man_pages_document_every_flag_of_the_command_and_of_map() {
    for (args, title, subcommand) in [
        (&["--man"][..], ".TH cargo-budget-lint 1", None),
        (
            &["--man", "map"][..],
            ".TH cargo-budget-lint-map 1",
            Some("map"),
        ),
    ] {
        let run = common::run(args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains(title), "{}", run.stdout);
        assert!(run.stdout.contains(".SH SYNOPSIS"));
        for flag in long_flags(subcommand) {
            // roff escapes every hyphen.
            let escaped = flag.replace('-', "\\-");
            assert!(run.stdout.contains(&escaped), "{title} lacks {flag}");
        }
        match groff_warnings(&run.stdout) {
            Some(warnings) => assert!(warnings.is_empty(), "{title}: {warnings}"),
            None => eprintln!("groff not found: the page's roff is not checked"),
        }
    }
    let main = common::run(&["--man"]).stdout;
    assert!(
        main.contains("cargo\\-budget\\-lint\\-map(1)"),
        "the page points to map's"
    );
    assert!(
        !main.contains("cargo\\-budget\\-lint\\-help(1)"),
        "no page for help"
    );
    let unknown = common::run(&["--man", "lint"]);
    assert_eq!(unknown.code, 2, "{}", unknown.stderr);
}
