use std::time::Duration;

/// Configuration options for the search, built from the command line.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Whether the search is case-sensitive or case-insensitive.
    pub case_sensitive: bool,
    /// Whether to ignore hidden files and directories (or not).
    pub ignore_hidden: bool,
    /// The maximum search depth, or `None` if no maximum search depth should be set.
    ///
    /// A depth of `1` includes all files under the current directory, a depth of `2` also includes
    /// all files under subdirectories of the current directory, etc.
    pub max_depth: Option<usize>,
    /// The minimum depth for reported entries, or `None`.
    pub min_depth: Option<usize>,
    /// The number of threads to use.
    pub threads: usize,
    /// If true, the program doesn't print anything and will instead return an exit code of 0
    /// if there's at least one match. Otherwise, the exit code will be 1.
    pub quiet: bool,
    /// Time to buffer results internally before streaming to the console. This is useful to
    /// provide a sorted output, in case the total execution time is shorter than
    /// `max_buffer_time`.
    pub max_buffer_time: Option<Duration>,
    /// Whether or not to display filesystem errors
    pub show_filesystem_errors: bool,
    /// The maximum number of search results
    pub max_results: Option<usize>,
}

impl Config {
    /// Builds the configuration from `--flag value` style arguments.
    pub fn from_args<I: IntoIterator<Item = String>>(args: I) -> Result<Config, String> {
        let mut cfg = Config { threads: 1, ignore_hidden: true, ..Config::default() };
        let mut it = args.into_iter();
        while let Some(arg) = it.next() {
            let mut value = |name: &str| -> Result<usize, String> {
                it.next()
                    .ok_or_else(|| format!("{name} needs a value"))?
                    .parse::<usize>()
                    .map_err(|e| format!("{name}: {e}"))
            };
            match arg.as_str() {
                "--max-depth" | "-d" => cfg.max_depth = Some(value("--max-depth")?),
                "--min-depth" => cfg.min_depth = Some(value("--min-depth")?),
                "--exact-depth" => {
                    let d = value("--exact-depth")?;
                    cfg.min_depth = Some(d);
                    cfg.max_depth = Some(d);
                }
                "--threads" | "-j" => cfg.threads = value("--threads")?.max(1),
                "--max-results" => cfg.max_results = Some(value("--max-results")?).filter(|&n| n > 0),
                "-1" => cfg.max_results = Some(1),
                "--max-buffer-time" => {
                    cfg.max_buffer_time = Some(Duration::from_millis(value("--max-buffer-time")? as u64))
                }
                "--quiet" | "-q" => cfg.quiet = true,
                "--show-errors" => cfg.show_filesystem_errors = true,
                "--case-sensitive" | "-s" => cfg.case_sensitive = true,
                "--hidden" | "-H" => cfg.ignore_hidden = false,
                other => return Err(format!("unexpected argument '{other}'")),
            }
        }
        Ok(cfg)
    }
}
