//! The command line: `cargo budget-lint [OPTIONS] [PATH]...` and
//! `cargo budget-lint map`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::discover::Selection;
use crate::lints::{LINTS, Level, find_lint};
use crate::pipeline::Options;
use crate::render;

/// Exit status: nothing at deny level.
pub const EXIT_OK: i32 = 0;
/// Exit status: findings at deny level.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: usage, configuration or I/O error.
pub const EXIT_ERROR: i32 = 2;

#[derive(Debug, Parser)]
#[command(
    name = "cargo-budget-lint",
    bin_name = "cargo budget-lint",
    version,
    about = "Finds budget-wiring bugs: limits checked against counters nothing increments, counters nobody checks, limits nobody reads",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(flatten)]
    pub lint: LintArgs,
    /// Print the documentation of a lint (code or name) and exit.
    #[arg(long, value_name = "LINT")]
    pub explain: Option<String>,
    /// Print the table of lints with their default levels and exit.
    #[arg(long)]
    pub list: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every budget found: each counter, its limits, and how many
    /// spend and check sites it has in production and test code.
    Map(LintArgs),
}

#[derive(Debug, Args, Clone)]
pub struct LintArgs {
    /// Directories and files to lint as one analysis, without cargo metadata.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Path to Cargo.toml of the workspace or package to lint.
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    /// Lint only these workspace members.
    #[arg(short = 'p', long = "package", value_name = "SPEC")]
    pub packages: Vec<String>,
    /// Lint every workspace member (the default).
    #[arg(long)]
    pub workspace: bool,
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
    /// Worker threads for reading and parsing (default: the number of cores).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Parse every file, not only those whose text can matter to a finding.
    #[arg(long)]
    pub no_prefilter: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MessageFormat {
    Human,
    Json,
    Sarif,
}

/// Runs the tool on `args` (without the program name or the `budget-lint`
/// word cargo passes) and returns the exit status with what to print.
pub fn run(args: Vec<String>) -> Output {
    let cli =
        match Cli::try_parse_from(std::iter::once("cargo-budget-lint".to_string()).chain(args)) {
            Ok(cli) => cli,
            Err(error) => {
                let code = if error.use_stderr() {
                    EXIT_ERROR
                } else {
                    EXIT_OK
                };
                let text = error.render().to_string();
                return if code == EXIT_OK {
                    Output::stdout(code, text)
                } else {
                    Output::stderr(code, text)
                };
            }
        };
    if let Some(name) = &cli.explain {
        return match find_lint(name) {
            Some(lint) => Output::stdout(EXIT_OK, lint.doc.to_string()),
            None => Output::stderr(
                EXIT_ERROR,
                format!("error: no lint named `{name}`; `--list` shows them\n"),
            ),
        };
    }
    if cli.list {
        return Output::stdout(EXIT_OK, lint_table());
    }
    let (args, map) = match cli.command {
        Some(Command::Map(args)) => (args, true),
        None => (cli.lint, false),
    };
    let selection = Selection {
        manifest_path: args.manifest_path.clone(),
        packages: args.packages.clone(),
        paths: args.paths.clone(),
    };
    let threads = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let options = Options {
        threads,
        // `map` lists every budget, including those no code uses.
        prefilter: !args.no_prefilter && !map,
    };
    let report = match crate::analyze(&selection, options) {
        Ok(report) => report,
        Err(message) => return Output::stderr(EXIT_ERROR, format!("error: {message}\n")),
    };
    if map {
        return Output::stdout(EXIT_OK, render::map::render(&report));
    }
    let text = match args.message_format {
        MessageFormat::Human => render::human::render(&report),
        MessageFormat::Json => render::json::render(&report),
        MessageFormat::Sarif => render::sarif::render(&report),
    };
    let unreadable = report.errors.iter().any(|e| e.file.is_none());
    let code = if report.count(Level::Deny) > 0 {
        EXIT_FINDINGS
    } else if unreadable {
        EXIT_ERROR
    } else {
        EXIT_OK
    };
    Output::stdout(code, text)
}

fn lint_table() -> String {
    let mut out = format!("{:<6} {:<28} {:<6} {}\n", "code", "name", "level", "finds");
    for lint in LINTS {
        out.push_str(&format!(
            "{:<6} {:<28} {:<6} {}\n",
            lint.code,
            lint.name,
            lint.default_level.as_str(),
            lint.summary
        ));
    }
    out
}

/// What a run prints and the status it exits with.
#[derive(Debug)]
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    fn stdout(code: i32, text: String) -> Output {
        Output {
            code,
            stdout: text,
            stderr: String::new(),
        }
    }

    fn stderr(code: i32, text: String) -> Output {
        Output {
            code,
            stdout: String::new(),
            stderr: text,
        }
    }
}

/// Drops the `budget-lint` word cargo inserts when run as `cargo budget-lint`.
pub fn strip_cargo_word(mut args: Vec<String>) -> Vec<String> {
    if args.first().map(String::as_str) == Some("budget-lint") {
        args.remove(0);
    }
    args
}
