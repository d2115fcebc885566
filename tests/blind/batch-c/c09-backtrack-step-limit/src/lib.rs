//! Backtracking matcher for compiled patterns that need backreference-free
//! but otherwise "fancy" matching. Catastrophic patterns such as `(a*)*b`
//! are stopped by a step limit instead of hanging the request thread.

mod backtrack;

pub use backtrack::{is_match, Backtracker, MatchError, MatchOptions};

/// One instruction of a compiled program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inst {
    /// A literal run of characters, compared in one go.
    Lit(Vec<char>),
    Any,
    /// Inclusive character ranges.
    Class(Vec<(char, char)>),
    /// Try `x` first, then `y` on failure.
    Split(usize, usize),
    Jmp(usize),
    Match,
}

pub type Prog = Vec<Inst>;
