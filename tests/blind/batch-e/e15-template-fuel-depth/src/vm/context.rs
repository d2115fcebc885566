use std::collections::BTreeMap;

use crate::{ok, Error, ErrorKind};

type Locals = BTreeMap<String, String>;

#[derive(Debug, Default)]
pub(crate) struct Frame {
    pub(crate) locals: Locals,
}

pub(crate) struct Context {
    stack: Vec<Frame>,
    outer_stack_depth: usize,
    recursion_limit: usize,
}

impl Context {
    /// Creates an empty context.
    pub fn new(recursion_limit: usize) -> Context {
        Context {
            stack: Vec::with_capacity(32),
            outer_stack_depth: 0,
            recursion_limit,
        }
    }

    /// Stores a variable in the context.
    pub fn store(&mut self, key: &str, value: String) {
        let top = self.stack.last_mut().unwrap();
        top.locals.insert(key.to_string(), value);
    }

    /// Looks up a variable in the context.
    pub fn load(&self, key: &str) -> Option<String> {
        self.stack.iter().rev().find_map(|frame| frame.locals.get(key).cloned())
    }

    /// Pushes a new layer.
    pub fn push_frame(&mut self, layer: Frame) -> Result<(), Error> {
        ok!(self.check_depth());
        self.stack.push(layer);
        Ok(())
    }

    /// Pops the topmost layer.
    #[track_caller]
    pub fn pop_frame(&mut self) -> Frame {
        self.stack.pop().unwrap()
    }

    /// The real depth of the context.
    pub fn depth(&self) -> usize {
        self.outer_stack_depth + self.stack.len()
    }

    /// Increase the stack depth.
    pub fn incr_depth(&mut self, delta: usize) -> Result<(), Error> {
        self.outer_stack_depth += delta;
        ok!(self.check_depth());
        Ok(())
    }

    /// Decrease the stack depth.
    pub fn decr_depth(&mut self, delta: usize) {
        self.outer_stack_depth -= delta;
    }

    fn check_depth(&self) -> Result<(), Error> {
        if self.depth() > self.recursion_limit {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "recursion limit exceeded",
            ));
        }
        Ok(())
    }
}
