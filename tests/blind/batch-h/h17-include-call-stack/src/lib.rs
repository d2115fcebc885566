//! Template renderer: call stack with include frames.

pub mod call_stack;
pub mod processor;
pub mod tera;

pub use tera::Tera;

use std::fmt;

#[derive(Debug)]
pub enum ErrorKind {
    TemplateNotFound(String),
    Msg(String),
}

#[derive(Debug)]
pub struct Error {
    pub kind: ErrorKind,
}

impl Error {
    pub fn msg(value: impl ToString) -> Self {
        Error { kind: ErrorKind::Msg(value.to_string()) }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::TemplateNotFound(name) => write!(f, "Template '{name}' not found"),
            ErrorKind::Msg(m) => f.write_str(m),
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// A parsed template: a flat list of nodes.
#[derive(Debug, Clone)]
pub enum Node {
    Text(String),
    VariableBlock(String),
    Include(Vec<String>, bool),
}

#[derive(Debug, Clone)]
pub struct Template {
    pub name: String,
    pub ast: Vec<Node>,
}
