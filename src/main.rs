use std::io::Write;

fn main() {
    let args = budget_lint::cli::strip_cargo_word(std::env::args().skip(1).collect());
    let output = budget_lint::cli::run(args);
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(output.stdout.as_bytes());
    let _ = std::io::stderr().write_all(output.stderr.as_bytes());
    std::process::exit(output.code);
}
