//! A tiny HTTP load generator: `-n` requests (or `-z` duration) over `-c`
//! connections, optionally paced to `-q` queries per second.

mod client;
mod monitor;

use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Opts {
    pub url: String,
    /// Number of requests to run.
    pub n_requests: usize,
    /// Number of connections to run concurrently.
    pub n_connections: usize,
    /// Duration of application to send requests. If duration is specified, n is ignored.
    pub duration: Option<Duration>,
    /// Rate limit for all, in queries per second (QPS)
    pub query_per_second: Option<f64>,
    /// Timeout for each request.
    pub timeout: Option<Duration>,
}

impl Default for Opts {
    fn default() -> Self {
        Opts {
            url: String::new(),
            n_requests: 200,
            n_connections: 50,
            duration: None,
            query_per_second: None,
            timeout: None,
        }
    }
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let (num, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: u64 = num.parse().map_err(|e| format!("{s}: {e}"))?;
    Ok(match unit {
        "ms" => Duration::from_millis(n),
        "s" | "" => Duration::from_secs(n),
        "m" => Duration::from_secs(n * 60),
        _ => return Err(format!("unknown unit in {s}")),
    })
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Opts, String> {
    let mut opts = Opts::default();
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "-n" => opts.n_requests = value()?.parse().map_err(|e| format!("-n: {e}"))?,
            "-c" => opts.n_connections = value()?.parse().map_err(|e| format!("-c: {e}"))?,
            "-z" => opts.duration = Some(parse_duration(&value()?)?),
            "-q" => opts.query_per_second = Some(value()?.parse().map_err(|e| format!("-q: {e}"))?),
            "-t" => opts.timeout = Some(parse_duration(&value()?)?),
            url if !url.starts_with('-') => opts.url = url.to_string(),
            other => return Err(format!("unknown flag {other}")),
        }
    }
    if opts.url.is_empty() {
        return Err("missing URL".to_string());
    }
    Ok(opts)
}

fn main() {
    let opts = match parse_args(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };

    let target = client::Target::new(&opts.url, opts.timeout);
    let (tx, rx) = std::sync::mpsc::channel();
    let total = if opts.duration.is_some() { None } else { Some(opts.n_requests) };
    let monitor = std::thread::spawn(move || monitor::Monitor::new(total).run(rx));

    match (opts.duration, opts.query_per_second) {
        (Some(duration), _) => client::work_until(&target, tx, duration, opts.n_connections),
        (None, Some(qps)) => {
            client::work_with_qps(&target, tx, qps, opts.n_requests, opts.n_connections)
        }
        (None, None) => client::work(&target, tx, opts.n_requests, opts.n_connections),
    }

    let summary = monitor.join().expect("monitor thread panicked");
    println!("{summary}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_flags() {
        let o = parse_args(["-n", "10", "-c", "2", "http://x/"].iter().map(|s| s.to_string())).unwrap();
        assert_eq!(o.n_requests, 10);
        assert_eq!(o.n_connections, 2);
    }
}
