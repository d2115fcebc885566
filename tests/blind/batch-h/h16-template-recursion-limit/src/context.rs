use std::collections::BTreeMap;

use crate::{Error, ErrorKind};

pub type Locals = BTreeMap<String, String>;

#[derive(Default, Debug)]
pub struct LoopState {
    pub idx: usize,
    pub len: usize,
}

#[derive(Default, Debug)]
pub struct Frame {
    pub locals: Locals,
    pub current_loop: Option<LoopState>,
}

pub struct Context {
    stack: Vec<Frame>,
    outer_stack_depth: usize,
    recursion_limit: usize,
}

impl Context {
    /// Creates an empty context.
    pub fn new(recursion_limit: usize) -> Context {
        Context { stack: Vec::with_capacity(32), outer_stack_depth: 0, recursion_limit }
    }

    /// Creates a context with a root frame.
    pub fn new_with_frame(frame: Frame, recursion_limit: usize) -> Context {
        let mut rv = Context::new(recursion_limit);
        rv.stack.push(frame);
        rv
    }

    /// Stores a variable in the context.
    pub fn store(&mut self, key: &str, value: String) {
        self.stack.last_mut().expect("cannot store on empty stack").locals.insert(key.to_string(), value);
    }

    /// Looks up a variable in the context.
    pub fn load(&self, key: &str) -> Option<&String> {
        self.stack.iter().rev().find_map(|frame| frame.locals.get(key))
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

    /// Returns the current innermost loop state.
    pub fn current_loop(&mut self) -> Option<&mut LoopState> {
        self.stack.iter_mut().rev().filter_map(|x| x.current_loop.as_mut()).next()
    }

    /// The real depth of the context.
    pub fn depth(&self) -> usize {
        self.outer_stack_depth + self.stack.len()
    }

    /// Increase the stack depth.
    pub fn incr_depth(&mut self, delta: usize) -> Result<(), Error> {
        self.outer_stack_depth += delta;
        if let Err(err) = self.check_depth() {
            self.outer_stack_depth -= delta;
            return Err(err);
        }
        Ok(())
    }

    /// Decrease the stack depth.
    pub fn decr_depth(&mut self, delta: usize) {
        self.outer_stack_depth -= delta;
    }

    fn check_depth(&self) -> Result<(), Error> {
        if self.depth() > self.recursion_limit {
            return Err(Error::new(ErrorKind::InvalidOperation, "recursion limit exceeded"));
        }
        Ok(())
    }
}
