//! `runcap`: runs a command for the CI bot, capturing at most a fixed amount
//! of its combined output and killing it after a timeout.
//!
//! Usage: `runcap [--cap BYTES] [--timeout SECS] -- program args...`

mod runner;

use std::process::ExitCode;
use std::time::Duration;

use runner::{run, RunLimits};

fn parse_args(args: &[String]) -> Result<(RunLimits, &[String]), String> {
    let mut limits = RunLimits::default();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--cap" => {
                let v = args.get(i + 1).ok_or("--cap needs a value")?;
                limits.output_cap = v.parse().map_err(|e| format!("--cap: {e}"))?;
                i += 2;
            }
            "--timeout" => {
                let v = args.get(i + 1).ok_or("--timeout needs a value")?;
                let secs: f64 = v.parse().map_err(|e| format!("--timeout: {e}"))?;
                limits.timeout = (secs > 0.0).then(|| Duration::from_secs_f64(secs));
                i += 2;
            }
            "--" => return Ok((limits, &args[i + 1..])),
            other => return Err(format!("unexpected argument {other}")),
        }
    }
    Err("missing `-- program`".to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (limits, command) = match parse_args(&args) {
        Ok((l, c)) if !c.is_empty() => (l, c),
        Ok(_) => {
            eprintln!("runcap: no program given");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("runcap: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&command[0], &command[1..], &limits) {
        Ok(out) => {
            print!("{}", String::from_utf8_lossy(&out.stdout));
            eprint!("{}", String::from_utf8_lossy(&out.stderr));
            if out.truncated {
                eprintln!("runcap: output truncated at {} bytes", limits.output_cap);
            }
            if out.timed_out {
                eprintln!("runcap: killed after {:?}", limits.timeout.unwrap_or_default());
                return ExitCode::from(124);
            }
            ExitCode::from(out.status.and_then(|s| s.code()).unwrap_or(1) as u8)
        }
        Err(e) => {
            eprintln!("runcap: {e}");
            ExitCode::from(127)
        }
    }
}
