//! Plain facts extracted from one source file. Nothing here refers to syn.

use serde::Serialize;

/// A file of the source database: an index into `SourceDb::files`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct FileId(pub(crate) u32);

impl FileId {
    pub fn new(index: usize) -> FileId {
        // A run reads far fewer than 2^32 files.
        FileId(u32::try_from(index).unwrap_or(u32::MAX))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A byte range inside one source file.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
pub struct Span {
    pub file: FileId,
    pub start: usize,
    pub end: usize,
}

/// Whether code counts as production wiring.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum CodeKind {
    Production,
    Test,
}

impl CodeKind {
    pub fn is_test(self) -> bool {
        self == CodeKind::Test
    }
}

#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct FileFacts {
    pub structs: Vec<StructFact>,
    pub accesses: Vec<Access>,
    pub comparisons: Vec<Comparison>,
    pub calls: Vec<Call>,
    pub functions: Vec<FnDef>,
    pub bindings: Vec<Binding>,
    pub mod_decls: Vec<ModDecl>,
    /// `// budget-lint: ...` comments.
    pub directives: Vec<Directive>,
    /// Structs, fields and functions, recorded only in files that have
    /// directives: the items a directive on its own line can precede.
    pub items: Vec<ItemFact>,
    /// Enums with variants that may name a limit's error.
    pub enums: Vec<EnumFact>,
    /// Expressions that name such a variant: constructions.
    pub variant_uses: Vec<VariantUse>,
}

impl FileFacts {
    /// Drops the spare capacity extraction left: facts are kept for every
    /// parsed file until the analysis ends.
    pub fn shrink_to_fit(&mut self) {
        self.structs.shrink_to_fit();
        self.accesses.shrink_to_fit();
        self.comparisons.shrink_to_fit();
        self.calls.shrink_to_fit();
        self.functions.shrink_to_fit();
        self.bindings.shrink_to_fit();
        self.mod_decls.shrink_to_fit();
        self.directives.shrink_to_fit();
        self.items.shrink_to_fit();
        self.enums.shrink_to_fit();
        self.variant_uses.shrink_to_fit();
    }

    /// Calls `visit` on every span.
    pub fn for_each_span(&mut self, mut visit: impl FnMut(&mut Span)) {
        for s in &mut self.structs {
            visit(&mut s.span);
            for field in &mut s.fields {
                visit(&mut field.span);
                if let Some(doc) = &mut field.doc {
                    visit(doc);
                }
            }
        }
        for a in &mut self.accesses {
            visit(&mut a.span);
            if let Some(function) = &mut a.function {
                visit(function);
            }
        }
        for c in &mut self.comparisons {
            visit(&mut c.span);
            if let Some(function) = &mut c.function {
                visit(&mut function.span);
            }
            if let Some(guard) = &mut c.guard {
                visit(&mut guard.span);
            }
        }
        for c in &mut self.calls {
            visit(&mut c.span);
            if let Some(function) = &mut c.function {
                visit(&mut function.span);
            }
            if let Some(guard) = &mut c.guard {
                visit(&mut guard.span);
            }
        }
        for b in &mut self.bindings {
            visit(&mut b.function.span);
            visit(&mut b.statement);
        }
        for f in &mut self.functions {
            visit(&mut f.function.span);
        }
        for d in &mut self.directives {
            visit(&mut d.span);
        }
        for i in &mut self.items {
            visit(&mut i.span);
            visit(&mut i.name);
        }
        for e in &mut self.enums {
            visit(&mut e.span);
            for variant in &mut e.variants {
                visit(&mut variant.span);
            }
        }
        for u in &mut self.variant_uses {
            visit(&mut u.span);
        }
    }

    /// Adds the facts of another part of the same file.
    pub fn append(&mut self, mut other: FileFacts) {
        let offset = self.comparisons.len();
        for access in &mut other.accesses {
            if let Some(comparison) = &mut access.comparison {
                *comparison += offset;
            }
        }
        self.structs.append(&mut other.structs);
        self.accesses.append(&mut other.accesses);
        self.comparisons.append(&mut other.comparisons);
        self.calls.append(&mut other.calls);
        self.functions.append(&mut other.functions);
        self.bindings.append(&mut other.bindings);
        self.mod_decls.append(&mut other.mod_decls);
        self.directives.append(&mut other.directives);
        self.items.append(&mut other.items);
        self.enums.append(&mut other.enums);
        self.variant_uses.append(&mut other.variant_uses);
    }

