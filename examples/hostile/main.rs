//! Writes the hostile inputs of `grammar.rs`.
//!
//! `cargo run --release --example hostile -- list` prints the case names;
//! `… -- write DIR CASE N` writes case CASE at size N as `DIR/src/lib.rs`.

mod grammar;

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["list"] => {
            for case in grammar::CASES {
                println!("{}", case.name);
            }
            ExitCode::SUCCESS
        }
        ["write", dir, name, size] => {
            let Some(case) = grammar::case(name) else {
                eprintln!("error: no case named `{name}`");
                return ExitCode::from(2);
            };
            let Ok(size) = size.parse::<usize>() else {
                eprintln!("error: `{size}` is not a size");
                return ExitCode::from(2);
            };
            let src = Path::new(dir).join("src");
            let written = std::fs::create_dir_all(&src)
                .and_then(|()| std::fs::write(src.join("lib.rs"), (case.generate)(size)));
            if let Err(error) = written {
                eprintln!("error: cannot write {}: {error}", src.display());
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: hostile list | hostile write DIR CASE N");
            ExitCode::from(2)
        }
    }
}
