use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The current lookahead status of a [`ParserState`].
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum Lookahead {
    Positive,
    Negative,
    None,
}

/// Type alias to simplify specifying the return value of chained closures.
pub type ParseResult<S> = Result<S, S>;

static CALL_LIMIT: AtomicUsize = AtomicUsize::new(0);

/// Sets the maximum call limit for the parser state
/// to prevent stack overflows or excessive execution times
/// in some grammars.
/// If set, the calls are tracked as a running total
/// over all non-terminal rules that can nest closures
/// (which are passed to transform the parser state).
///
/// # Arguments
///
/// * `limit` - The maximum number of calls. If None,
///             the number of calls is unlimited.
pub fn set_call_limit(limit: Option<NonZeroUsize>) {
    CALL_LIMIT.store(limit.map(|f| f.get()).unwrap_or(0), Ordering::Relaxed);
}

#[derive(Debug)]
struct CallLimitTracker {
    current_call_limit: Option<(usize, usize)>,
}

impl Default for CallLimitTracker {
    fn default() -> Self {
        let limit = CALL_LIMIT.load(Ordering::Relaxed);
        let current_call_limit = if limit > 0 { Some((0, limit)) } else { None };
        Self { current_call_limit }
    }
}

impl CallLimitTracker {
    fn limit_reached(&self) -> bool {
        matches!(self.current_call_limit, Some((current, limit)) if current >= limit)
    }

    fn increment_depth(&mut self) {
        if let Some((current, _)) = &mut self.current_call_limit {
            *current += 1;
        }
    }
}

/// A parsing error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    ParsingError { pos: usize, rules: Vec<&'static str> },
    CustomError { pos: usize, message: String },
}

/// The complete state of a parser.
#[derive(Debug)]
pub struct ParserState<'i> {
    input: &'i str,
    pos: usize,
    lookahead: Lookahead,
    pos_attempts: Vec<&'static str>,
    attempt_pos: usize,
    call_tracker: CallLimitTracker,
}

/// Creates a `ParserState` from a `&str`, supplying it to a closure `f`.
pub fn state<'i, F>(input: &'i str, f: F) -> Result<usize, Error>
where
    F: FnOnce(Box<ParserState<'i>>) -> ParseResult<Box<ParserState<'i>>>,
{
    let state = ParserState::new(input);

    match f(state) {
        Ok(state) => Ok(state.pos),
        Err(mut state) => {
            if state.reached_call_limit() {
                Err(Error::CustomError {
                    pos: state.attempt_pos,
                    message: "call limit reached".to_owned(),
                })
            } else {
                state.pos_attempts.sort_unstable();
                state.pos_attempts.dedup();
                Err(Error::ParsingError {
                    pos: state.attempt_pos,
                    rules: state.pos_attempts,
                })
            }
        }
    }
}

impl<'i> ParserState<'i> {
    /// Allocates a fresh `ParserState` object to the heap and returns the owned `Box`. This `Box`
    /// will be passed from closure to closure based on the needs of the specified parser.
    pub fn new(input: &'i str) -> Box<Self> {
        Box::new(ParserState {
            input,
            pos: 0,
            lookahead: Lookahead::None,
            pos_attempts: vec![],
            attempt_pos: 0,
            call_tracker: Default::default(),
        })
    }

    /// Returns the current position.
    pub fn position(&self) -> usize {
        self.pos
    }

    #[inline]
    fn inc_call_check_limit(mut self: Box<Self>) -> ParseResult<Box<Self>> {
        if self.call_tracker.limit_reached() {
            return Err(self);
        }
        self.call_tracker.increment_depth();
        Ok(self)
    }

    #[inline]
    fn reached_call_limit(&self) -> bool {
        self.call_tracker.limit_reached()
    }

    /// Wrapper needed to generate tokens. This will associate the `rule` with the closure's
    /// result.
    #[inline]
    pub fn rule<F>(mut self: Box<Self>, rule: &'static str, f: F) -> ParseResult<Box<Self>>
    where
        F: FnOnce(Box<Self>) -> ParseResult<Box<Self>>,
    {
        self = self.inc_call_check_limit()?;
        let actual_pos = self.pos;

        match f(self) {
            Ok(new_state) => Ok(new_state),
            Err(mut new_state) => {
                if new_state.lookahead != Lookahead::Negative && actual_pos >= new_state.attempt_pos {
                    if actual_pos > new_state.attempt_pos {
                        new_state.pos_attempts.clear();
                        new_state.attempt_pos = actual_pos;
                    }
                    new_state.pos_attempts.push(rule);
                }
                new_state.pos = actual_pos;
                Err(new_state)
            }
        }
    }

    /// Calls `f` repeatedly as long as it succeeds.
    #[inline]
    pub fn repeat<F>(mut self: Box<Self>, mut f: F) -> ParseResult<Box<Self>>
    where
        F: FnMut(Box<Self>) -> ParseResult<Box<Self>>,
    {
        self = self.inc_call_check_limit()?;
        let mut result = f(self);

        loop {
            match result {
                Ok(state) => result = f(state),
                Err(state) => return Ok(state),
            }
        }
    }

    /// Attempts to match a single character based on a filter function.
    #[inline]
    pub fn match_char_by<F>(mut self: Box<Self>, f: F) -> ParseResult<Box<Self>>
    where
        F: FnOnce(char) -> bool,
    {
        match self.input[self.pos..].chars().next() {
            Some(c) if f(c) => {
                self.pos += c.len_utf8();
                Ok(self)
            }
            _ => Err(self),
        }
    }

    /// Attempts to match the given string.
    #[inline]
    pub fn match_string(mut self: Box<Self>, string: &str) -> ParseResult<Box<Self>> {
        if self.input[self.pos..].starts_with(string) {
            self.pos += string.len();
            Ok(self)
        } else {
            Err(self)
        }
    }

    /// Sequences closures, restoring the position on failure.
    #[inline]
    pub fn sequence<F>(mut self: Box<Self>, f: F) -> ParseResult<Box<Self>>
    where
        F: FnOnce(Box<Self>) -> ParseResult<Box<Self>>,
    {
        self = self.inc_call_check_limit()?;
        let initial_pos = self.pos;
        f(self).map_err(|mut state| {
            state.pos = initial_pos;
            state
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // nested = { "(" ~ nested? ~ ")" }
    fn nested(state: Box<ParserState<'_>>) -> ParseResult<Box<ParserState<'_>>> {
        state.rule("nested", |s| {
            s.sequence(|s| {
                s.match_string("(")
                    .and_then(|s| match nested(s) {
                        Ok(s) => Ok(s),
                        Err(s) => Ok(s),
                    })
                    .and_then(|s| s.match_string(")"))
            })
        })
    }

    #[test]
    fn call_limit_stops_deep_nesting() {
        let input = "(".repeat(500) + &")".repeat(500);
        assert!(state(&input, nested).is_ok());

        set_call_limit(NonZeroUsize::new(50));
        let err = state(&input, nested).unwrap_err();
        set_call_limit(None);
        assert!(matches!(err, Error::CustomError { .. }));
    }
}
