//! Minimal stand-ins for the compiler/runtime types the middleware plugs into.

use std::collections::HashMap;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlobalIndex(pub u32);

impl GlobalIndex {
    pub fn as_u32(self) -> u32 {
        self.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalFunctionIndex(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    I32,
    I64,
}

#[derive(Debug, Clone, Copy)]
pub enum GlobalInit {
    I32Const(i32),
    I64Const(i64),
}

#[derive(Debug, Clone, Copy)]
pub enum ExportIndex {
    Function(u32),
    Global(GlobalIndex),
}

#[derive(Debug, Default)]
pub struct ModuleInfo {
    pub globals: Vec<Type>,
    pub global_initializers: Vec<GlobalInit>,
    pub exports: HashMap<String, ExportIndex>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Operator {
    LocalGet { local_index: u32 },
    I32Const { value: i32 },
    I64Const { value: i64 },
    I32Add,
    I64Sub,
    I64LtU,
    GlobalGet { global_index: u32 },
    GlobalSet { global_index: u32 },
    If,
    Else,
    End,
    Br { relative_depth: u32 },
    BrIf { relative_depth: u32 },
    Call { function_index: u32 },
    Return,
    Unreachable,
}

/// Collects the operators a middleware emits for one function.
#[derive(Debug, Default)]
pub struct MiddlewareReaderState {
    emitted: Vec<Operator>,
}

impl MiddlewareReaderState {
    pub fn push_operator(&mut self, op: Operator) {
        self.emitted.push(op);
    }

    pub fn extend(&mut self, ops: &[Operator]) {
        self.emitted.extend_from_slice(ops);
    }
}

#[derive(Debug)]
pub struct MiddlewareError(pub String);

pub trait FunctionMiddleware {
    fn feed(&mut self, operator: Operator, state: &mut MiddlewareReaderState) -> Result<(), MiddlewareError>;
}

pub trait ModuleMiddleware: Send + Sync {
    fn generate_function_middleware(&self, index: LocalFunctionIndex) -> Box<dyn FunctionMiddleware>;
    fn transform_module_info(&self, module_info: &mut ModuleInfo);
}

/// Compile function bodies through the middleware chain.
pub fn compile(
    bodies: Vec<Vec<Operator>>,
    middlewares: &[Arc<dyn ModuleMiddleware>],
) -> Result<(ModuleInfo, Vec<Vec<Operator>>), MiddlewareError> {
    let mut info = ModuleInfo::default();
    for m in middlewares {
        m.transform_module_info(&mut info);
    }
    let mut functions = Vec::new();
    for (i, mut ops) in bodies.into_iter().enumerate() {
        for m in middlewares {
            let mut fm = m.generate_function_middleware(LocalFunctionIndex(i as u32));
            let mut state = MiddlewareReaderState::default();
            for op in ops {
                fm.feed(op, &mut state)?;
            }
            ops = state.emitted;
        }
        functions.push(ops);
    }
    Ok((info, functions))
}

/// An instantiated module: globals are plain i64 slots.
pub struct Instance {
    globals: Vec<i64>,
    exports: HashMap<String, ExportIndex>,
    pub functions: Vec<Vec<Operator>>,
}

impl Instance {
    pub fn new(info: &ModuleInfo, functions: Vec<Vec<Operator>>) -> Self {
        let globals = info
            .global_initializers
            .iter()
            .map(|init| match *init {
                GlobalInit::I32Const(v) => v as i64,
                GlobalInit::I64Const(v) => v,
            })
            .collect();
        Self { globals, exports: info.exports.clone(), functions }
    }

    pub fn get_global(&self, name: &str) -> Option<i64> {
        match self.exports.get(name)? {
            ExportIndex::Global(idx) => self.globals.get(idx.0 as usize).copied(),
            ExportIndex::Function(_) => None,
        }
    }

    pub fn set_global(&mut self, name: &str, value: i64) -> Option<()> {
        match self.exports.get(name)? {
            ExportIndex::Global(idx) => self.globals.get_mut(idx.0 as usize).map(|g| *g = value),
            ExportIndex::Function(_) => None,
        }
    }
}