    /// The facts of two parts of the same file in the order one parse of
    /// both would give them, where `position` orders the spans of the
    /// parts: each part's facts keep their order. `None` when a span has
    /// no position, or the facts hold what only a whole file has (module
    /// declarations, directives, items).
    pub fn merged_in_order(
        mut self,
        mut other: FileFacts,
        position: impl Fn(Span) -> Option<usize>,
    ) -> Option<FileFacts> {
        let whole_file = |f: &FileFacts| {
            !f.mod_decls.is_empty() || !f.directives.is_empty() || !f.items.is_empty()
        };
        if whole_file(&self) || whole_file(&other) {
            return None;
        }
        // The spans of both point at the file `self` was assigned to.
        let mut file = None;
        self.for_each_span(|span| {
            file.get_or_insert(span.file);
        });
        if let Some(file) = file {
            other.assign_file(file);
        }
        self.append(other);
        // Accesses name their comparison by index: the order moves it.
        let numbered: Vec<(usize, Comparison)> = self.comparisons.into_iter().enumerate().collect();
        let numbered = in_order(numbered, |(_, c)| position(c.span))?;
        let mut moved_to = vec![0; numbered.len()];
        for (to, &(from, _)) in numbered.iter().enumerate() {
            moved_to[from] = to;
        }
        for access in &mut self.accesses {
            if let Some(comparison) = &mut access.comparison {
                *comparison = moved_to[*comparison];
            }
        }
        let mut merged = FileFacts {
            structs: in_order(self.structs, |s| position(s.span))?,
            accesses: in_order(self.accesses, |a| position(a.span))?,
            comparisons: numbered.into_iter().map(|(_, c)| c).collect(),
            calls: in_order(self.calls, |c| position(c.span))?,
            functions: in_order(self.functions, |f| position(f.function.span))?,
            bindings: in_order(self.bindings, |b| position(b.statement))?,
            enums: in_order(self.enums, |e| position(e.span))?,
            variant_uses: in_order(self.variant_uses, |u| position(u.span))?,
            ..FileFacts::default()
        };
        merged.shrink_to_fit();
        Some(merged)
    }

    /// Marks every fact as test code: the file is declared by a test-only
    /// `mod`, or is under a test directory.
    pub fn mark_test(&mut self) {
        for s in &mut self.structs {
            s.code = CodeKind::Test;
        }
        for a in &mut self.accesses {
            a.code = CodeKind::Test;
        }
        for c in &mut self.comparisons {
            c.code = CodeKind::Test;
        }
        for c in &mut self.calls {
            c.code = CodeKind::Test;
        }
        for e in &mut self.enums {
            e.code = CodeKind::Test;
        }
        for u in &mut self.variant_uses {
            u.code = CodeKind::Test;
        }
    }

    /// Points every span at file `id` of the source database.
    pub fn assign_file(&mut self, id: FileId) {
        self.for_each_span(|span| span.file = id);
    }
}

/// `facts` sorted by `key`, keeping the order of equal keys; `None` when
/// a fact has no key.
fn in_order<T>(facts: Vec<T>, key: impl Fn(&T) -> Option<usize>) -> Option<Vec<T>> {
    let mut keyed: Vec<(usize, T)> = facts
        .into_iter()
        .map(|fact| Some((key(&fact)?, fact)))
        .collect::<Option<_>>()?;
    keyed.sort_by_key(|(key, _)| *key);
    Some(keyed.into_iter().map(|(_, fact)| fact).collect())
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct StructFact {
    pub name: String,
    pub span: Span,
    pub derives: Vec<String>,
    /// `#[repr(C)]`: a layout shared with foreign code.
    pub foreign_layout: bool,
    pub fields: Vec<FieldFact>,
    pub code: CodeKind,
    /// Declared `pub`: other crates may name it.
    pub public: bool,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct FieldFact {
    pub name: String,
    pub ty: TypeShape,
    pub span: Span,
    /// Declared `pub`: other crates may read it.
    pub public: bool,
    /// Marked `#[deprecated]`: kept for compatibility, meant to do nothing.
    pub deprecated: bool,
    /// Its doc comment, from its first line to its last; the suggestion
    /// stage reads the text when a finding quotes it.
    pub doc: Option<Span>,
}

/// The parts of a field's type that the model needs: every identifier in
/// it, outermost first (`Arc<Mutex<Usage>>` gives `Arc`, `Mutex`, `Usage`).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct TypeShape {
    pub idents: Vec<String>,
}

impl TypeShape {
    pub const NUMERIC: &'static [&'static str] = &[
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "f32",
        "f64",
        "AtomicU8",
        "AtomicU16",
        "AtomicU32",
        "AtomicU64",
        "AtomicUsize",
        "AtomicI8",
        "AtomicI16",
        "AtomicI32",
        "AtomicI64",
        "AtomicIsize",
        "NonZeroU32",
        "NonZeroU64",
        "NonZeroUsize",
        "Decimal",
    ];

    pub fn is_numeric(&self) -> bool {
        self.idents
            .iter()
            .any(|i| Self::NUMERIC.contains(&i.as_str()))
    }

    pub fn is_duration(&self) -> bool {
        self.idents.iter().any(|i| i == "Duration")
    }

    pub fn is_instant(&self) -> bool {
        self.idents
            .iter()
            .any(|i| i == "Instant" || i == "SystemTime")
    }
}

