use crate::{Inst, Prog};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchOptions {
    /// Work allowed for one search, in character comparisons.
    pub step_limit: usize,
    pub anchored: bool,
}

impl Default for MatchOptions {
    fn default() -> Self {
        Self { step_limit: 1_000_000, anchored: false }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchError {
    StepLimitExceeded { steps: usize },
}

pub struct Backtracker<'p> {
    prog: &'p Prog,
    opts: MatchOptions,
    steps_taken: usize,
    stack: Vec<(usize, usize)>,
}

impl<'p> Backtracker<'p> {
    pub fn new(prog: &'p Prog, opts: MatchOptions) -> Self {
        Self { prog, opts, steps_taken: 0, stack: Vec::new() }
    }

    pub fn steps_taken(&self) -> usize {
        self.steps_taken
    }

    /// Charges `cost` comparisons against the step limit.
    fn charge(&mut self, cost: usize) -> Result<(), MatchError> {
        self.steps_taken += cost;
        if self.steps_taken == self.opts.step_limit { //@ BL006
            return Err(MatchError::StepLimitExceeded { steps: self.steps_taken });
        }
        Ok(())
    }

    fn run_from(&mut self, text: &[char], start: usize) -> Result<bool, MatchError> {
        self.stack.clear();
        self.stack.push((0, start));
        while let Some((mut pc, mut pos)) = self.stack.pop() {
            loop {
                match &self.prog[pc] {
                    Inst::Match => return Ok(true),
                    Inst::Any => {
                        self.charge(1)?;
                        if pos >= text.len() {
                            break;
                        }
                        pos += 1;
                        pc += 1;
                    }
                    Inst::Lit(chars) => {
                        self.charge(chars.len())?;
                        if !text[pos..].starts_with(chars) {
                            break;
                        }
                        pos += chars.len();
                        pc += 1;
                    }
                    Inst::Class(ranges) => {
                        self.charge(ranges.len())?;
                        match text.get(pos) {
                            Some(c) if ranges.iter().any(|(lo, hi)| (lo..=hi).contains(&c)) => {
                                pos += 1;
                                pc += 1;
                            }
                            _ => break,
                        }
                    }
                    Inst::Split(x, y) => {
                        self.stack.push((*y, pos));
                        pc = *x;
                    }
                    Inst::Jmp(target) => pc = *target,
                }
            }
        }
        Ok(false)
    }

    pub fn is_match(&mut self, haystack: &str) -> Result<bool, MatchError> {
        let text: Vec<char> = haystack.chars().collect();
        let last_start = if self.opts.anchored { 0 } else { text.len() };
        for start in 0..=last_start {
            if self.run_from(&text, start)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

pub fn is_match(prog: &Prog, haystack: &str, opts: MatchOptions) -> Result<bool, MatchError> {
    Backtracker::new(prog, opts).is_match(haystack)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ab*c`
    fn abc() -> Prog {
        vec![
            Inst::Lit(vec!['a']),
            Inst::Split(2, 4),
            Inst::Lit(vec!['b']),
            Inst::Jmp(1),
            Inst::Lit(vec!['c']),
            Inst::Match,
        ]
    }

    #[test]
    fn finds_match() {
        assert_eq!(is_match(&abc(), "xxabbbc", MatchOptions::default()), Ok(true));
        assert_eq!(is_match(&abc(), "abbb", MatchOptions::default()), Ok(false));
    }

    #[test]
    fn stops_at_limit() {
        let opts = MatchOptions { step_limit: 10, anchored: false };
        let r = is_match(&abc(), &"ab".repeat(50), opts);
        assert_eq!(r, Err(MatchError::StepLimitExceeded { steps: 10 }));
    }
}
