//! A template engine VM with fuel and recursion limits.

pub mod vm;

use std::collections::BTreeMap;
use std::fmt;

pub use vm::Instruction;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    InvalidOperation,
    OutOfFuel,
    TemplateNotFound,
    UndefinedError,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    detail: Option<String>,
}

impl Error {
    pub fn new(kind: ErrorKind, detail: impl Into<String>) -> Error {
        Error { kind, detail: Some(detail.into()) }
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error { kind, detail: None }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.detail {
            Some(d) => write!(f, "{:?}: {}", self.kind, d),
            None => write!(f, "{:?}", self.kind),
        }
    }
}

/// Like `?` but usable in functions that keep the error type generic-free.
macro_rules! ok {
    ($expr:expr) => {
        match $expr {
            Ok(val) => val,
            Err(err) => return Err(err),
        }
    };
}
pub(crate) use ok;

const MIN_RECURSION_LIMIT: usize = 10;

/// An abstraction that holds the engine configuration.
pub struct Environment {
    templates: BTreeMap<String, Vec<Instruction>>,
    macros: BTreeMap<String, Vec<Instruction>>,
    recursion_limit: usize,
    fuel: Option<u64>,
}

impl Environment {
    pub fn new() -> Environment {
        Environment {
            templates: BTreeMap::new(),
            macros: BTreeMap::new(),
            recursion_limit: 500,
            fuel: None,
        }
    }

    pub fn add_template(&mut self, name: &str, instructions: Vec<Instruction>) {
        self.templates.insert(name.to_string(), instructions);
    }

    pub fn add_macro(&mut self, name: &str, instructions: Vec<Instruction>) {
        self.macros.insert(name.to_string(), instructions);
    }

    pub(crate) fn get_template(&self, name: &str) -> Result<&[Instruction], Error> {
        self.templates
            .get(name)
            .map(Vec::as_slice)
            .ok_or_else(|| Error::new(ErrorKind::TemplateNotFound, name))
    }

    pub(crate) fn get_macro(&self, name: &str) -> Result<&[Instruction], Error> {
        self.macros
            .get(name)
            .map(Vec::as_slice)
            .ok_or_else(|| Error::new(ErrorKind::UndefinedError, name))
    }

    /// Sets the recursion limit; values below the minimum are raised to it.
    pub fn set_recursion_limit(&mut self, level: usize) {
        self.recursion_limit = level.max(MIN_RECURSION_LIMIT);
    }

    /// Returns the current max recursion limit.
    pub fn recursion_limit(&self) -> usize {
        self.recursion_limit
    }

    /// Sets the optional fuel of the engine; `None` disables fuel tracking.
    pub fn set_fuel(&mut self, fuel: Option<u64>) {
        self.fuel = fuel;
    }

    /// Returns the configured fuel.
    pub fn fuel(&self) -> Option<u64> {
        self.fuel
    }

    /// Renders a template by name.
    pub fn render(&self, name: &str) -> Result<String, Error> {
        let instructions = ok!(self.get_template(name));
        let mut out = String::new();
        let mut state = vm::State::new(self);
        ok!(vm::Vm::new(self).eval(instructions, &mut state, &mut out));
        Ok(out)
    }
}

impl Default for Environment {
    fn default() -> Self {
        Self::new()
    }
}