/// Where a field expression starts: the receiver whose type is known from
/// the syntax, or nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Root {
    /// The type named by the syntax: `self` inside `impl T`, a typed
    /// parameter or binding, a struct literal or pattern. Holds every
    /// identifier of the type, outermost first (`Arc<Mutex<Usage>>`).
    Typed(Vec<String>),
    Unknown,
}

/// A field reached from a root through a chain of named fields:
/// `state.budget.cost_used` is root `state` (typed `RunState` when known),
/// chain `[budget]`, field `cost_used`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Place {
    pub root: Root,
    pub chain: Vec<String>,
    /// Shared by the copies of the place that operands and locals hold.
    pub field: std::sync::Arc<str>,
    /// `field` names a method called without arguments (`body.consumed()`):
    /// a getter, which the model resolves to the field it returns.
    pub getter: bool,
}

impl Place {
    /// A field named where the receiver's type is not known (in a macro's
    /// own syntax).
    pub fn unknown(field: impl Into<std::sync::Arc<str>>) -> Place {
        Place {
            root: Root::Unknown,
            chain: Vec::new(),
            field: field.into(),
            getter: false,
        }
    }

    /// Whether two places may be the same field: same name, and roots that
    /// do not name different types.
    pub fn may_be(&self, other: &Place) -> bool {
        self.field == other.field
            && self.getter == other.getter
            && match (&self.root, &other.root) {
                (Root::Typed(a), Root::Typed(b)) => a == b,
                _ => true,
            }
    }
}

/// Whether a call of the method without arguments may read a field through
/// a getter: calls of the methods of [`NOT_GETTERS`] never do, whatever
/// the receiver defines.
pub fn may_call_getter(method: &str) -> bool {
    !NOT_GETTERS.contains(&method)
}

/// Methods without arguments of the standard library and of common
/// traits, which no getter of a budget shadows.
const NOT_GETTERS: &[&str] = &[
    "clone",
    "len",
    "is_empty",
    "unwrap",
    "iter",
    "iter_mut",
    "into_iter",
    "to_string",
    "as_str",
    "as_ref",
    "as_mut",
    "lock",
    "borrow",
    "borrow_mut",
    "read",
    "write",
    "to_owned",
    "is_some",
    "is_none",
    "is_ok",
    "is_err",
    "copied",
    "cloned",
    "default",
    "new",
    "take",
    "as_secs",
    "as_millis",
    "as_micros",
    "as_nanos",
    "as_secs_f64",
    "as_secs_f32",
    "elapsed",
    "now",
    "chars",
    "bytes",
    "lines",
    "trim",
    "keys",
    "values",
    "first",
    "last",
    "pop",
    "next",
    "rev",
    "collect",
    "sum",
    "count",
    "min",
    "max",
    "abs",
    "unwrap_or_default",
    "deref",
    "get_mut",
    "as_slice",
    "as_bytes",
    "to_vec",
    "into_inner",
    "flush",
    "await",
    "ok",
    "err",
];

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum AccessKind {
    /// `+=`, `fetch_add`, `saturating_add` assigned back, `x = x + n`.
    Increase,
    /// `-=`, `fetch_sub`, `x = x - n`.
    Decrease,
    /// An assignment from a non-constant expression of unknown direction.
    Assign,
    /// An assignment of a constant (`= 0`, `store(0, …)`).
    Reset,
    /// An assignment of a parameter unchanged, as setters do.
    Store,
    /// A struct literal or `Default` initialising the field.
    Init,
    /// An operand of a comparison; the comparison is `Access::comparison`.
    Compare,
    Read,
    /// Initialised in a struct literal from a value that is not a constant:
    /// a snapshot of a local or a copy of another field.
    Fill,
    /// Borrowed mutably (`&mut s.x`): whoever gets the borrow may write.
    BorrowMut,
    /// Named in a macro's input that does not parse as Rust: it may be read
    /// or written, the syntax does not tell.
    Opaque,
}

