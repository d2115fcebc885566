//! Stand-in for the automaton engine that simple sub-patterns are handed to.

use crate::{Error, RegexOptions, Result};

/// Compiled literal-set matcher produced by [`Builder`].
#[derive(Clone, Debug)]
pub struct Regex {
    alternatives: Vec<String>,
}

impl Regex {
    /// Anchored search starting at `start`; returns the end offset of the longest match.
    pub fn search_half(&self, haystack: &str, start: usize) -> Option<usize> {
        self.alternatives
            .iter()
            .filter(|alt| haystack[start..].starts_with(alt.as_str()))
            .map(|alt| start + alt.len())
            .max()
    }
}

/// Configuration for the delegated engine. The limits are enforced at build time.
#[derive(Clone, Debug)]
pub struct Builder {
    size_limit: usize,
    dfa_size_limit: usize,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            size_limit: 10 * (1 << 20),
            dfa_size_limit: 2 * (1 << 20),
        }
    }
}

impl Builder {
    pub fn size_limit(&mut self, bytes: usize) -> &mut Self {
        self.size_limit = bytes;
        self
    }

    pub fn dfa_size_limit(&mut self, bytes: usize) -> &mut Self {
        self.dfa_size_limit = bytes;
        self
    }

    pub fn build(&self, pattern: &str) -> Result<Regex> {
        let alternatives: Vec<String> = pattern.split('|').map(str::to_string).collect();
        // each literal byte compiles to roughly one NFA state of 16 bytes
        let nfa_size: usize = alternatives.iter().map(|a| (a.len() + 1) * 16).sum();
        if nfa_size > self.size_limit {
            return Err(Error::CompileError(format!(
                "compiled regex exceeds size limit of {} bytes",
                self.size_limit
            )));
        }
        // the lazy DFA needs at least one cache line per state
        let min_cache = nfa_size * 4;
        if min_cache > self.dfa_size_limit {
            return Err(Error::CompileError(format!(
                "DFA cache of {} bytes cannot hold {} bytes of states",
                self.dfa_size_limit, min_cache
            )));
        }
        Ok(Regex { alternatives })
    }
}

/// Compile a delegate sub-pattern with the size limits taken from the options.
pub fn compile_delegate(pattern: &str, options: &RegexOptions) -> Result<Regex> {
    let mut builder = Builder::default();
    if let Some(limit) = options.delegate_size_limit {
        builder.size_limit(limit);
    }
    if let Some(limit) = options.delegate_dfa_size_limit {
        builder.dfa_size_limit(limit);
    }
    builder.build(pattern)
}
