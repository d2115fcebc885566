//! A Celery-protocol worker: runs tasks from a broker and re-publishes the
//! ones that ask to be retried.

macro_rules! info {
    ($($arg:tt)+) => { $crate::log_line("INFO", format_args!($($arg)+)) };
}

macro_rules! warn {
    ($($arg:tt)+) => { $crate::log_line("WARN", format_args!($($arg)+)) };
}

macro_rules! error {
    ($($arg:tt)+) => { $crate::log_line("ERROR", format_args!($($arg)+)) };
}

pub mod protocol;
pub mod task;
pub mod trace;

#[doc(hidden)]
pub fn log_line(level: &str, args: std::fmt::Arguments<'_>) {
    if std::env::var_os("CELERY_QUIET").is_none() {
        eprintln!("[{level}] {args}");
    }
}