/// Where a read or a comparison sits, when that changes what it means.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Context {
    #[default]
    Code,
    /// The arguments of a logging or formatting macro (`info!`, `println!`,
    /// `format!`, `write!`).
    Log,
    /// A hand-written `fmt` of `Display` or `Debug`: showing a value.
    Display,
    /// Copying a field into the same field of another value of its type
    /// (`merged.policy.max_tokens = overlay.policy.max_tokens`), and the
    /// condition of an `if` that does nothing else: the setting moves
    /// between copies of a configuration, nothing acts on it.
    Relay,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Access {
    pub place: Place,
    pub kind: AccessKind,
    pub span: Span,
    pub code: CodeKind,
    /// Index into `FileFacts::comparisons` when `kind` is `Compare`.
    pub comparison: Option<usize>,
    /// The source text of the receiver (`state.budget` in
    /// `state.budget.cost_used`), kept for writes and comparisons.
    pub receiver: Option<String>,
    /// The source text of the amount added or subtracted by a write.
    pub amount: Option<String>,
    /// The function the access is in, by its name's span.
    pub function: Option<Span>,
    /// The method called on the place when it is a method call's receiver
    /// (`load` in `self.used.load(..)`).
    pub method: Option<std::sync::Arc<str>>,
    pub context: Context,
    /// A struct literal fills the field from a local value that the same
    /// function also hands to a call: the value took effect there
    /// (`Client::builder().timeout(secs)`, then `Self { timeout: secs }`),
    /// and the field keeps a record of it.
    pub applied: bool,
    /// A struct literal fills the field with a remainder (`window - used`,
    /// `cap.saturating_sub(spent)`): a countdown spent where it is
    /// computed, each time the value is built.
    pub remainder: bool,
}

/// What a value is computed from: fields, and parameters of the enclosing
/// function (by position; a method's `self` is position 0).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Operand {
    pub places: Vec<Place>,
    pub params: Vec<usize>,
}

impl Operand {
    /// Adds what `other` is computed from, each place and parameter once:
    /// a chain of locals built from each other (`let b = a * a; let c = b
    /// * b;`) would otherwise double its places at every step.
    pub fn extend(&mut self, other: &Operand) {
        for place in &other.places {
            if !self.places.contains(place) {
                self.places.push(place.clone());
            }
        }
        for &param in &other.params {
            if !self.params.contains(&param) {
                self.params.push(param);
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty() && self.params.is_empty()
    }
}

/// Methods that compare their receiver with their arguments, or take a
/// headroom from them: a call of one is a comparison.
pub const COMPARE_METHODS: &[&str] = &[
    "cmp",
    "partial_cmp",
    "lt",
    "le",
    "gt",
    "ge",
    "eq",
    "ne",
    "min",
    "max",
    "clamp",
    "saturating_sub",
    "checked_sub",
    "abs_diff",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CompareOp {
    /// `==` or `!=`.
    Equality,
    /// `<`, `<=`, `>`, `>=`.
    Ordering,
    /// `cmp`, `min`, `clamp`, `saturating_sub` and their kin.
    Method,
}

/// The function a fact was found in.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct FnRef {
    /// The function's name in its declaration.
    pub span: Span,
    /// Shared by every fact recorded inside the function.
    pub name: std::sync::Arc<str>,
}

/// A comparison between two operands, each the set of fields it reaches.
/// Headroom (`limit.saturating_sub(used)`) and `min`/`max`/`clamp` calls are
/// comparisons between the receiver and the arguments.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Comparison {
    pub span: Span,
    pub sides: [Operand; 2],
    pub op: CompareOp,
    pub code: CodeKind,
    /// Inside `debug_assert!`-style macros, which release builds drop.
    pub debug_only: bool,
    pub function: Option<FnRef>,
    /// The `if` statement (without `else`) whose condition this is: the
    /// guard a suggestion can mirror.
    pub guard: Option<Guard>,
    pub context: Context,
}

/// An `if` statement guarding on a comparison; its text is read from the
/// source when a suggestion mirrors it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Guard {
    pub span: Span,
}

/// A value's shape where it leaves a function or is bound: a local, or a
/// tuple of locals.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Shape {
    Local(String),
    Tuple(Vec<Option<String>>),
    /// `self.field`, as getters return.
    SelfField(String),
}

