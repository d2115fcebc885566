use std::collections::HashMap;

use crate::processor::Processor;
use crate::{Error, ErrorKind, Node, Result, Template};

/// Main point of interaction in this library.
pub struct Tera {
    pub templates: HashMap<String, Template>,
    pub autoescape_suffixes: Vec<&'static str>,
    /// How deep `{% include %}` may nest before rendering fails.
    max_include_depth: usize,
}

impl Default for Tera {
    fn default() -> Self {
        Tera {
            templates: HashMap::new(),
            autoescape_suffixes: vec![".html", ".htm", ".xml"],
            max_include_depth: 32,
        }
    }
}

impl Tera {
    pub fn add_raw_template(&mut self, name: &str, ast: Vec<Node>) {
        self.templates.insert(name.to_string(), Template { name: name.to_string(), ast });
    }

    pub fn set_max_include_depth(&mut self, depth: usize) {
        self.max_include_depth = depth;
    }

    pub fn get_template(&self, template_name: &str) -> Result<&Template> {
        match self.templates.get(template_name) {
            Some(tpl) => Ok(tpl),
            None => Err(Error { kind: ErrorKind::TemplateNotFound(template_name.to_string()) }),
        }
    }

    pub fn render(&self, template_name: &str, context: &HashMap<String, String>) -> Result<String> {
        let template = self.get_template(template_name)?;
        let should_escape = self.autoescape_suffixes.iter().any(|ext| template.name.ends_with(ext));
        let mut processor = Processor::new(template, self, context, should_escape, self.max_include_depth);
        let mut output = String::new();
        processor.render(&mut output)?;
        Ok(output)
    }
}
