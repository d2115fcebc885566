use std::collections::HashMap;

use crate::call_stack::CallStack;
use crate::tera::Tera;
use crate::{Error, Node, Result, Template};

pub struct Processor<'a> {
    template: &'a Template,
    tera: &'a Tera,
    call_stack: CallStack<'a>,
    should_escape: bool,
}

fn escape_html(input: &str) -> String {
    input.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

impl<'a> Processor<'a> {
    pub fn new(
        template: &'a Template,
        tera: &'a Tera,
        context: &'a HashMap<String, String>,
        should_escape: bool,
        max_include_depth: usize,
    ) -> Self {
        Processor { template, tera, call_stack: CallStack::new(context, template, max_include_depth), should_escape }
    }

    fn render_body(&mut self, body: &'a [Node], write: &mut String) -> Result<()> {
        for node in body {
            self.render_node(node, write)?;
        }
        Ok(())
    }

    fn render_node(&mut self, node: &'a Node, write: &mut String) -> Result<()> {
        match node {
            Node::Text(s) => write.push_str(s),
            Node::VariableBlock(name) => match self.call_stack.lookup(name) {
                Some(v) if self.should_escape => write.push_str(&escape_html(v)),
                Some(v) => write.push_str(v),
                None => {
                    return Err(Error::msg(format!(
                        "Variable `{}` not found {}",
                        name,
                        self.call_stack.describe()
                    )))
                }
            },
            Node::Include(tpl_names, ignore_missing) => {
                let mut found = false;
                for tpl_name in tpl_names {
                    let template = match self.tera.get_template(tpl_name) {
                        Ok(template) => template,
                        Err(_) => continue,
                    };
                    self.call_stack.push_include_frame(tpl_name, template);
                    self.render_body(&template.ast, write)?;
                    self.call_stack.pop();
                    found = true;
                    break;
                }
                if !found && !ignore_missing {
                    return Err(Error::msg(format!(
                        "Template '{:?}' not found {}",
                        tpl_names,
                        self.call_stack.describe()
                    )));
                }
            }
        }
        Ok(())
    }

    pub fn render(&mut self, write: &mut String) -> Result<()> {
        let ast = &self.template.ast;
        self.render_body(ast, write)?;
        debug_assert_eq!(self.call_stack.active_template().name, self.template.name);
        Ok(())
    }
}
