//! The command line: `cargo budget-lint [OPTIONS] [PATH]...` and
//! `cargo budget-lint map`.

use std::path::PathBuf;

use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use crate::engine::Options;
use crate::engine::progress::ProgressMode;
use crate::gate::Gate;
pub use crate::gate::{EXIT_ERROR, EXIT_FINDINGS, EXIT_OK};
use crate::input::discover::Selection;
use crate::levels::{self, LevelOverrides};
use crate::registry::{Level, LintId, find_lint};
use crate::render;

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
    #[command(flatten)]
    pub gate: GateArgs,
    /// Print the documentation of a lint (code or name) and exit.
    #[arg(long, value_name = "LINT")]
    pub explain: Option<String>,
    /// Print the table of lints with their effective and default levels
    /// and exit.
    #[arg(long)]
    pub list: bool,
    /// Print the completion script for SHELL (it completes
    /// `cargo-budget-lint`) and exit.
    #[arg(long, value_name = "SHELL", exclusive = true)]
    pub completions: Option<clap_complete::Shell>,
    /// Print the man page (roff) of the command, or of its SUBCOMMAND, and
    /// exit: `cargo budget-lint --man | man -l -`.
    #[arg(long, value_name = "SUBCOMMAND", exclusive = true)]
    pub man: Option<Option<ManPage>>,
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
    /// Lint only these workspace members: names, `name@version`, package
    /// ids or globs (`'client-*'`).
    #[arg(short = 'p', long = "package", value_name = "SPEC")]
    pub packages: Vec<String>,
    /// Lint every workspace member (the default).
    #[arg(long, conflicts_with = "packages")]
    pub workspace: bool,
    /// With `--workspace`, leave these members out (specs as for `-p`).
    #[arg(long, value_name = "SPEC", requires = "workspace")]
    pub exclude: Vec<String>,
    /// Also lint the files that `.gitignore`, `.ignore` and git's exclude
    /// file leave out, and hidden files.
    #[arg(long)]
    pub include_ignored: bool,
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
    /// Coloring of the human diagnostics: `auto` colours a terminal unless
    /// `NO_COLOR` is set (`CLICOLOR_FORCE` colours anything).
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        env = "CARGO_TERM_COLOR",
        default_value_t = ColorWhen::Auto,
        hide_env_values = true
    )]
    pub color: ColorWhen,
    /// Print no summary or status lines, only the findings, warnings and
    /// errors.
    #[arg(short = 'q', long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Also print what was linted, with which configuration, and what was
    /// left out.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// Trim the source lines of human diagnostics to this many columns
    /// (default: the terminal's width; untrimmed when not a terminal).
    #[arg(long, value_name = "N")]
    pub diagnostic_width: Option<usize>,
    /// Apply the machine-applicable suggestions, then lint again.
    #[arg(long)]
    pub fix: bool,
    /// Let `--fix` apply the suggestions that may be incorrect too (review
    /// them); those with placeholders are never applied.
    #[arg(long, requires = "fix")]
    pub unsafe_fixes: bool,
    /// Let `--fix` edit a work tree with uncommitted changes, staged or not.
    #[arg(long, requires = "fix")]
    pub allow_dirty: bool,
    /// Let `--fix` edit a work tree whose uncommitted changes are staged.
    #[arg(long, requires = "fix")]
    pub allow_staged: bool,
    /// Let `--fix` edit files that no version control system keeps.
    #[arg(long, requires = "fix")]
    pub allow_no_vcs: bool,
    /// Worker threads for reading and parsing (default: the number of cores).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Parse every file, not only those whose text can matter to a finding.
    #[arg(long)]
    pub no_prefilter: bool,
    /// Show the progress line on stderr from the start, also in CI and
    /// where stderr is no terminal (one line a round there). Without it,
    /// the line shows on a terminal outside CI once a run takes more than
    /// two seconds.
    #[arg(long, conflicts_with = "quiet")]
    pub progress: bool,
    /// Scan and parse every file again: neither read nor write the facts
    /// cache, wherever it is.
    #[arg(long)]
    pub no_cache: bool,
    /// Keep the facts cache in DIR (default: `budget-lint/` in the target
    /// directory).
    #[arg(long, value_name = "DIR", env = "BUDGET_LINT_CACHE_DIR")]
    pub cache_dir: Option<PathBuf>,
}

