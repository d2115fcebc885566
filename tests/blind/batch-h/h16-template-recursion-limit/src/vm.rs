use crate::context::{Context, Frame};
use crate::environment::Environment;
use crate::{Error, ErrorKind};

#[derive(Debug, Clone)]
pub enum Instruction {
    EmitRaw(String),
    Lookup(String),
    Include(String),
    PushFrame,
    PopFrame,
    StoreLocal(String, String),
}

pub struct Vm<'env> {
    env: &'env Environment,
}

impl<'env> Vm<'env> {
    pub fn new(env: &'env Environment) -> Vm<'env> {
        Vm { env }
    }

    pub fn render(&self, name: &str, root: &[(&str, &str)]) -> Result<String, Error> {
        let mut frame = Frame::default();
        for (k, v) in root {
            frame.locals.insert(k.to_string(), v.to_string());
        }
        let mut ctx = Context::new_with_frame(frame, self.env.recursion_limit());
        let mut out = String::new();
        let instructions = ok!(self.env.get_template(name));
        ok!(self.eval(instructions, &mut ctx, &mut out));
        Ok(out)
    }

    fn eval(&self, instructions: &[Instruction], ctx: &mut Context, out: &mut String) -> Result<(), Error> {
        for instr in instructions {
            match instr {
                Instruction::EmitRaw(s) => out.push_str(s),
                Instruction::Lookup(name) => match ctx.load(name) {
                    Some(v) => out.push_str(v),
                    None => return Err(Error::new(ErrorKind::UndefinedError, name.clone())),
                },
                Instruction::StoreLocal(k, v) => ctx.store(k, v.clone()),
                Instruction::PushFrame => ok!(ctx.push_frame(Frame::default())),
                Instruction::PopFrame => {
                    ctx.pop_frame();
                }
                Instruction::Include(name) => {
                    let tmpl = ok!(self.env.get_template(name));
                    // an include counts as one level of outer depth while it runs
                    ok!(ctx.incr_depth(1));
                    let rv = self.eval(tmpl, ctx, out);
                    ctx.decr_depth(1);
                    ok!(rv);
                }
            }
        }
        Ok(())
    }
}
