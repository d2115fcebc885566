//! Resource limits of an embedded scripting engine.

pub mod data_check;
pub mod eval;
pub mod limits;

use std::collections::BTreeMap;
use std::fmt;

pub use limits::Limits;

/// A location in the script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    pub line: u16,
    pub pos: u16,
}

impl Position {
    pub const NONE: Position = Position { line: 0, pos: 0 };
}

/// Dynamic value of the script language.
#[derive(Debug, Clone, PartialEq)]
pub enum Dynamic {
    Unit,
    Int(i64),
    Str(String),
    Array(Vec<Dynamic>),
    Blob(Vec<u8>),
    Map(BTreeMap<String, Dynamic>),
}

/// Evaluation errors.
#[derive(Debug, Clone, PartialEq)]
pub enum EvalAltResult {
    ErrorTooManyOperations(Position),
    ErrorTooManyModules(Position),
    ErrorStackOverflow(Position),
    ErrorDataTooLarge(String, Position),
    ErrorExprTooDeep(Position),
    ErrorTerminated(Dynamic, Position),
    ErrorModuleNotFound(String, Position),
    ErrorFunctionNotFound(String, Position),
}

impl fmt::Display for EvalAltResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ErrorTooManyOperations(_) => f.write_str("Too many operations"),
            Self::ErrorTooManyModules(_) => f.write_str("Too many modules imported"),
            Self::ErrorStackOverflow(_) => f.write_str("Stack overflow"),
            Self::ErrorDataTooLarge(what, _) => write!(f, "{} too large", what),
            Self::ErrorExprTooDeep(_) => f.write_str("Expression exceeds maximum complexity"),
            Self::ErrorTerminated(_, _) => f.write_str("Script terminated"),
            Self::ErrorModuleNotFound(m, _) => write!(f, "Module not found: {}", m),
            Self::ErrorFunctionNotFound(n, _) => write!(f, "Function not found: {}", n),
        }
    }
}

pub type ERR = EvalAltResult;
pub type RhaiResultOf<T> = Result<T, Box<EvalAltResult>>;

/// Global runtime states.
#[derive(Debug, Clone, Default)]
pub struct GlobalRuntimeState {
    /// Number of operations performed.
    pub num_operations: u64,
    /// Number of modules loaded.
    pub num_modules_loaded: usize,
    /// The current nesting level of function calls.
    pub level: usize,
    /// Names of the imported modules.
    pub imports: Vec<String>,
}

/// Progress callback: returns `Some(token)` to terminate the script.
pub type OnProgressCallback = Box<dyn Fn(u64) -> Option<Dynamic> + Send + Sync>;

/// Rhai main scripting engine.
pub struct Engine {
    pub(crate) limits: Limits,
    pub(crate) progress: Option<OnProgressCallback>,
    pub(crate) modules: BTreeMap<String, Vec<eval::Stmt>>,
    pub(crate) functions: BTreeMap<String, Vec<eval::Stmt>>,
}

impl Engine {
    pub fn new() -> Self {
        Engine {
            limits: Limits::new(),
            progress: None,
            modules: BTreeMap::new(),
            functions: BTreeMap::new(),
        }
    }

    /// Register a callback for script evaluation progress.
    pub fn on_progress(&mut self, callback: impl Fn(u64) -> Option<Dynamic> + Send + Sync + 'static) -> &mut Self {
        self.progress = Some(Box::new(callback));
        self
    }

    /// Make a module available to `import`.
    pub fn register_module(&mut self, name: &str, body: Vec<eval::Stmt>) -> &mut Self {
        self.modules.insert(name.to_string(), body);
        self
    }

    /// Register a script function.
    pub fn register_fn(&mut self, name: &str, body: Vec<eval::Stmt>) -> &mut Self {
        self.functions.insert(name.to_string(), body);
        self
    }
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}