/// `let PATTERN = callee(…);`: where a call's result lands.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Binding {
    pub function: FnRef,
    pub callee: String,
    pub pattern: Shape,
    /// The whole `let` statement.
    pub statement: Span,
}

/// A function parameter and the identifiers of its type.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Param {
    pub name: String,
    pub ty: Vec<String>,
}

/// A call whose arguments carry fields or parameters, so that comparisons
/// inside the callee can be traced back to the caller's fields.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Call {
    /// The called function's or method's last name.
    pub callee: String,
    /// The arguments by position; for a method call the receiver is first.
    pub args: Vec<Operand>,
    pub span: Span,
    pub code: CodeKind,
    pub debug_only: bool,
    pub function: Option<FnRef>,
    pub guard: Option<Guard>,
    /// The fields that arguments other than the receiver hand over as they
    /// are, through references, casts and conversions (`cfg.timeout`,
    /// `Duration::from_secs(cfg.timeout_secs)`), but not computed into
    /// another value.
    pub handed: Vec<Place>,
    /// A method call (`receiver.callee(…)`), not a path call.
    pub method: bool,
}

/// A function definition and how many positions its parameters take
/// (`self` included).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct FnDef {
    pub function: FnRef,
    pub arity: usize,
    /// The type of `self` for methods.
    pub self_type: Option<String>,
    pub params: Vec<Param>,
    /// What the function returns, from its tail and `return` expressions.
    pub returns: Vec<Shape>,
    /// How a method takes `self`; `None` for a function without `self`.
    pub receiver: Option<Receiver>,
    /// The identifiers of the declared return type, outermost first.
    pub output: Vec<String>,
    /// Callable from outside the crate: a `pub` production function, or a
    /// trait's method.
    pub exported: bool,
}

/// How a method takes `self`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Receiver {
    /// `self` or `mut self`: a builder that hands itself back.
    Value,
    /// `&self`.
    Ref,
    /// `&mut self`.
    RefMut,
}

/// An enum declaring variants that may name a limit's error; only those
/// variants are kept ([`may_name_limit_error`]).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct EnumFact {
    pub name: String,
    /// Its name.
    pub span: Span,
    pub code: CodeKind,
    pub variants: Vec<VariantFact>,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct VariantFact {
    pub name: String,
    /// Its name.
    pub span: Span,
    pub fields: VariantFields,
}

/// What a variant holds.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub enum VariantFields {
    Unit,
    /// The types of a tuple variant's fields, in order.
    Tuple(Vec<TypeShape>),
    /// The names and types of a struct variant's fields, in order.
    Named(Vec<(String, TypeShape)>),
}

/// An expression that names a variant which may name a limit's error
/// (`AgentError::MaxTurnsReached(n)`, `Self::Timeout`): it constructs the
/// variant. Patterns are not recorded.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct VariantUse {
    /// The variant's name: the path's last segment.
    pub name: String,
    /// The segment before it, when there is one (the enum, or `Self`).
    pub qualifier: Option<String>,
    pub span: Span,
    pub code: CodeKind,
}

/// The words that make a variant's name one that may name a limit's error:
/// the names suggestions look for (`MaxTurnsReached`, `TurnLimitExceeded`,
/// `TooManyRequests`, `TimedOut`) all hold one. Only such variants and
/// their constructions are recorded, so that the facts stay small.
const LIMIT_ERROR_WORDS: &[&str] = &[
    "Max",
    "Limit",
    "Exceeded",
    "Reached",
    "Exhausted",
    "TooMany",
    "Timeout",
    "TimedOut",
];

/// Whether a variant's name may name a limit's error.
pub fn may_name_limit_error(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && LIMIT_ERROR_WORDS.iter().any(|word| name.contains(word))
}

/// A `mod name;` declaration whose file the loader may need to classify.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct ModDecl {
    pub name: String,
    pub path_attr: Option<String>,
    /// The inline modules it is declared in, outermost first: their
    /// directories hold its file.
    pub inline: Vec<String>,
    pub code: CodeKind,
}

/// A `// budget-lint: ...` line comment.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Directive {
    /// The comment, from `//` to the end of the line.
    pub span: Span,
    /// Whether code precedes the comment on its line.
    pub trailing: bool,
    /// The lints it allows, as written, or why it cannot be read.
    pub allow: Result<Vec<String>, String>,
    pub reason: Option<String>,
}

/// A struct, field or function: its whole span, from its first attribute
/// or doc comment, and the span of its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ItemFact {
    pub span: Span,
    pub name: Span,
}