/// How findings fail a run. Level flags apply in the order given, after
/// the `[lints]` table of `budget-lint.toml`; a later one wins.
#[derive(Debug, Args, Clone, Default)]
pub struct GateArgs {
    /// Allow a lint (code, name, or `all`): do not report it.
    #[arg(short = 'A', long = "allow", value_name = "LINT")]
    pub allow: Vec<String>,
    /// Report a lint as a warning, which does not fail the run.
    #[arg(short = 'W', long = "warn", value_name = "LINT")]
    pub warn: Vec<String>,
    /// Report a lint as an error, which fails the run.
    #[arg(short = 'D', long = "deny", value_name = "LINT")]
    pub deny: Vec<String>,
    /// Exit 0 even when findings are denied.
    #[arg(long)]
    pub exit_zero: bool,
    /// Report only findings that this baseline does not record, and list
    /// its entries that no longer occur.
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    pub baseline: Option<PathBuf>,
    /// Record the reported findings in this baseline, then report as if
    /// it were given to `--baseline`.
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
    /// The code scanning category of the SARIF output
    /// (`automationDetails.id`); without it the upload's category applies.
    #[arg(long, value_name = "CATEGORY")]
    pub sarif_category: Option<String>,
    /// Keep findings suppressed in source or recorded in the baseline in
    /// the SARIF output, marked as suppressed (for audits: GitHub code
    /// scanning opens alerts for them all the same).
    #[arg(long)]
    pub sarif_include_suppressed: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    /// Whether text for standard error gets ANSI colours.
    fn colors_stderr(self) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                anstream::AutoStream::choice(&std::io::stderr()) != anstream::ColorChoice::Never
            }
        }
    }
}

/// A format as `--message-format` spells it.
fn format_name(format: MessageFormat) -> String {
    format
        .to_possible_value()
        .map_or_else(String::new, |value| value.get_name().to_string())
}

/// The columns of the terminal on standard error, if it is one.
fn terminal_width() -> Option<usize> {
    let (terminal_size::Width(width), _) = terminal_size::terminal_size_of(std::io::stderr())?;
    Some(usize::from(width))
}

/// The subcommands with a man page of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ManPage {
    Map,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MessageFormat {
    /// rustc-like diagnostics on stderr.
    Human,
    /// One line per finding on stderr, `path:line:col: error[BL001]: ...`,
    /// and a `help` line where its suggested code goes.
    Short,
    /// One JSON document on stdout (schema version 1).
    Json,
    /// One cargo `compiler-message` JSON line per finding on stdout, as
    /// `cargo check --message-format json` prints, for rust-analyzer.
    CargoJson,
    Sarif,
    /// GitHub Actions annotations, and a job summary when
    /// `GITHUB_STEP_SUMMARY` is set.
    Github,
    /// A Mermaid wiring diagram on stdout: of every budget with `map`, of
    /// the budgets of the BL001 and BL002 findings otherwise.
    Mermaid,
    /// The same diagram in Graphviz DOT.
    Dot,
}

/// The `-A`/`-W`/`-D` values in the order they were given.
fn level_flags(matches: &ArgMatches) -> Vec<(String, Level)> {
    let mut flags: Vec<(usize, String, Level)> = Vec::new();
    for (id, level) in [
        ("allow", Level::Allow),
        ("warn", Level::Warn),
        ("deny", Level::Deny),
    ] {
        let (Some(indices), Some(values)) =
            (matches.indices_of(id), matches.get_many::<String>(id))
        else {
            continue;
        };
        flags.extend(indices.zip(values).map(|(i, v)| (i, v.clone(), level)));
    }
    flags.sort_by_key(|(index, _, _)| *index);
    flags.into_iter().map(|(_, v, level)| (v, level)).collect()
}

fn parse(args: Vec<String>) -> Result<(Cli, Vec<(String, Level)>), clap::Error> {
    let argv = std::iter::once("cargo-budget-lint".to_string()).chain(args);
    let matches = Cli::command().try_get_matches_from(argv)?;
    let cli = Cli::from_arg_matches(&matches)?;
    Ok((cli, level_flags(&matches)))
}

/// Runs the tool on `args` (without the program name or the `budget-lint`
/// word cargo passes) and returns the exit status with what to print.
/// Prints on stderr where the run's time went, when the environment
/// variable `BUDGET_LINT_TIMINGS` is set (for tuning, not a stable format).
pub fn report_timings() {
    crate::engine::timings::report();
}

