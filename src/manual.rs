//! The man pages and the shell completion scripts, generated from the
//! definition of the command line, so that they cannot drift from it.

use clap::{Command, CommandFactory};
use clap_complete::Shell;

use crate::cli::{Cli, ManPage};

/// The name the completion scripts complete and the man pages are named
/// after: the binary, which runs the same as `cargo budget-lint`. A shell's
/// completion of `cargo` does not hand the words after an external
/// subcommand to another script.
const BINARY: &str = "cargo-budget-lint";

/// The completion script for `shell`.
pub fn completions(shell: Shell) -> String {
    let mut script = Vec::new();
    let mut command = Cli::command().name(BINARY);
    clap_complete::generate(shell, &mut command, BINARY, &mut script);
    let script = String::from_utf8_lossy(&script).into_owned();
    if shell != Shell::Bash {
        return script;
    }
    // The bash script's loop names the state after `map` as
    // `cargo__budget__lint__subcmd__map`, but its `case` arm turns the
    // binary's hyphens into `__subcmd__`, so no subcommand's options were
    // ever completed (clap-rs/clap#6421): spell the arms as the loop does.
    let misspelled = format!("{}__subcmd__", BINARY.replace('-', "__subcmd__"));
    let spelled = format!("{}__subcmd__", BINARY.replace('-', "__"));
    script.replace(&misspelled, &spelled)
}

/// The man page in roff: `cargo-budget-lint(1)`, or with a subcommand,
/// `cargo-budget-lint-map(1)`.
pub fn man_page(subcommand: Option<ManPage>) -> Result<String, String> {
    // The `help` subcommand has no page to point to; `--help` stays.
    let command = Cli::command().name(BINARY).disable_help_subcommand(true);
    let page = match subcommand {
        None => command,
        Some(ManPage::Map) => subcommand_page(&command, "map", "cargo-budget-lint-map")?,
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut roff)
        .map_err(|error| format!("cannot render the man page: {error}"))?;
    Ok(String::from_utf8_lossy(&roff).into_owned())
}

/// The page of a subcommand, named `{BINARY}-{subcommand}`.
fn subcommand_page(
    command: &Command,
    subcommand: &str,
    page: &'static str,
) -> Result<Command, String> {
    let Some(found) = command.find_subcommand(subcommand) else {
        return Err(format!("no subcommand `{subcommand}` to document"));
    };
    Ok(found
        .clone()
        .name(page)
        .bin_name(format!("cargo budget-lint {subcommand}"))
        .version(env!("CARGO_PKG_VERSION")))
}
