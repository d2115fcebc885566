use std::collections::HashMap;

use crate::Template;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameType {
    Origin,
    Include,
}

#[derive(Debug)]
pub struct StackFrame<'a> {
    pub name: &'a str,
    pub kind: FrameType,
    pub active_template: &'a Template,
}

impl<'a> StackFrame<'a> {
    pub fn new(kind: FrameType, name: &'a str, tpl: &'a Template) -> Self {
        StackFrame { name, kind, active_template: tpl }
    }
}

/// Contains the user data and allows no mutation
#[derive(Debug)]
pub struct CallStack<'a> {
    /// The stack of frames
    stack: Vec<StackFrame<'a>>,
    /// User supplied context for the render
    context: &'a HashMap<String, String>,
    include_depth: usize, //@ BL002
    max_include_depth: usize,
}

impl<'a> CallStack<'a> {
    pub fn new(context: &'a HashMap<String, String>, tpl: &'a Template, max_include_depth: usize) -> Self {
        CallStack {
            stack: vec![StackFrame::new(FrameType::Origin, "ORIGIN", tpl)],
            context,
            include_depth: 0,
            max_include_depth,
        }
    }

    pub fn push_include_frame(&mut self, name: &'a str, tpl: &'a Template) {
        self.include_depth += 1;
        debug_assert!(
            self.include_depth <= self.max_include_depth,
            "include depth {} exceeds {}",
            self.include_depth,
            self.max_include_depth
        );
        self.stack.push(StackFrame::new(FrameType::Include, name, tpl));
    }

    pub fn pop(&mut self) {
        if let Some(frame) = self.stack.pop() {
            if frame.kind == FrameType::Include {
                self.include_depth -= 1;
            }
        }
    }

    pub fn lookup(&self, key: &str) -> Option<&String> {
        self.context.get(key)
    }

    pub fn active_template(&self) -> &'a Template {
        self.current_frame().active_template
    }

    pub fn current_frame(&self) -> &StackFrame<'a> {
        self.stack.last().expect("No current frame exists")
    }

    /// Describes where rendering is, for error messages.
    pub fn describe(&self) -> String {
        format!(
            "in '{}' (include {}/{})",
            self.current_frame().name,
            self.include_depth,
            self.max_include_depth
        )
    }
}