pub fn run(args: Vec<String>) -> Output {
    let (cli, flags) = match parse(args) {
        Ok(parsed) => parsed,
        Err(error) => {
            let text = error.render().to_string();
            return if error.use_stderr() {
                Output::stderr(EXIT_ERROR, text)
            } else {
                Output::stdout(EXIT_OK, text)
            };
        }
    };
    if let Some(shell) = cli.completions {
        return Output::stdout(EXIT_OK, crate::manual::completions(shell));
    }
    if let Some(page) = cli.man {
        return match crate::manual::man_page(page) {
            Ok(page) => Output::stdout(EXIT_OK, page),
            Err(message) => Output::stderr(EXIT_ERROR, format!("error: {message}\n")),
        };
    }
    if let Some(name) = &cli.explain {
        return match find_lint(name) {
            Some(lint) => Output::stdout(EXIT_OK, lint.doc.to_string()),
            None => Output::stderr(
                EXIT_ERROR,
                format!("error: no lint named `{name}`; `--list` shows them\n"),
            ),
        };
    }
    let gate = Gate {
        levels: match LevelOverrides::from_args(&flags) {
            Ok(levels) => levels,
            Err(message) => return Output::stderr(EXIT_ERROR, format!("error: {message}\n")),
        },
        baseline: cli.gate.baseline.clone(),
        write_baseline: cli.gate.write_baseline.clone(),
        exit_zero: cli.gate.exit_zero,
    };
    if cli.list {
        return match list(&cli.lint, &gate) {
            Ok(table) => Output::stdout(EXIT_OK, table),
            Err(message) => Output::stderr(EXIT_ERROR, format!("error: {message}\n")),
        };
    }
    let (args, map) = match cli.command {
        Some(Command::Map(args)) => (args, true),
        None => (cli.lint, false),
    };
    if map
        && !matches!(
            args.message_format,
            MessageFormat::Human
                | MessageFormat::Json
                | MessageFormat::Mermaid
                | MessageFormat::Dot
        )
    {
        return Output::stderr(
            EXIT_ERROR,
            format!(
                "error: `map` prints `--message-format` `human`, `json`, `mermaid` or `dot`, not `{}`\n",
                format_name(args.message_format)
            ),
        );
    }
    let selection = selection(&args);
    let threads = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let options = Options {
        threads,
        // `map` lists every budget, including those no code uses.
        prefilter: !args.no_prefilter && !map,
        cache: match (&args.cache_dir, args.no_cache) {
            (_, true) => crate::engine::cache::Caching::Off,
            (Some(dir), false) => crate::engine::cache::Caching::In(dir.clone()),
            (None, false) => crate::engine::cache::Caching::TargetDirectory,
        },
        progress: if args.quiet {
            ProgressMode::Off
        } else if args.progress {
            ProgressMode::Always
        } else {
            ProgressMode::Auto
        },
    };
    let (mut report, mut freeing) =
        match crate::analyze_lints(&selection, options.clone(), &LintId::ALL) {
            Ok(analysis) => analysis,
            Err(message) => return Output::stderr(EXIT_ERROR, format!("error: {message}\n")),
        };
    if map {
        let text = match args.message_format {
            MessageFormat::Json => render::map::render_json(&report),
            MessageFormat::Mermaid => render::diagram::of_map(&report).mermaid(),
            MessageFormat::Dot => render::diagram::of_map(&report).dot(),
            _ => render::map::render(&report),
        };
        return Output::stdout(EXIT_OK, text);
    }
    let mut stderr = match gate.apply(&mut report) {
        Ok(notes) => notes.iter().map(|n| format!("{n}\n")).collect::<String>(),
        Err(message) => return Output::stderr(EXIT_ERROR, format!("error: {message}\n")),
    };
    let mut write_failed = false;
    if args.fix {
        let policy = crate::fix::VcsPolicy {
            allow_dirty: args.allow_dirty,
            allow_staged: args.allow_staged,
            allow_no_vcs: args.allow_no_vcs,
        };
        if let Err(message) = crate::fix::check_version_control(&report.root, policy) {
            return Output::stderr(EXIT_ERROR, format!("error: {message}\n"));
        }
        let outcome = crate::fix::apply(&report, args.unsafe_fixes);
        for (file, count) in outcome.fixed.iter().filter(|_| !args.quiet) {
            let plural = if *count == 1 { "" } else { "es" };
            stderr.push_str(&format!("       Fixed {file} ({count} fix{plural})\n"));
        }
        for (file, reason) in &outcome.rolled_back {
            stderr.push_str(&format!("warning: did not fix {file}: {reason}\n"));
        }
        for (file, reason) in &outcome.failed {
            stderr.push_str(&format!("error: did not fix {file}: {reason}\n"));
        }
        write_failed = !outcome.failed.is_empty();
        if outcome.unsafe_skipped > 0 {
            let count = outcome.unsafe_skipped;
            stderr.push_str(&format!(
                "note: {count} suggestion{} that may be incorrect {} not applied; review {} and pass `--unsafe-fixes` to apply {}\n",
                if count == 1 { "" } else { "s" },
                if count == 1 { "was" } else { "were" },
                if count == 1 { "it" } else { "them" },
                if count == 1 { "it" } else { "them" },
            ));
        }
        if !outcome.fixed.is_empty() {
            (report, freeing) = match crate::analyze_lints(&selection, options, &LintId::ALL) {
                Ok(analysis) => analysis,
                Err(message) => return Output::stderr(EXIT_ERROR, format!("error: {message}\n")),
            };
            if let Err(message) = gate.apply(&mut report) {
                return Output::stderr(EXIT_ERROR, format!("error: {message}\n"));
            }
        }
    }
    let style = render::human::Style {
        color: args.color.colors_stderr(),
        width: args.diagnostic_width.or_else(terminal_width),
    };
    if args.verbose {
        stderr.push_str(&verbose_lines(&report));
    }
    let text = match args.message_format {
        MessageFormat::Human => {
            stderr.push_str(&render::human::render(&report, style));
            if !args.quiet {
                stderr.push_str(&render::human::summary(&report));
            }
            String::new()
        }
        MessageFormat::Short => {
            stderr.push_str(&render::short::render(&report));
            if !args.quiet {
                stderr.push_str(&render::human::summary(&report));
            }
            String::new()
        }
        MessageFormat::Json => render::json::render(&report),
        MessageFormat::CargoJson => {
            render::cargo_json::render(&report, gate.exit_code(&report) == EXIT_OK)
        }
        MessageFormat::Sarif => render::sarif::render(
            &report,
            render::sarif::Options {
                category: cli.gate.sarif_category.as_deref(),
                include_suppressed: cli.gate.sarif_include_suppressed,
            },
        ),
        MessageFormat::Mermaid => render::diagram::of_findings(&report, report.active()).mermaid(),
        MessageFormat::Dot => render::diagram::of_findings(&report, report.active()).dot(),
        MessageFormat::Github => {
            if let Err(message) = append_step_summary(&report) {
                stderr.push_str(&format!("warning: {message}\n"));
            }
            render::github::render(&report)
        }
    };
    Output {
        code: if write_failed {
            EXIT_ERROR
        } else {
            gate.exit_code(&report)
        },
        stdout: text,
        stderr,
        _analysis: Some((report, freeing)),
    }
}

