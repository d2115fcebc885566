//! A backtracking regex VM with a configurable backtrack limit, delegating
//! simple sub-patterns to an automaton engine with its own size limits.

pub mod delegate;
pub mod vm;

use std::fmt;

/// Errors raised while compiling or running a program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    CompileError(String),
    RuntimeError(RuntimeError),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuntimeError {
    /// Max stack size exceeded for backtracking while executing regex.
    StackOverflow,
    /// Max limit for backtracking count exceeded while executing the regex.
    BacktrackLimitExceeded,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::CompileError(msg) => write!(f, "Error compiling regex: {msg}"),
            Error::RuntimeError(RuntimeError::StackOverflow) => {
                write!(f, "Max stack size exceeded for backtracking")
            }
            Error::RuntimeError(RuntimeError::BacktrackLimitExceeded) => {
                write!(f, "Max limit for backtracking count exceeded")
            }
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Options shared by a compiled regex and the VM that runs it.
#[derive(Clone, Debug)]
pub struct RegexOptions {
    pub pattern: String,
    pub backtrack_limit: usize,
    pub delegate_size_limit: Option<usize>,
    pub delegate_dfa_size_limit: Option<usize>,
}

impl Default for RegexOptions {
    fn default() -> Self {
        RegexOptions {
            pattern: String::new(),
            backtrack_limit: 1_000_000,
            delegate_size_limit: None,
            delegate_dfa_size_limit: None,
        }
    }
}

/// A builder for a `Regex` to allow configuring options.
#[derive(Debug)]
pub struct RegexBuilder(RegexOptions);

impl RegexBuilder {
    pub fn new(pattern: &str) -> Self {
        let mut builder = RegexBuilder(RegexOptions::default());
        builder.0.pattern = pattern.to_string();
        builder
    }

    /// Limit for how many times backtracking should be attempted for fancy regexes (where
    pub fn backtrack_limit(&mut self, limit: usize) -> &mut Self {
        self.0.backtrack_limit = limit;
        self
    }

    /// Set the approximate size limit of the compiled regular expression.
    pub fn delegate_size_limit(&mut self, limit: usize) -> &mut Self {
        self.0.delegate_size_limit = Some(limit);
        self
    }

    /// Set the approximate size of the cache used by the DFA.
    pub fn delegate_dfa_size_limit(&mut self, limit: usize) -> &mut Self {
        self.0.delegate_dfa_size_limit = Some(limit);
        self
    }

    pub fn options(&self) -> &RegexOptions {
        &self.0
    }
}
