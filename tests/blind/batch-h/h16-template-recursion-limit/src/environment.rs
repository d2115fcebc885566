use std::collections::HashMap;

use crate::{Error, ErrorKind};
use crate::vm::{Instruction, Vm};

const MIN_RECURSION_LIMIT: usize = 100;
const DEFAULT_RECURSION_LIMIT: usize = 500;

pub struct Environment {
    templates: HashMap<String, Vec<Instruction>>,
    recursion_limit: usize,
}

impl Default for Environment {
    fn default() -> Self {
        Environment { templates: HashMap::new(), recursion_limit: DEFAULT_RECURSION_LIMIT }
    }
}

impl Environment {
    pub fn add_template(&mut self, name: &str, instructions: Vec<Instruction>) {
        self.templates.insert(name.to_string(), instructions);
    }

    pub fn get_template(&self, name: &str) -> Result<&[Instruction], Error> {
        self.templates
            .get(name)
            .map(|v| v.as_slice())
            .ok_or_else(|| Error::new(ErrorKind::TemplateNotFound, name.to_string()))
    }

    /// Reconfigures the runtime recursion limit.
    ///
    /// This defaults to `500`.  Raising it above that level requires enabling
    /// the `stacker` feature; lower values are clamped to a floor of 100.
    pub fn set_recursion_limit(&mut self, level: usize) {
        self.recursion_limit = level.max(MIN_RECURSION_LIMIT);
    }

    pub fn recursion_limit(&self) -> usize {
        self.recursion_limit
    }

    pub fn render(&self, name: &str, root: &[(&str, &str)]) -> Result<String, Error> {
        let vm = Vm::new(self);
        vm.render(name, root)
    }
}