/// What `-v` adds before the findings: the root, the files, the
/// configuration, and the findings left out.
fn verbose_lines(report: &crate::Report) -> String {
    let mut out = format!(
        "budget-lint: linted {} file{} under `{}`\n",
        report.files,
        if report.files == 1 { "" } else { "s" },
        report.root.display()
    );
    if report.config_sources.is_empty() {
        out.push_str("budget-lint: no configuration; every setting is its default\n");
    }
    for source in &report.config_sources {
        out.push_str(&format!(
            "budget-lint: configuration from `{}`\n",
            source.display()
        ));
    }
    let left_out = report.findings.len() - report.active().count();
    if left_out > 0 {
        out.push_str(&format!(
            "budget-lint: {left_out} finding{} suppressed in source or by the baseline\n",
            if left_out == 1 { "" } else { "s" }
        ));
    }
    out
}

fn selection(args: &LintArgs) -> Selection {
    Selection {
        manifest_path: args.manifest_path.clone(),
        packages: args.packages.clone(),
        exclude: args.exclude.clone(),
        paths: args.paths.clone(),
        include_ignored: args.include_ignored,
    }
}

/// The lint table with the levels a run with these arguments would use.
/// Outside any workspace, and with no path or manifest given, there is no
/// configuration to read.
fn list(args: &LintArgs, gate: &Gate) -> Result<String, String> {
    let explicit = args.manifest_path.is_some() || !args.paths.is_empty();
    let config = match crate::input::discover::discover(&selection(args), 1) {
        Ok(discovery) => {
            let config = crate::config::Config::load(&discovery.root, &discovery.manifests)
                .map_err(|e| e.to_string())?;
            LevelOverrides::from_codes(&config.lints)
        }
        Err(message) if explicit => return Err(message),
        Err(_) => LevelOverrides::default(),
    };
    Ok(levels::table(&config.then(gate.levels.clone())))
}

/// Appends the Markdown summary to `$GITHUB_STEP_SUMMARY` when it is set.
fn append_step_summary(report: &crate::Report) -> Result<(), String> {
    let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY").filter(|p| !p.is_empty()) else {
        return Ok(());
    };
    let write = || -> std::io::Result<()> {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)?;
        file.write_all(render::summary::render(report).as_bytes())
    };
    write().map_err(|error| {
        format!(
            "cannot append the job summary to `{}`: {error}",
            std::path::Path::new(&path).display()
        )
    })
}

/// What a run prints and the status it exits with.
#[derive(Debug)]
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    /// The analysis behind the output and its memory still being freed,
    /// dropped with it: a process that exits once the output is written
    /// frees none of it.
    _analysis: Option<(crate::Report, crate::engine::workers::Aside)>,
}

impl Output {
    fn stdout(code: i32, text: String) -> Output {
        Output {
            code,
            stdout: text,
            stderr: String::new(),
            _analysis: None,
        }
    }

    fn stderr(code: i32, text: String) -> Output {
        Output {
            code,
            stdout: String::new(),
            stderr: text,
            _analysis: None,
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
