//! A minimal text template engine: `{{ name }}` substitutes a context value
//! and `{% include "other" %}` renders another registered template in place.
//!
//! Includes may recurse (a `tree.html` including itself for child nodes is
//! common), so rendering is cut off at a configurable depth.

use std::collections::HashMap;
use std::fmt;

/// Default include depth when the environment sets none.
pub const MAX_RECURSION: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    TemplateNotFound(String),
    RecursionLimit { template: String, depth: usize },
    Syntax { template: String, offset: usize },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TemplateNotFound(n) => write!(f, "template {n:?} not found"),
            Error::RecursionLimit { template, depth } => {
                write!(f, "include depth {depth} exceeded while rendering {template:?}")
            }
            Error::Syntax { template, offset } => write!(f, "syntax error in {template:?} at {offset}"),
        }
    }
}

#[derive(Default)]
pub struct Environment {
    templates: HashMap<String, String>,
    /// Overrides [`MAX_RECURSION`].
    pub recursion_limit: Option<usize>,
}

/// Render state threaded through nested includes.
struct State<'a> {
    ctx: &'a HashMap<String, String>,
    depth: usize,
    out: String,
}

impl Environment {
    pub fn add_template(&mut self, name: &str, source: &str) {
        self.templates.insert(name.to_string(), source.to_string());
    }

    pub fn render(&self, name: &str, ctx: &HashMap<String, String>) -> Result<String, Error> {
        let mut state = State { ctx, depth: 0, out: String::new() };
        self.render_into(&mut state, name)?;
        Ok(state.out)
    }

    fn render_into(&self, state: &mut State<'_>, name: &str) -> Result<(), Error> {
        let limit = self.recursion_limit.unwrap_or(MAX_RECURSION);
        if state.depth >= limit {
            return Err(Error::RecursionLimit { template: name.to_string(), depth: state.depth });
        }
        let source = self
            .templates
            .get(name)
            .ok_or_else(|| Error::TemplateNotFound(name.to_string()))?;

        state.depth += 1;
        let result = self.render_source(state, name, source);
        state.depth -= 1;
        result
    }

    fn render_source(&self, state: &mut State<'_>, name: &str, source: &str) -> Result<(), Error> {
        let syntax = |offset| Error::Syntax { template: name.to_string(), offset };
        let mut rest = source;
        while let Some(start) = rest.find(['{']) {
            let (text, tail) = rest.split_at(start);
            state.out.push_str(text);
            let offset = source.len() - tail.len();
            if let Some(body) = tail.strip_prefix("{{") {
                let end = body.find("}}").ok_or_else(|| syntax(offset))?;
                let key = body[..end].trim();
                state.out.push_str(state.ctx.get(key).map(String::as_str).unwrap_or(""));
                rest = &body[end + 2..];
            } else if let Some(body) = tail.strip_prefix("{%") {
                let end = body.find("%}").ok_or_else(|| syntax(offset))?;
                let tag = body[..end].trim();
                let target = tag
                    .strip_prefix("include")
                    .map(|t| t.trim().trim_matches('"'))
                    .ok_or_else(|| syntax(offset))?;
                self.render_into(state, target)?;
                rest = &body[end + 2..];
            } else {
                state.out.push('{');
                rest = &tail[1..];
            }
        }
        state.out.push_str(rest);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_and_substitute() {
        let mut env = Environment::default();
        env.add_template("base", "Hello {% include \"name\" %}!");
        env.add_template("name", "{{ user }}");
        let ctx = HashMap::from([("user".to_string(), "Ada".to_string())]);
        assert_eq!(env.render("base", &ctx).unwrap(), "Hello Ada!");
    }

    #[test]
    fn self_include_stops() {
        let mut env = Environment { recursion_limit: Some(5), ..Default::default() };
        env.add_template("loop", "x{% include \"loop\" %}");
        let err = env.render("loop", &HashMap::new()).unwrap_err();
        assert_eq!(err, Error::RecursionLimit { template: "loop".into(), depth: 5 });
    }
}
