//! The parsing stage: syn in, plain facts out. No syn or proc-macro2 type
//! leaves this module.

use rustc_hash::FxHashMap as HashMap;

mod attrs;
pub(crate) mod directives;
pub(crate) mod excerpt;
mod exprs;
mod macros;
mod memo;
mod nesting;
mod offsets;
mod paths;
mod spans;

use memo::{Memo, Prefix};
use proc_macro2::Span as SynSpan;

pub(crate) use attrs::cfg_is_test;
use attrs::{derives, is_repr_c, is_test_code, path_attr};
use exprs::{
    callee_of, direction, is_constant, pattern_shape, shape_of, step_amount, strip, writes_through,
};
use paths::{is_mut_ref, last_ident, last_type_ident, self_root, type_idents, type_shape, unraw};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{BinOp, Expr, Member, Pat, Token};

use crate::engine::workers;

use crate::analysis::facts::{
    Access, AccessKind, Binding, Call, CodeKind, CompareOp, Comparison, Context, EnumFact,
    FieldFact, FileFacts, FileId, FnDef, FnRef, Guard, ItemFact, ModDecl, Operand, Param, Place,
    Receiver, Root, Shape, Span, StructFact, VariantFact, VariantFields, VariantUse,
    may_name_limit_error,
};

/// A parse failure with the byte offset where it happened.
#[derive(Debug, Clone)]
pub struct ParseError {
    pub offset: usize,
    pub message: String,
    /// The file nests deeper than the parser is given stack for; `offset`
    /// is in the deepest item, which no smaller parse can take either.
    pub too_deep: bool,
}

/// Parses one file and extracts its facts, their spans in file 0 until
/// the loader numbers the file. `code` is how the loader classified the
/// whole file (a file under `tests/` is test code).
///
/// Any nesting parses on any thread: the work runs where it is when the
/// thread is known to have the stack the file's tokens say it may need,
/// and otherwise on a thread started with that stack; a file that may
/// need more than `MAX_UNITS` recursions of the parser is refused with an
/// error saying so.
pub fn extract(text: &str, code: CodeKind) -> Result<FileFacts, ParseError> {
    let masked = mask_preamble(text);
    let Needs { stack, deepest } = match extract_within(&masked, code, workers::stack_available()) {
        Ok(facts) => return facts,
        Err(needs) => needs,
    };
    // Tokens and their spans belong to the thread that made them, so the
    // other thread lexes the file again.
    std::thread::scope(|scope| {
        let started = std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, || {
                let facts = lex(&masked).and_then(|tokens| extract_tokens(&masked, tokens, code));
                proc_macro2::extra::invalidate_current_thread_spans();
                facts
            });
        match started {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(error) => Err(ParseError {
                offset: deepest,
                message: format!(
                    "nested too deeply to parse: cannot start a thread with the {} MiB of stack it needs: {error}",
                    stack.div_ceil(1 << 20)
                ),
                too_deep: true,
            }),
        }
    })
}

/// The stack a file needs, more than a thread had; `deepest` is the byte
/// offset where it nests deepest.
struct Needs {
    stack: usize,
    deepest: usize,
}

/// Extracts the facts of `masked` on this thread when `available` bytes of
/// stack are enough for its nesting, and otherwise tells what it needs.
fn extract_within(
    masked: &str,
    code: CodeKind,
    available: usize,
) -> Result<Result<FileFacts, ParseError>, Needs> {
    let tokens = match lex(masked) {
        Ok(tokens) => tokens,
        Err(error) => {
            proc_macro2::extra::invalidate_current_thread_spans();
            return Ok(Err(error));
        }
    };
    // A token is a byte at least, so a file this small cannot nest deeper
    // than the stack there is can take: it needs no count.
    if stack_for(masked.len(), masked.len()) <= available {
        let facts = extract_tokens(masked, tokens, code);
        proc_macro2::extra::invalidate_current_thread_spans();
        return Ok(facts);
    }
    let (tokens, nesting) = nesting::measure(tokens);
    let deepest = nesting.at.map_or(0, |at| at.byte_range().start);
    if nesting.units > MAX_UNITS {
        drop(tokens);
        proc_macro2::extra::invalidate_current_thread_spans();
        return Ok(Err(ParseError {
            offset: deepest,
            message: format!(
                "nested too deeply to parse: up to {} levels where this tool parses {MAX_UNITS}",
                nesting.units
            ),
            too_deep: true,
        }));
    }
    let stack = stack_for(nesting.units, nesting.depth);
    if stack > available {
        drop(tokens);
        proc_macro2::extra::invalidate_current_thread_spans();
        return Err(Needs { stack, deepest });
    }
    let facts = extract_tokens(masked, tokens, code);
    proc_macro2::extra::invalidate_current_thread_spans();
    Ok(facts)
}

fn lex(masked: &str) -> Result<proc_macro2::TokenStream, ParseError> {
    masked.parse::<proc_macro2::TokenStream>().map_err(|error| {
        let error = syn::Error::from(error);
        ParseError {
            offset: error.span().byte_range().start,
            message: error.to_string(),
            too_deep: false,
        }
    })
}

/// The parser's recursions a file may nest before it is refused. Real
/// code nests a few hundred at most; a file nested 100,000 deep is made to
/// break tools.
const MAX_UNITS: usize = 100_000;

/// The stack that parsing, visiting and dropping a file may take when syn
/// may recurse `units` deep and the tree may be `depth` deep.
fn stack_for(units: usize, depth: usize) -> usize {
    STACK_BASE
        .saturating_add(units.saturating_mul(STACK_PER_UNIT))
        .saturating_add(depth.saturating_mul(STACK_PER_DEPTH))
}

/// The stack a recursion of syn's parser, and a level of the tree it
/// builds, may take in the parse, the extraction's visit and the drop
/// together: measured on every case of the hostile-input grammar
/// (`examples/hostile/`), the most any took is at most half of this;
/// frames are larger without optimizations. The stack is only reserved;
/// pages are touched as used.
const STACK_PER_UNIT: usize = if cfg!(debug_assertions) { 128 } else { 24 } << 10;
const STACK_PER_DEPTH: usize = if cfg!(debug_assertions) { 4096 } else { 512 };
const STACK_BASE: usize = 4 << 20;

fn extract_tokens(
    masked: &str,
    tokens: proc_macro2::TokenStream,
    code: CodeKind,
) -> Result<FileFacts, ParseError> {
    match syn::parse2::<syn::File>(tokens) {
        Ok(ast) => {
            let mut extractor = Extractor::new(code, masked);
            if crate::analysis::syntax::directives::mentioned(masked) {
                extractor.facts.directives = crate::analysis::syntax::directives::extract(masked);
                extractor.collect_items = !extractor.facts.directives.is_empty();
            }
            // `#![cfg(test)]` makes the whole file test code.
            extractor.with_attrs(&ast.attrs, |e| e.visit_file(&ast));
            drop(ast);
            extractor.facts.shrink_to_fit();
            Ok(extractor.facts)
        }
        Err(error) => Err(ParseError {
            offset: error.span().byte_range().start,
            message: error.to_string(),
            too_deep: false,
        }),
    }
}

/// Blanks a byte-order mark and a shebang line so that every byte offset
/// syn reports is an offset into the original text.
fn mask_preamble(text: &str) -> std::borrow::Cow<'_, str> {
    let bom = text.starts_with('\u{feff}');
    let body = if bom { &text[3..] } else { text };
    let shebang_len = if body.starts_with("#!") && !body[2..].trim_start().starts_with('[') {
        body.find('\n').unwrap_or(body.len())
    } else {
        0
    };
    if !bom && shebang_len == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut masked = String::with_capacity(text.len());
    if bom {
        masked.push_str("   ");
    }
    masked.extend(std::iter::repeat_n(' ', shebang_len));
    masked.push_str(&body[shebang_len..]);
    std::borrow::Cow::Owned(masked)
}

/// What a local variable stands for.
#[derive(Debug, Clone, Default)]
struct LocalValue {
    /// The place the local refers to when it is a reference, guard or typed
    /// binding: `let b = &mut state.budget` gives `state`'s root and chain
    /// `[budget]`.
    prefix: Option<(Root, Vec<String>)>,
    /// Whether writes through the local write the place (`&mut`, a lock
    /// guard), as opposed to a copy of its value.
    writes_through: bool,
    /// Every field and parameter the local's value was computed from.
    operand: Operand,
}

/// The locals in scope, the innermost binding of each name on top, so that
/// a lookup costs the same however deeply blocks nest.
struct Scopes {
    by_name: HashMap<String, Vec<(usize, LocalValue)>>,
    /// The names each open scope bound, innermost last.
    bound: Vec<Vec<String>>,
}

impl Scopes {
    fn new() -> Scopes {
        Scopes {
            by_name: HashMap::default(),
            bound: vec![Vec::new()],
        }
    }

    fn push(&mut self) {
        self.bound.push(Vec::new());
    }

    fn pop(&mut self) {
        for name in self.bound.pop().unwrap_or_default() {
            if let Some(values) = self.by_name.get_mut(&name) {
                values.pop();
                if values.is_empty() {
                    self.by_name.remove(&name);
                }
            }
        }
    }

    fn bind(&mut self, name: String, value: LocalValue) {
        let depth = self.bound.len();
        let values = self.by_name.entry(name.clone()).or_default();
        match values.last_mut() {
            Some((at, old)) if *at == depth => *old = value,
            _ => {
                values.push((depth, value));
                if let Some(names) = self.bound.last_mut() {
                    names.push(name);
                }
            }
        }
    }

    fn get(&self, name: &str) -> Option<&LocalValue> {
        self.by_name.get(name)?.last().map(|(_, value)| value)
    }
}

/// A place reached through more named fields than this is taken as
/// reached from an unknown root: no type resolves through such a chain, and
/// keeping every prefix of an `a.f.f.f…` chain would cost the square of its
/// length.
const MAX_CHAIN: usize = 64;

/// Macro calls nested deeper than this in each other are scanned for writes
/// instead of parsed: each level parses the tokens of every level inside it.
const MAX_MACRO_DEPTH: usize = 32;

/// The source text kept for a receiver or an amount is at most this long;
/// a longer one is kept as `LONG_TEXT`, which no suggestion uses.
const MAX_TEXT: usize = 1024;
const LONG_TEXT: &str = "\u{2026}";

/// A subexpression whose operand took at least this many nodes to collect
/// is remembered for the comparison, call or literal that asks again.
const MEMO_NODES: usize = 32;

struct Extractor<'t> {
    source: &'t str,
    offsets: offsets::Offsets,
    facts: FileFacts,
    code: Vec<CodeKind>,
    self_types: Vec<String>,
    /// The inline modules (`mod name { … }`) being visited, outermost first.
    inline_mods: Vec<String>,
    functions: Vec<FnRef>,
    /// For each enclosing function, innermost last: what makes
    /// `Access::applied`.
    applied: Vec<Applied>,
    scopes: Scopes,
    memo: Memo,
    /// How many macro calls the tokens being visited are nested in.
    macro_depth: usize,
    /// The comparison whose operands are being visited.
    comparison: Option<usize>,
    /// Inside a `debug_assert!`-style macro.
    debug_only: bool,
    /// The `if` statement whose condition is being visited.
    guard: Option<Guard>,
    /// What each enclosing function returns, innermost last.
    returns: Vec<Vec<Shape>>,
    /// Whether to record items for the file's directives.
    collect_items: bool,
    /// Where the code being visited sits: a logging macro's arguments, a
    /// hand-written `Display`/`Debug` `fmt`.
    context: Context,
    /// The method about to be called on the place being visited.
    receiver_method: Option<std::sync::Arc<str>>,
    /// The trait of each enclosing `impl`, innermost last.
    impl_traits: Vec<Option<String>>,
    /// What the next closure's first input holds: the value a combinator
    /// (`map`, `map_or`, `is_some_and`, …) hands it.
    closure_input: Option<LocalValue>,
}

/// Calls and methods that convert a value without computing another:
/// handing their result over hands over what they convert.
const CONVERSIONS: &[&str] = &[
    "to_string",
    "from",
    "try_from",
    "into",
    "try_into",
    "clone",
    "to_owned",
    "copied",
    "cloned",
    "unwrap",
    "expect",
    "unwrap_or",
    "unwrap_or_default",
    "unwrap_or_else",
    "from_secs",
    "from_millis",
    "from_micros",
    "from_nanos",
    "from_secs_f64",
    "from_secs_f32",
    "as_secs",
    "as_millis",
    "as_micros",
    "as_nanos",
    "as_secs_f64",
    "as_secs_f32",
    "get",
    "load",
];

/// Methods of `Option`, `Result` and iterators whose closure gets the
/// receiver's value: `self.max.map_or(u32::MAX, |max| max - used)`.
const COMBINATORS: &[&str] = &[
    "map",
    "map_or",
    "map_or_else",
    "and_then",
    "is_some_and",
    "is_none_or",
    "is_ok_and",
    "filter",
    "inspect",
    "take_if",
    "then",
    "for_each",
    "all",
    "any",
    "find",
    "position",
];

/// Macros whose arguments are formatted into text or a log record.
const LOG_MACROS: &[&str] = &[
    "print",
    "println",
    "eprint",
    "eprintln",
    "format",
    "format_args",
    "write",
    "writeln",
    "trace",
    "debug",
    "info",
    "warn",
    "error",
    "log",
    "event",
    "span",
];

impl<'t> Extractor<'t> {
    fn new(code: CodeKind, source: &'t str) -> Self {
        Extractor {
            source,
            offsets: offsets::Offsets::new(source),
            facts: FileFacts::default(),
            code: vec![code],
            self_types: Vec::new(),
            inline_mods: Vec::new(),
            functions: Vec::new(),
            applied: Vec::new(),
            scopes: Scopes::new(),
            memo: Memo::default(),
            macro_depth: 0,
            comparison: None,
            debug_only: false,
            guard: None,
            returns: Vec::new(),
            collect_items: false,
            context: Context::Code,
            receiver_method: None,
            impl_traits: Vec::new(),
            closure_input: None,
        }
    }

    /// Records an item for the directives; its span is taken only then,
    /// since syn prints a whole node to tell its span.
    fn item(&mut self, whole: &impl Spanned, name: SynSpan) {
        if self.collect_items {
            let item = ItemFact {
                span: self.span(whole.span()),
                name: self.span(name),
            };
            self.facts.items.push(item);
        }
    }

    fn span(&self, span: SynSpan) -> Span {
        let range = self.offsets.range(self.source, span);
        Span {
            file: FileId::default(),
            start: range.start,
            end: range.end,
        }
    }

    fn code(&self) -> CodeKind {
        *self.code.last().unwrap_or(&CodeKind::Production)
    }

    fn with_attrs<F: FnOnce(&mut Self)>(&mut self, attrs: &[syn::Attribute], body: F) {
        let code = if is_test_code(attrs) {
            CodeKind::Test
        } else {
            self.code()
        };
        self.code.push(code);
        body(self);
        self.code.pop();
    }

    fn with_scope<F: FnOnce(&mut Self)>(&mut self, body: F) {
        self.scopes.push();
        self.memo.invalidate();
        body(self);
        self.scopes.pop();
        self.memo.invalidate();
    }

    fn bind(&mut self, name: String, value: LocalValue) {
        self.scopes.bind(name, value);
        self.memo.invalidate();
    }

    fn local(&self, name: &str) -> Option<&LocalValue> {
        self.scopes.get(name)
    }

    fn record(&mut self, place: Place, kind: AccessKind, span: SynSpan) {
        self.record_with(place, kind, span, None, None);
    }

    fn record_with(
        &mut self,
        place: Place,
        kind: AccessKind,
        span: SynSpan,
        receiver: Option<&Expr>,
        amount: Option<&Expr>,
    ) {
        let (kind, comparison) = match (kind, self.comparison) {
            (AccessKind::Read, Some(index)) => (AccessKind::Compare, Some(index)),
            _ => (kind, None),
        };
        let keep_text = kind != AccessKind::Read;
        let method = self.receiver_method.take();
        let access = Access {
            place,
            kind,
            span: self.span(span),
            code: self.code(),
            comparison,
            receiver: receiver.filter(|_| keep_text).map(|e| self.text_of(e)),
            amount: amount.map(|e| self.text_of(e)),
            function: self.functions.last().map(|f| f.span),
            method,
            context: self.context,
            applied: false,
            remainder: false,
        };
        self.facts.accesses.push(access);
    }

    /// The source text an expression was parsed from, or `LONG_TEXT`
    /// past `MAX_TEXT` bytes.
    fn text_of(&self, node: &Expr) -> String {
        let range = self
            .offsets
            .range(self.source, spans::expr(node, &self.memo));
        if range.len() > MAX_TEXT {
            return LONG_TEXT.to_string();
        }
        match self.source.get(range) {
            Some(text) => text.to_string(),
            None => {
                let text = node.to_token_stream().to_string();
                if text.len() > MAX_TEXT {
                    LONG_TEXT.to_string()
                } else {
                    text
                }
            }
        }
    }

    /// A root typed by the identifiers of a type, with `Self` standing for
    /// the type of the enclosing `impl`.
    fn typed(&self, idents: Vec<String>) -> Root {
        let current = self.self_types.last();
        let idents = idents
            .into_iter()
            .map(|ident| match (ident.as_str(), current) {
                ("Self", Some(name)) => name.clone(),
                _ => ident,
            })
            .collect();
        Root::Typed(idents)
    }

    /// The root and chain an expression denotes when it names a place:
    /// `self`, a local, or a field chain through transparent wrappers.
    /// Walks a field chain once, from its base up, remembering each level
    /// when the chain is long.
    fn prefix_of(&self, expr: &Expr) -> Option<Prefix> {
        let mut fields: Vec<(&Expr, &Member)> = Vec::new();
        let mut current = strip(expr);
        let mut prefix = loop {
            if let Some(known) = self.memo.prefix(current) {
                break known;
            }
            match current {
                Expr::Field(field) => {
                    fields.push((current, &field.member));
                    current = strip(&field.base);
                }
                base => break self.base_prefix(base),
            }
        };
        let remember = fields.len() >= 4;
        for (node, member) in fields.into_iter().rev() {
            prefix = match member {
                Member::Named(name) => {
                    let (root, mut chain) = prefix.unwrap_or((Root::Unknown, Vec::new()));
                    chain.push(name.to_string());
                    if chain.len() > MAX_CHAIN {
                        Some((Root::Unknown, Vec::new()))
                    } else {
                        Some((root, chain))
                    }
                }
                Member::Unnamed(_) => None,
            };
            if remember {
                self.memo.set_prefix(node, prefix.clone());
            }
        }
        prefix
    }

    /// The prefix of an expression that is no field access.
    fn base_prefix(&self, expr: &Expr) -> Option<Prefix> {
        match expr {
            Expr::Path(path) => {
                let ident = path.path.get_ident()?.to_string();
                if ident == "self" {
                    return Some((self_root(&self.self_types), Vec::new()));
                }
                self.local(&ident)?.prefix.clone()
            }
            Expr::Struct(literal) => {
                Some((self.typed(vec![last_ident(&literal.path)]), Vec::new()))
            }
            // `Budget::new(…)` and `Self::default()` name the type they build.
            Expr::Call(call) => {
                let Expr::Path(path) = strip(&call.func) else {
                    return None;
                };
                let segments = &path.path.segments;
                let owner = segments.iter().rev().nth(1)?.ident.to_string();
                let constructor = segments.last()?.ident.to_string();
                let builds_owner = constructor == "new"
                    || constructor == "from"
                    || constructor == "default"
                    || constructor.starts_with("with_")
                    || constructor.starts_with("from_");
                if !builds_owner || !owner.starts_with(|c: char| c.is_ascii_uppercase()) {
                    return None;
                }
                Some((self.typed(vec![owner]), Vec::new()))
            }
            _ => None,
        }
    }

    /// The field an expression writes when used as an assignment target.
    fn place_of(&self, expr: &Expr) -> Option<Place> {
        let (root, mut chain) = self.prefix_of(expr)?;
        if let Expr::Path(path) = strip(expr) {
            let name = path.path.get_ident()?.to_string();
            if !self.local(&name)?.writes_through {
                return None;
            }
        }
        let field = chain.pop()?;
        Some(Place {
            root,
            chain,
            field: field.into(),
            getter: false,
        })
    }

    /// The place a call of a method without arguments may read through a
    /// getter (`body.consumed()`, `self.size()`), when the receiver names a
    /// place and the method is not one of the standard library's.
    fn getter_place(&self, call: &syn::ExprMethodCall) -> Option<Place> {
        if !call.args.is_empty() {
            return None;
        }
        let method = unraw(&call.method.to_string());
        if !crate::analysis::facts::may_call_getter(&method) {
            return None;
        }
        let (root, chain) = self.prefix_of(&call.receiver)?;
        Some(Place {
            root,
            chain,
            field: method.into(),
            getter: true,
        })
    }

    /// The field an argument hands over as it is: the field itself, or a
    /// local bound to it, through references, casts and conversions.
    fn handed_place(&self, arg: &Expr) -> Option<Place> {
        match arg {
            Expr::Paren(inner) => self.handed_place(&inner.expr),
            Expr::Group(inner) => self.handed_place(&inner.expr),
            Expr::Reference(inner) => self.handed_place(&inner.expr),
            Expr::Cast(cast) => self.handed_place(&cast.expr),
            Expr::Unary(unary) if matches!(unary.op, syn::UnOp::Deref(_)) => {
                self.handed_place(&unary.expr)
            }
            Expr::MethodCall(call) if CONVERSIONS.contains(&call.method.to_string().as_str()) => {
                self.handed_place(&call.receiver)
            }
            Expr::Call(call) if call.args.len() == 1 => {
                let Expr::Path(path) = &*call.func else {
                    return None;
                };
                let name = last_ident(&path.path);
                (CONVERSIONS.contains(&name.as_str()) || name == "Some")
                    .then(|| self.handed_place(&call.args[0]))
                    .flatten()
            }
            Expr::Field(field) => self.field_place(field),
            Expr::Path(path) => {
                let ident = path.path.get_ident()?.to_string();
                let (root, mut chain) = self.local(&ident)?.prefix.clone()?;
                let field = chain.pop()?;
                Some(Place {
                    root,
                    chain,
                    field: field.into(),
                    getter: false,
                })
            }
            _ => None,
        }
    }

    fn field_place(&self, field: &syn::ExprField) -> Option<Place> {
        let Member::Named(name) = &field.member else {
            return None;
        };
        let (root, chain) = self
            .prefix_of(&field.base)
            .unwrap_or((Root::Unknown, Vec::new()));
        Some(Place {
            root,
            chain,
            field: name.to_string().into(),
            getter: false,
        })
    }

    /// Every field and parameter an expression's value depends on, through
    /// locals.
    fn operand_of(&self, expr: &Expr) -> Operand {
        let mut collector = PlaceCollector::new(self);
        collector.visit_expr(expr);
        collector.operand.into_operand()
    }

    /// Whether an assignment copies a field into the same field of another
    /// value of the same type: the same field through the same chain, from
    /// roots of one type (or, when the syntax does not type them, through a
    /// chain of fields long enough to name the type by itself).
    fn relays(&self, assign: &syn::ExprAssign) -> bool {
        let mut right = strip(&assign.right);
        while let Expr::MethodCall(call) = right
            && call.args.is_empty()
            && matches!(call.method.to_string().as_str(), "clone" | "to_owned")
        {
            right = strip(&call.receiver);
        }
        if !matches!(right, Expr::Field(_)) {
            return false;
        }
        let (Some(to), Some(from)) = (self.place_of(&assign.left), self.place_of(right)) else {
            return false;
        };
        if to.field != from.field || to.chain != from.chain {
            return false;
        }
        match (&to.root, &from.root) {
            (Root::Typed(a), Root::Typed(b)) => a == b,
            _ => !to.chain.is_empty(),
        }
    }

    /// Whether an `if` without `else` only relays fields (`relays`), and its
    /// condition reads nothing but those fields and constants: `if
    /// overlay.x != 256 { merged.x = overlay.x; }`.
    fn only_relays(&self, expr: &syn::ExprIf) -> bool {
        if expr.else_branch.is_some() || expr.then_branch.stmts.is_empty() {
            return false;
        }
        let mut relayed = Vec::new();
        for stmt in &expr.then_branch.stmts {
            let syn::Stmt::Expr(Expr::Assign(assign), _) = stmt else {
                return false;
            };
            if !self.relays(assign) {
                return false;
            }
            let Some(place) = self.place_of(&assign.left) else {
                return false;
            };
            relayed.push((place.chain, place.field));
        }
        let read = self.operand_of(&expr.cond);
        read.params.is_empty()
            && !read.places.is_empty()
            && read
                .places
                .iter()
                .all(|p| !p.getter && relayed.iter().any(|(c, f)| *c == p.chain && *f == p.field))
    }

    fn places_in(&self, expr: &Expr) -> Vec<Place> {
        self.operand_of(expr).places
    }

    fn value_of(&self, expr: &Expr) -> LocalValue {
        LocalValue {
            prefix: self.prefix_of(expr),
            writes_through: writes_through(expr),
            operand: self.operand_of(expr),
        }
    }

    /// Notes a local the enclosing function counts down (`left -= 1`).
    fn note_counted_down(&mut self, target: &Expr) {
        if let Expr::Path(path) = strip(target)
            && let Some(ident) = path.path.get_ident()
            && let Some(applied) = self.applied.last_mut()
        {
            applied.counted_down.insert(ident.to_string());
        }
    }

    /// Notes the local a pattern binds from a remainder (`let left =
    /// wanted - taken`, `if let Some(left) = NonZeroU32::new(n - 1)`) or
    /// from another local as it is.
    fn note_count_binding(&mut self, pat: &Pat, value: &Expr) {
        let Some(source) = exprs::count_source(value) else {
            return;
        };
        let Some(applied) = self.applied.last_mut() else {
            return;
        };
        let mut pending = vec![pat];
        while let Some(pat) = pending.pop() {
            match pat {
                Pat::Ident(ident) => {
                    let bound = ident.ident.to_string();
                    match &source {
                        exprs::CountSource::Remainder => {
                            applied.counted_down.insert(bound);
                        }
                        exprs::CountSource::Local(local) => {
                            applied.aliases.push((bound, local.clone()));
                        }
                    }
                }
                Pat::Type(typed) => pending.push(&typed.pat),
                Pat::Reference(reference) => pending.push(&reference.pat),
                Pat::TupleStruct(tuple) if tuple.elems.len() == 1 => {
                    pending.extend(tuple.elems.iter());
                }
                _ => {}
            }
        }
    }

    fn bind_pattern(&mut self, pat: &Pat, value: &LocalValue) {
        match pat {
            Pat::Ident(ident) => {
                self.bind(ident.ident.to_string(), value.clone());
                if let Some((_, sub)) = &ident.subpat {
                    self.bind_pattern(sub, value);
                }
            }
            Pat::Type(typed) => {
                let typed_value = LocalValue {
                    prefix: Some((self.typed(type_idents(&typed.ty)), Vec::new())),
                    writes_through: value.writes_through || is_mut_ref(&typed.ty),
                    operand: value.operand.clone(),
                };
                let typed_value = if value.prefix.is_some() {
                    LocalValue {
                        prefix: value.prefix.clone(),
                        ..typed_value
                    }
                } else {
                    typed_value
                };
                self.bind_pattern(&typed.pat, &typed_value);
            }
            Pat::Struct(pattern) => {
                let root = self.typed(vec![last_ident(&pattern.path)]);
                for field in &pattern.fields {
                    let Member::Named(name) = &field.member else {
                        continue;
                    };
                    let place = Place {
                        root: root.clone(),
                        chain: Vec::new(),
                        field: name.to_string().into(),
                        getter: false,
                    };
                    // A field bound `mut` is changed through the binding
                    // and may be written back: a possible spend.
                    let mutable =
                        matches!(&*field.pat, Pat::Ident(ident) if ident.mutability.is_some());
                    let kind = if mutable {
                        AccessKind::Opaque
                    } else {
                        AccessKind::Read
                    };
                    self.record(place.clone(), kind, name.span());
                    let field_value = LocalValue {
                        prefix: Some((root.clone(), vec![name.to_string()])),
                        writes_through: value.writes_through,
                        operand: Operand {
                            places: vec![place],
                            params: Vec::new(),
                        },
                    };
                    self.bind_pattern(&field.pat, &field_value);
                }
            }
            Pat::Guard(guarded) => {
                self.bind_pattern(&guarded.pat, value);
                self.visit_expr(&guarded.guard);
            }
            Pat::Or(or) => {
                for case in &or.cases {
                    self.bind_pattern(case, value);
                }
            }
            Pat::Paren(paren) => self.bind_pattern(&paren.pat, value),
            Pat::Reference(reference) => self.bind_pattern(&reference.pat, value),
            Pat::Tuple(tuple) => {
                for elem in &tuple.elems {
                    self.bind_pattern(elem, &LocalValue::derived(value));
                }
            }
            // `Some(x)` binds the value itself, unwrapped: a setting
            // handed on through `x` is the field handed on.
            Pat::TupleStruct(tuple)
                if tuple.elems.len() == 1
                    && matches!(last_ident(&tuple.path).as_str(), "Some" | "Ok") =>
            {
                self.bind_pattern(&tuple.elems[0], value);
            }
            Pat::TupleStruct(tuple) => {
                for elem in &tuple.elems {
                    self.bind_pattern(elem, &LocalValue::derived(value));
                }
            }
            Pat::Slice(slice) => {
                for elem in &slice.elems {
                    self.bind_pattern(elem, &LocalValue::derived(value));
                }
            }
            _ => {}
        }
    }

    fn visit_comparison(&mut self, span: SynSpan, op: CompareOp, left: &Expr, right: &[&Expr]) {
        let mut right_operand = OperandBuilder::default();
        for expr in right {
            right_operand.add(&self.operand_of(expr));
        }
        let right_operand = right_operand.into_operand();
        let comparison = Comparison {
            span: self.span(span),
            sides: [self.operand_of(left), right_operand],
            op,
            code: self.code(),
            debug_only: self.debug_only,
            function: self.functions.last().cloned(),
            guard: self.guard.clone(),
            context: self.context,
        };
        self.facts.comparisons.push(comparison);
        let outer = self.comparison.replace(self.facts.comparisons.len() - 1);
        self.visit_expr(left);
        for expr in right {
            self.visit_expr(expr);
        }
        self.comparison = outer;
    }

    fn visit_write(
        &mut self,
        target: &Expr,
        kind: AccessKind,
        span: SynSpan,
        amount: Option<&Expr>,
    ) {
        match self.place_of(target) {
            Some(place) => {
                let receiver = match strip(target) {
                    Expr::Field(field) => Some(&*field.base),
                    _ => None,
                };
                self.record_with(place, kind, span, receiver, amount);
                if let Some(base) = receiver {
                    self.visit_field_base(base);
                }
            }
            None => self.visit_expr(target),
        }
    }

    /// Visits the receiver of a field expression: the intermediate fields it
    /// passes through are reads.
    fn visit_field_base(&mut self, base: &Expr) {
        let outer = self.comparison.take();
        self.visit_expr(base);
        self.comparison = outer;
    }

    fn assignment_kind(&self, target: &Place, value: &Expr) -> AccessKind {
        if is_constant(value) {
            return AccessKind::Reset;
        }
        if let Expr::Path(path) = value
            && let Some(ident) = path.path.get_ident()
            && self
                .local(&ident.to_string())
                .is_some_and(|l| l.operand.places.is_empty() && !l.operand.params.is_empty())
        {
            return AccessKind::Store;
        }
        let mentions_self = self.places_in(value).iter().any(|p| p.may_be(target));
        if !mentions_self {
            return AccessKind::Assign;
        }
        direction(value).unwrap_or(AccessKind::Assign)
    }

    fn visit_macro_body(&mut self, mac: &syn::Macro) {
        let name = last_ident(&mac.path);
        if name == "macro_rules" {
            self.visit_macro_rules(&mac.tokens);
            return;
        }
        let outer_debug = self.debug_only;
        if name.starts_with("debug_assert") {
            self.debug_only = true;
        }
        let outer_context = self.context;
        if self.context == Context::Code && LOG_MACROS.contains(&name.as_str()) {
            self.context = Context::Log;
        }
        self.macro_depth += 1;
        self.visit_tokens(mac.tokens.clone());
        self.macro_depth -= 1;
        self.context = outer_context;
        // Nodes of the trees parsed from the tokens may have been remembered.
        self.memo.invalidate();
        self.debug_only = outer_debug;
    }

    /// Visits a macro's input as Rust where it parses: comma-separated
    /// expressions, statements, items, or failing those each top-level
    /// comma-separated piece that parses as an expression; a token scan
    /// for `. field +=` is the last resort.
    fn visit_tokens(&mut self, tokens: proc_macro2::TokenStream) {
        if self.macro_depth > MAX_MACRO_DEPTH {
            self.record_dotted_fields(tokens);
            return;
        }
        let exprs = Punctuated::<Expr, Token![,]>::parse_terminated;
        if let Ok(args) = syn::parse::Parser::parse2(exprs, tokens.clone()) {
            for arg in &args {
                self.visit_macro_arg(arg);
            }
            return;
        }
        if let Ok(stmts) = syn::parse::Parser::parse2(syn::Block::parse_within, tokens.clone()) {
            for stmt in &stmts {
                self.visit_stmt(stmt);
            }
            return;
        }
        if let Ok(file) = syn::parse2::<syn::File>(tokens.clone()) {
            for item in &file.items {
                self.visit_item(item);
            }
            return;
        }
        let parts = macros::parse_statements_leniently(tokens.clone());
        if parts.iter().any(|p| matches!(p, macros::Lenient::Stmt(_))) {
            for part in parts {
                match part {
                    macros::Lenient::Stmt(stmt) => self.visit_stmt(&stmt),
                    macros::Lenient::Skipped(tokens) => self.visit_pieces(tokens, 0),
                }
            }
            return;
        }
        self.visit_pieces(tokens, 0);
    }

    /// Visits a macro input whose syntax is the macro's own, piece by
    /// piece (between `,`, `;` and `=>`): a piece that parses as an
    /// expression is visited as one; the groups of one that does not are
    /// visited the same way, and the fields its own tokens name after a `.`
    /// are opaque accesses, which may be reads or writes.
    fn visit_pieces(&mut self, tokens: proc_macro2::TokenStream, depth: usize) {
        /// Deeper groups are only scanned for the fields they name.
        const MAX_DEPTH: usize = 32;
        for piece in macros::split_pieces(tokens) {
            let stream: proc_macro2::TokenStream = piece.iter().cloned().collect();
            if depth < MAX_DEPTH
                && let Ok(arg) = syn::parse2::<Expr>(stream.clone())
            {
                self.visit_macro_arg(&arg);
                continue;
            }
            for write in macros::compound_writes(&piece) {
                let place = Place::unknown(write.field);
                self.record(place, write.kind, write.span);
            }
            for (name, span) in macros::dotted_fields(&piece) {
                let place = Place::unknown(unraw(&name));
                self.record(place, AccessKind::Opaque, span);
            }
            for token in &piece {
                if let proc_macro2::TokenTree::Group(group) = token {
                    if depth < MAX_DEPTH {
                        self.visit_pieces(group.stream(), depth + 1);
                    } else {
                        self.record_dotted_fields(group.stream());
                    }
                }
            }
        }
    }

    /// Records every field named after a `.` in some tokens, at any depth,
    /// as an opaque access, without recursion.
    fn record_dotted_fields(&mut self, tokens: proc_macro2::TokenStream) {
        for write in macros::scan_compound_writes(tokens.clone()) {
            let place = Place::unknown(write.field);
            self.record(place, write.kind, write.span);
        }
        let mut pending = vec![tokens];
        while let Some(tokens) = pending.pop() {
            let tokens: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
            for (name, span) in macros::dotted_fields(&tokens) {
                let place = Place::unknown(unraw(&name));
                self.record(place, AccessKind::Opaque, span);
            }
            for token in tokens {
                if let proc_macro2::TokenTree::Group(group) = token {
                    pending.push(group.stream());
                }
            }
        }
    }

    fn visit_macro_arg(&mut self, arg: &Expr) {
        match arg {
            // `info!(a.b = v)` and `format!("{x}", x = v)` name a key.
            Expr::Assign(assign) => self.visit_expr(&assign.right),
            _ => self.visit_expr(arg),
        }
    }

    /// Visits each rule's transcriber with its `$var` metavariables turned
    /// into plain identifiers and its repetitions expanded once.
    fn visit_macro_rules(&mut self, tokens: &proc_macro2::TokenStream) {
        self.macro_depth += 1;
        for transcriber in macros::transcribers(tokens.clone()) {
            self.with_scope(|this| this.visit_tokens(macros::substitute(transcriber)));
        }
        self.macro_depth -= 1;
        self.memo.invalidate();
    }

    fn visit_fn(
        &mut self,
        ident: &syn::Ident,
        sig: &syn::Signature,
        block: &syn::Block,
        exported: bool,
    ) {
        let exported = exported && self.code() == CodeKind::Production;
        let function = FnRef {
            name: unraw(&ident.to_string()).into(),
            span: self.span(ident.span()),
        };
        let receiver = match sig.inputs.first() {
            Some(syn::FnArg::Receiver(receiver)) => Some(match &receiver.kind {
                syn::ReceiverKind::Reference(_, _, Some(_)) => Receiver::RefMut,
                syn::ReceiverKind::Reference(_, _, None) => Receiver::Ref,
                syn::ReceiverKind::Typed(_, ty) => match &**ty {
                    syn::Type::Reference(reference) if reference.mutability.is_some() => {
                        Receiver::RefMut
                    }
                    syn::Type::Reference(_) => Receiver::Ref,
                    _ => Receiver::Value,
                },
                _ => Receiver::Value,
            }),
            _ => None,
        };
        let has_receiver = receiver.is_some();
        let params = sig
            .inputs
            .iter()
            .filter_map(|input| match input {
                syn::FnArg::Typed(typed) => match &*typed.pat {
                    Pat::Ident(name) => Some(Param {
                        name: name.ident.to_string(),
                        ty: self.typed_idents(type_idents(&typed.ty)),
                    }),
                    _ => None,
                },
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        self.functions.push(function.clone());
        self.applied.push(Default::default());
        self.returns.push(Vec::new());
        self.with_scope(|this| {
            for (position, input) in sig.inputs.iter().enumerate() {
                let syn::FnArg::Typed(typed) = input else {
                    continue;
                };
                let value = LocalValue {
                    prefix: Some((this.typed(type_idents(&typed.ty)), Vec::new())),
                    writes_through: is_mut_ref(&typed.ty),
                    operand: Operand {
                        places: Vec::new(),
                        params: vec![position],
                    },
                };
                this.bind_pattern(&typed.pat, &value);
            }
            if let Some(syn::Stmt::Expr(tail, None)) = block.stmts.last()
                && let Some(shape) = shape_of(tail)
                && let Some(returns) = this.returns.last_mut()
            {
                returns.push(shape);
            }
            this.visit_block(block);
        });
        self.functions.pop();
        if let Some(applied) = self.applied.pop() {
            let counted_down = applied.counted_down();
            for (access, local) in &applied.fills {
                if applied.handed.contains(local) {
                    self.facts.accesses[*access].applied = true;
                }
                if counted_down.contains(local.as_str()) {
                    self.facts.accesses[*access].remainder = true;
                }
            }
        }
        let returns = self.returns.pop().unwrap_or_default();
        self.facts.functions.push(FnDef {
            function,
            arity: sig.inputs.len(),
            self_type: self.self_types.last().cloned().filter(|_| has_receiver),
            params,
            returns,
            receiver,
            output: match &sig.output {
                syn::ReturnType::Default => Vec::new(),
                syn::ReturnType::Type(_, ty) => type_idents(ty),
            },
            exported,
        });
    }

    fn typed_idents(&self, idents: Vec<String>) -> Vec<String> {
        match self.typed(idents) {
            Root::Typed(idents) => idents,
            Root::Unknown => Vec::new(),
        }
    }

    /// The span of an item's doc comment: its `///` lines or `#[doc]`
    /// attributes, first to last.
    fn doc_span(&self, attrs: &[syn::Attribute]) -> Option<Span> {
        let mut docs = attrs.iter().filter(|attr| attr.path().is_ident("doc"));
        let first = docs.next()?;
        let last = docs.next_back().unwrap_or(first);
        let start = self.span(first.span()).start;
        let end = self.span(last.span()).end;
        Some(Span {
            file: FileId::default(),
            start,
            end: end.max(start),
        })
    }

    /// Records an expression that names a variant which may name a limit's
    /// error: it constructs the variant.
    fn record_variant_use(&mut self, path: &syn::Path) {
        let mut segments = path.segments.iter().rev();
        let Some(last) = segments.next() else {
            return;
        };
        let name = last.ident.to_string();
        if !may_name_limit_error(name.strip_prefix("r#").unwrap_or(&name)) {
            return;
        }
        let name = unraw(&name);
        let qualifier = segments.next().map(|s| unraw(&s.ident.to_string()));
        let span = self.span(last.ident.span());
        let code = self.code();
        self.facts.variant_uses.push(VariantUse {
            name,
            qualifier,
            span,
            code,
        });
    }

    /// Records a call whose arguments carry fields or parameters.
    fn record_call(&mut self, callee: String, args: Vec<&Expr>, span: SynSpan, method: bool) {
        let skip = usize::from(method);
        // Wrapping a value (`Some(x)`, `Duration::from_secs(x)`) hands it
        // to nothing that acts on it.
        let wraps = CONVERSIONS.contains(&callee.as_str())
            || matches!(callee.as_str(), "Some" | "Ok" | "Err");
        if !wraps && let Some(applied) = self.applied.last_mut() {
            applied
                .handed
                .extend(args.iter().skip(skip).filter_map(|arg| handed_local(arg)));
        }
        let handed: Vec<Place> = args
            .iter()
            .skip(skip)
            .filter_map(|arg| self.handed_place(arg))
            .collect();
        let args: Vec<Operand> = args.into_iter().map(|arg| self.operand_of(arg)).collect();
        if args.iter().all(Operand::is_empty) {
            return;
        }
        let call = Call {
            callee,
            args,
            span: self.span(span),
            code: self.code(),
            debug_only: self.debug_only,
            function: self.functions.last().cloned(),
            guard: self.guard.clone(),
            handed,
            method,
        };
        self.facts.calls.push(call);
    }
}

impl LocalValue {
    /// A part of a value: it depends on the same fields but is no alias.
    fn derived(whole: &LocalValue) -> LocalValue {
        LocalValue {
            prefix: None,
            writes_through: false,
            operand: whole.operand.clone(),
        }
    }
}

impl<'ast> Visit<'ast> for Extractor<'_> {
    /// An item sees no local of the code around it, as in Rust: what a
    /// macro's statements bind at the top of a module, or a function binds
    /// before an item nested in it, does not reach into the item. So each
    /// item gives the same facts parsed with its file or alone.
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let outer = std::mem::replace(&mut self.scopes, Scopes::new());
        self.memo.invalidate();
        visit::visit_item(self, item);
        self.scopes = outer;
        self.memo.invalidate();
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        let code = if is_test_code(&item.attrs) {
            CodeKind::Test
        } else {
            self.code()
        };
        self.item(item, item.ident.span());
        let syn::Fields::Named(named) = &item.fields else {
            return;
        };
        for field in &named.named {
            if let Some(ident) = &field.ident {
                self.item(field, ident.span());
            }
        }
        let fields = named
            .named
            .iter()
            .filter_map(|field| {
                let ident = field.ident.as_ref()?;
                Some(FieldFact {
                    name: unraw(&ident.to_string()),
                    ty: type_shape(&field.ty),
                    span: self.span(ident.span()),
                    public: matches!(field.vis, syn::Visibility::Public(_)),
                    deprecated: field.attrs.iter().any(|a| a.path().is_ident("deprecated")),
                    doc: self.doc_span(&field.attrs),
                })
            })
            .collect();
        self.facts.structs.push(StructFact {
            name: item.ident.to_string(),
            span: self.span(item.ident.span()),
            derives: derives(&item.attrs),
            foreign_layout: item.attrs.iter().any(is_repr_c),
            fields,
            code,
            public: matches!(item.vis, syn::Visibility::Public(_)),
        });
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        let variants: Vec<VariantFact> = item
            .variants
            .iter()
            .filter_map(|variant| {
                let name = unraw(&variant.ident.to_string());
                may_name_limit_error(&name).then(|| VariantFact {
                    span: self.span(variant.ident.span()),
                    fields: match &variant.fields {
                        syn::Fields::Unit => VariantFields::Unit,
                        syn::Fields::Unnamed(fields) => VariantFields::Tuple(
                            fields.unnamed.iter().map(|f| type_shape(&f.ty)).collect(),
                        ),
                        syn::Fields::Named(fields) => VariantFields::Named(
                            fields
                                .named
                                .iter()
                                .filter_map(|f| {
                                    let name = unraw(&f.ident.as_ref()?.to_string());
                                    Some((name, type_shape(&f.ty)))
                                })
                                .collect(),
                        ),
                    },
                    name,
                })
            })
            .collect();
        if !variants.is_empty() {
            let code = if is_test_code(&item.attrs) {
                CodeKind::Test
            } else {
                self.code()
            };
            self.facts.enums.push(EnumFact {
                name: unraw(&item.ident.to_string()),
                span: self.span(item.ident.span()),
                code,
                variants,
            });
        }
        visit::visit_item_enum(self, item);
    }

    fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
        self.record_variant_use(&path.path);
        visit::visit_expr_path(self, path);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.with_attrs(&item.attrs, |this| {
            let name = unraw(&item.ident.to_string());
            if item.content.is_none() {
                let decl = ModDecl {
                    name,
                    path_attr: path_attr(&item.attrs),
                    inline: this.inline_mods.clone(),
                    code: this.code(),
                };
                this.facts.mod_decls.push(decl);
                return;
            }
            this.inline_mods.push(name);
            visit::visit_item_mod(this, item);
            this.inline_mods.pop();
        });
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        self.with_attrs(&item.attrs, |this| {
            this.self_types.push(last_type_ident(&item.self_ty));
            let trait_name = item.trait_.as_ref().map(|(path, _)| last_ident(path));
            this.impl_traits.push(trait_name);
            this.memo.invalidate();
            for impl_item in &item.items {
                this.visit_impl_item(impl_item);
            }
            this.impl_traits.pop();
            this.self_types.pop();
            this.memo.invalidate();
        });
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.item(item, item.sig.ident.span());
        self.with_attrs(&item.attrs, |this| {
            let exported = matches!(item.vis, syn::Visibility::Public(_));
            this.visit_fn(&item.sig.ident, &item.sig, &item.block, exported);
        });
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.item(item, item.sig.ident.span());
        // A hand-written `fmt` of `Display` or `Debug` shows values; it
        // enforces nothing.
        let shows = item.sig.ident == "fmt"
            && matches!(
                self.impl_traits.last(),
                Some(Some(name)) if name == "Display" || name == "Debug"
            );
        let outer = self.context;
        if shows {
            self.context = Context::Display;
        }
        // A trait's method is as visible as the trait, which is not known
        // here: it may be called from outside.
        let exported = matches!(item.vis, syn::Visibility::Public(_))
            || matches!(self.impl_traits.last(), Some(Some(_)));
        self.with_attrs(&item.attrs, |this| {
            this.visit_fn(&item.sig.ident, &item.sig, &item.block, exported);
        });
        self.context = outer;
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        self.item(item, item.sig.ident.span());
        let Some(block) = &item.default else {
            return;
        };
        self.with_attrs(&item.attrs, |this| {
            this.visit_fn(&item.sig.ident, &item.sig, block, true);
        });
    }

    fn visit_item_const(&mut self, item: &'ast syn::ItemConst) {
        self.with_attrs(&item.attrs, |this| visit::visit_item_const(this, item));
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        self.with_attrs(&item.attrs, |this| this.visit_macro_body(&item.mac));
    }

    fn visit_stmt_macro(&mut self, stmt: &'ast syn::StmtMacro) {
        self.visit_macro_body(&stmt.mac);
    }

    fn visit_expr_macro(&mut self, expr: &'ast syn::ExprMacro) {
        self.visit_macro_body(&expr.mac);
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        self.with_scope(|this| visit::visit_block(this, block));
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if let (Some(init), Some(function)) = (&local.init, self.functions.last())
            && let Some(callee) = callee_of(&init.expr)
            && let Some(pattern) = pattern_shape(&local.pat)
        {
            let binding = Binding {
                function: function.clone(),
                callee,
                pattern,
                statement: self.span(spans::local(local)),
            };
            self.facts.bindings.push(binding);
        }
        let value = match &local.init {
            Some(init) => {
                self.visit_expr(&init.expr);
                if let Some((_, diverge)) = &init.diverge {
                    self.visit_expr(diverge);
                }
                self.value_of(&init.expr)
            }
            None => LocalValue::default(),
        };
        if let Some(init) = &local.init {
            self.note_count_binding(&local.pat, &init.expr);
        }
        self.bind_pattern(&local.pat, &value);
    }

    fn visit_expr_return(&mut self, expr: &'ast syn::ExprReturn) {
        if let Some(value) = &expr.expr
            && let Some(shape) = shape_of(value)
            && let Some(returns) = self.returns.last_mut()
        {
            returns.push(shape);
        }
        visit::visit_expr_return(self, expr);
    }

    fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
        // A `return` inside a closure leaves the closure, not the function.
        self.returns.push(Vec::new());
        let mut first = self.closure_input.take();
        self.with_scope(|this| {
            for input in &closure.inputs {
                let value = first.take().unwrap_or_default();
                this.bind_pattern(input, &value);
            }
            this.visit_expr(&closure.body);
        });
        self.returns.pop();
    }

    fn visit_expr_for_loop(&mut self, expr: &'ast syn::ExprForLoop) {
        self.visit_expr(&expr.expr);
        let value = LocalValue::derived(&self.value_of(&expr.expr));
        self.with_scope(|this| {
            this.bind_pattern(&expr.pat, &value);
            this.visit_block(&expr.body);
        });
    }

    fn visit_expr_let(&mut self, expr: &'ast syn::ExprLet) {
        self.visit_expr(&expr.expr);
        self.note_count_binding(&expr.pat, &expr.expr);
        let value = self.value_of(&expr.expr);
        self.bind_pattern(&expr.pat, &value);
    }

    fn visit_expr_if(&mut self, expr: &'ast syn::ExprIf) {
        let guard = expr.else_branch.is_none().then(|| Guard {
            span: self.span(spans::guard(expr)),
        });
        let relay = self.context == Context::Code && self.only_relays(expr);
        // `if let` bindings live in the then-branch only.
        self.with_scope(|this| {
            let outer = std::mem::replace(&mut this.guard, guard);
            if relay {
                this.context = Context::Relay;
            }
            this.visit_expr(&expr.cond);
            if relay {
                this.context = Context::Code;
            }
            this.guard = outer;
            this.visit_block(&expr.then_branch);
        });
        if let Some((_, otherwise)) = &expr.else_branch {
            self.visit_expr(otherwise);
        }
    }

    fn visit_expr_while(&mut self, expr: &'ast syn::ExprWhile) {
        self.with_scope(|this| {
            this.visit_expr(&expr.cond);
            this.visit_block(&expr.body);
        });
    }

    fn visit_expr_match(&mut self, expr: &'ast syn::ExprMatch) {
        self.visit_expr(&expr.expr);
        let value = LocalValue::derived(&self.value_of(&expr.expr));
        for arm in &expr.arms {
            self.with_scope(|this| {
                this.bind_pattern(&arm.pat, &value);
                this.visit_expr(&arm.body);
            });
        }
    }

    fn visit_expr_field(&mut self, field: &'ast syn::ExprField) {
        if let Some(place) = self.field_place(field) {
            let span = field.member.span();
            self.record_with(place, AccessKind::Read, span, Some(&field.base), None);
        }
        self.visit_field_base(&field.base);
    }

    fn visit_expr_assign(&mut self, assign: &'ast syn::ExprAssign) {
        let kind = match self.place_of(&assign.left) {
            Some(place) => self.assignment_kind(&place, &assign.right),
            None => AccessKind::Assign,
        };
        let amount = match kind {
            AccessKind::Increase | AccessKind::Decrease => step_amount(&assign.right),
            _ => &assign.right,
        };
        let span = spans::expr(&assign.left, &self.memo);
        self.visit_write(&assign.left, kind, span, Some(amount));
        if self.context == Context::Code && self.relays(assign) {
            self.context = Context::Relay;
            self.visit_expr(&assign.right);
            self.context = Context::Code;
            return;
        }
        self.visit_expr(&assign.right);
    }

    fn visit_expr_binary(&mut self, binary: &'ast syn::ExprBinary) {
        let write = match binary.op {
            BinOp::AddAssign(_) => Some(AccessKind::Increase),
            BinOp::SubAssign(_) => Some(AccessKind::Decrease),
            BinOp::MulAssign(_) | BinOp::ShlAssign(_) => Some(AccessKind::Increase),
            BinOp::DivAssign(_) | BinOp::ShrAssign(_) => Some(AccessKind::Decrease),
            BinOp::RemAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::BitXorAssign(_) => Some(AccessKind::Assign),
            _ => None,
        };
        if let Some(kind) = write {
            if kind == AccessKind::Decrease {
                self.note_counted_down(&binary.left);
            }
            let span = spans::expr(&binary.left, &self.memo);
            self.visit_write(&binary.left, kind, span, Some(&binary.right));
            self.visit_expr(&binary.right);
            return;
        }
        let is_comparison = matches!(
            binary.op,
            BinOp::Lt(_) | BinOp::Le(_) | BinOp::Gt(_) | BinOp::Ge(_) | BinOp::Eq(_) | BinOp::Ne(_)
        );
        if is_comparison {
            let op = if matches!(binary.op, BinOp::Eq(_) | BinOp::Ne(_)) {
                CompareOp::Equality
            } else {
                CompareOp::Ordering
            };
            let span = if binary.attrs.is_empty() {
                spans::expr(&binary.left, &self.memo).join(spans::expr(&binary.right, &self.memo))
            } else {
                None
            };
            let span = span.unwrap_or_else(|| binary.span());
            self.visit_comparison(span, op, &binary.left, &[&binary.right]);
            return;
        }
        visit::visit_expr_binary(self, binary);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let method = call.method.to_string();
        let write = match method.as_str() {
            "fetch_add" => Some(AccessKind::Increase),
            "fetch_sub" => Some(AccessKind::Decrease),
            "store" | "set" | "replace" | "swap" => call.args.first().map(|arg| {
                if is_constant(arg) {
                    AccessKind::Reset
                } else {
                    let target = self.place_of(&call.receiver);
                    match target {
                        Some(target) => self.assignment_kind(&target, arg),
                        None => AccessKind::Assign,
                    }
                }
            }),
            "compare_exchange" | "compare_exchange_weak" | "fetch_update" | "fetch_max" => {
                Some(AccessKind::Assign)
            }
            _ => None,
        };
        if let Some(kind) = write
            && self.place_of(&call.receiver).is_some()
        {
            // `fetch_add(n, ..)` steps by its argument; `set(old - 1)` by
            // what its argument adds.
            let amount = match (method.as_str(), kind) {
                ("fetch_add" | "fetch_sub", _) => call.args.first(),
                (_, AccessKind::Increase | AccessKind::Decrease) => {
                    call.args.first().map(step_amount)
                }
                _ => call.args.first(),
            };
            self.visit_write(
                &call.receiver,
                kind,
                spans::expr(&call.receiver, &self.memo),
                amount,
            );
            for arg in &call.args {
                self.visit_expr(arg);
            }
            return;
        }
        if crate::analysis::facts::COMPARE_METHODS.contains(&method.as_str())
            && !call.args.is_empty()
        {
            let args: Vec<&Expr> = call.args.iter().collect();
            let op = match method.as_str() {
                "eq" | "ne" => CompareOp::Equality,
                "lt" | "le" | "gt" | "ge" => CompareOp::Ordering,
                _ => CompareOp::Method,
            };
            self.visit_comparison(
                spans::method_call(call, &self.memo),
                op,
                &call.receiver,
                &args,
            );
            return;
        }
        let args: Vec<&Expr> = std::iter::once(&*call.receiver)
            .chain(call.args.iter())
            .collect();
        self.record_call(
            method.clone(),
            args,
            spans::method_call(call, &self.memo),
            true,
        );
        if let Some(place) = self.getter_place(call) {
            self.record(place, AccessKind::Read, call.method.span());
        }
        let combinator = COMBINATORS.contains(&method.as_str());
        // The access of a field the method is called on carries the method:
        // `load` reads, `clone` of an `Arc` aliases, `incr` may write.
        if let Expr::Field(field) = &*call.receiver
            && self.field_place(field).is_some()
        {
            self.receiver_method = Some(method.into());
            self.visit_expr_field(field);
            self.receiver_method = None;
        } else {
            self.visit_expr(&call.receiver);
        }
        let input = combinator.then(|| LocalValue::derived(&self.value_of(&call.receiver)));
        for arg in &call.args {
            if let Expr::Closure(_) = arg {
                self.closure_input.clone_from(&input);
            }
            self.visit_expr(arg);
            self.closure_input = None;
        }
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let Expr::Path(path) = strip(&call.func) {
            let name = last_ident(&path.path);
            if matches!(name.as_str(), "min" | "max") && call.args.len() == 2 {
                let args: Vec<&Expr> = call.args.iter().collect();
                let span = spans::call(call, &self.memo);
                self.visit_comparison(span, CompareOp::Method, args[0], &args[1..]);
                return;
            }
            self.record_call(
                name,
                call.args.iter().collect(),
                spans::call(call, &self.memo),
                false,
            );
        }
        visit::visit_expr_call(self, call);
    }

    fn visit_expr_reference(&mut self, reference: &'ast syn::ExprReference) {
        // `&mut b.x_used` handed to a function may be written there, or
        // read.
        if reference.mutability.is_some()
            && let Expr::Field(_) = strip(&reference.expr)
            && self.place_of(&reference.expr).is_some()
        {
            self.visit_write(
                &reference.expr,
                AccessKind::BorrowMut,
                spans::expr(&reference.expr, &self.memo),
                None,
            );
            return;
        }
        visit::visit_expr_reference(self, reference);
    }

    fn visit_expr_struct(&mut self, literal: &'ast syn::ExprStruct) {
        self.record_variant_use(&literal.path);
        let root = self.typed(vec![last_ident(&literal.path)]);
        for field in &literal.fields {
            let Member::Named(name) = &field.member else {
                self.visit_expr(&field.expr);
                continue;
            };
            let place = Place {
                root: root.clone(),
                chain: Vec::new(),
                field: unraw(&name.to_string()).into(),
                getter: false,
            };
            let kind = if is_constant(&field.expr) {
                AccessKind::Init
            } else {
                // `S { used: base.used + n, ..base }` updates the field; a
                // value computed from other things fills it.
                let updates_itself = self.places_in(&field.expr).iter().any(|p| p.may_be(&place));
                if updates_itself {
                    self.assignment_kind(&place, &field.expr)
                } else {
                    AccessKind::Fill
                }
            };
            // The value a constant initialises to is kept: a counter
            // initialised to zero and compared with a limit counts.
            let value = (kind == AccessKind::Init).then_some(&field.expr);
            self.record_with(place, kind, name.span(), None, value);
            if kind == AccessKind::Fill
                && exprs::direction(&field.expr) == Some(AccessKind::Decrease)
                && let Some(access) = self.facts.accesses.last_mut()
            {
                access.remainder = true;
            }
            if kind == AccessKind::Fill
                && let Some(local) = handed_local(&field.expr)
                && let Some(applied) = self.applied.last_mut()
            {
                applied.fills.push((self.facts.accesses.len() - 1, local));
            }
            self.visit_expr(&field.expr);
        }
        if let Some(rest) = &literal.rest {
            self.visit_expr(rest);
        }
    }
}

/// The locals a function hands to calls, and the fills of struct literals
/// from locals (the access and the local), which become `Access::applied`
/// when the local is handed.
///
/// A countdown filled from a local that the function counts down (`left -=
/// 1`, `let left = wanted - taken`) is a snapshot of the count the local
/// keeps: it becomes `Access::remainder`.
#[derive(Default)]
struct Applied {
    handed: rustc_hash::FxHashSet<String>,
    fills: Vec<(usize, String)>,
    counted_down: rustc_hash::FxHashSet<String>,
    /// Locals bound to another local as it is (`let Some(n) =
    /// NonZeroU32::new(left)`): the bound one and its source.
    aliases: Vec<(String, String)>,
}

impl Applied {
    /// The locals counted down, with those bound to them.
    fn counted_down(&self) -> rustc_hash::FxHashSet<&str> {
        let mut counted: rustc_hash::FxHashSet<&str> =
            self.counted_down.iter().map(String::as_str).collect();
        loop {
            let before = counted.len();
            for (bound, source) in &self.aliases {
                if counted.contains(source.as_str()) {
                    counted.insert(bound);
                }
            }
            if counted.len() == before {
                return counted;
            }
        }
    }
}

/// The local an argument or a value hands over as it is, through
/// references, casts and conversions (`Duration::from_secs(secs)`,
/// `Some(limit)`, `limit.into()`).
fn handed_local(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Paren(inner) => handed_local(&inner.expr),
        Expr::Group(inner) => handed_local(&inner.expr),
        Expr::Reference(inner) => handed_local(&inner.expr),
        Expr::Cast(cast) => handed_local(&cast.expr),
        Expr::MethodCall(call) if CONVERSIONS.contains(&call.method.to_string().as_str()) => {
            handed_local(&call.receiver)
        }
        Expr::Call(call) if call.args.len() == 1 => {
            let Expr::Path(path) = &*call.func else {
                return None;
            };
            let name = last_ident(&path.path);
            (CONVERSIONS.contains(&name.as_str()) || name == "Some")
                .then(|| handed_local(&call.args[0]))
                .flatten()
        }
        Expr::Path(path) => {
            let ident = path.path.get_ident()?.to_string();
            (ident != "self").then_some(ident)
        }
        _ => None,
    }
}

/// An operand being collected: each place and parameter once, in the order
/// first seen.
#[derive(Default)]
struct OperandBuilder {
    places: Vec<Place>,
    params: Vec<usize>,
    /// The places, once there are too many to search one by one.
    seen: Option<rustc_hash::FxHashSet<Place>>,
}

impl OperandBuilder {
    const SEARCHED: usize = 16;

    fn add_place(&mut self, place: Place) {
        match &mut self.seen {
            Some(seen) => {
                if seen.insert(place.clone()) {
                    self.places.push(place);
                }
            }
            None => {
                if self.places.contains(&place) {
                    return;
                }
                self.places.push(place);
                if self.places.len() > Self::SEARCHED {
                    self.seen = Some(self.places.iter().cloned().collect());
                }
            }
        }
    }

    fn add(&mut self, other: &Operand) {
        for place in &other.places {
            self.add_place(place.clone());
        }
        for &param in &other.params {
            if !self.params.contains(&param) {
                self.params.push(param);
            }
        }
    }

    /// [`OperandBuilder::add`] for an operand no longer needed.
    fn add_owned(&mut self, other: Operand) {
        for place in other.places {
            self.add_place(place);
        }
        for param in other.params {
            if !self.params.contains(&param) {
                self.params.push(param);
            }
        }
    }

    fn into_operand(self) -> Operand {
        Operand {
            places: self.places,
            params: self.params,
        }
    }
}

/// Collects the fields an expression's value depends on.
struct PlaceCollector<'a, 't> {
    extractor: &'a Extractor<'t>,
    operand: OperandBuilder,
    /// The nodes visited, to tell which answers are worth remembering.
    nodes: usize,
    /// How many macro calls the tokens being visited are nested in.
    macro_depth: usize,
}

impl<'a, 't> PlaceCollector<'a, 't> {
    fn new(extractor: &'a Extractor<'t>) -> Self {
        PlaceCollector {
            extractor,
            operand: OperandBuilder::default(),
            nodes: 0,
            macro_depth: extractor.macro_depth,
        }
    }
    /// Adds what `expr` is computed from, remembering it for an
    /// expression the extractor may ask about again.
    fn collect(&mut self, expr: &Expr) {
        self.nodes += 1;
        if !asked_again(expr) {
            visit::visit_expr(self, expr);
            return;
        }
        let memo = &self.extractor.memo;
        if let Some(known) = memo.operand(expr) {
            self.operand.add(&known);
            return;
        }
        let mut inner = PlaceCollector {
            extractor: self.extractor,
            operand: OperandBuilder::default(),
            nodes: 0,
            macro_depth: self.macro_depth,
        };
        visit::visit_expr(&mut inner, expr);
        self.nodes += inner.nodes;
        let operand = inner.operand.into_operand();
        if inner.nodes >= MEMO_NODES {
            memo.set_operand(expr, operand.clone());
        }
        self.operand.add_owned(operand);
    }
}

/// Whether the extractor may ask for the operand of an expression of this
/// kind, or of one of its operands, again after it asked for an enclosing one.
fn asked_again(expr: &Expr) -> bool {
    match expr {
        Expr::Binary(binary) => matches!(
            binary.op,
            BinOp::Lt(_) | BinOp::Le(_) | BinOp::Gt(_) | BinOp::Ge(_) | BinOp::Eq(_) | BinOp::Ne(_)
        ),
        Expr::Call(_)
        | Expr::MethodCall(_)
        | Expr::Struct(_)
        | Expr::Macro(_)
        | Expr::Match(_)
        | Expr::If(_)
        | Expr::Block(_)
        | Expr::Closure(_)
        | Expr::Assign(_)
        | Expr::Let(_) => true,
        _ => false,
    }
}

impl<'ast> Visit<'ast> for PlaceCollector<'_, '_> {
    fn visit_expr(&mut self, expr: &'ast Expr) {
        self.collect(expr);
    }

    fn visit_expr_field(&mut self, field: &'ast syn::ExprField) {
        if let Some(place) = self.extractor.field_place(field) {
            self.operand.add_place(place);
        }
        // The receiver chain itself is not a value, but arguments inside it are.
        let mut base = &*field.base;
        loop {
            match base {
                Expr::Field(inner) => base = &inner.base,
                Expr::MethodCall(call) => {
                    for arg in &call.args {
                        self.visit_expr(arg);
                    }
                    base = &call.receiver;
                }
                Expr::Path(_) => break,
                other => {
                    self.visit_expr(other);
                    break;
                }
            }
        }
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if let Some(place) = self.extractor.getter_place(call) {
            self.operand.add_place(place);
        }
        visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
        let Some(ident) = path.path.get_ident() else {
            return;
        };
        if let Some(local) = self.extractor.local(&ident.to_string()) {
            self.operand.add(&local.operand);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if self.macro_depth >= MAX_MACRO_DEPTH {
            return;
        }
        let parser = Punctuated::<Expr, Token![,]>::parse_terminated;
        if let Ok(args) = mac.parse_body_with(parser) {
            self.macro_depth += 1;
            for arg in &args {
                self.visit_expr(arg);
            }
            self.macro_depth -= 1;
            drop(args);
            // Nodes of the dropped tree may have been remembered.
            self.extractor.memo.invalidate();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(source: &str) -> FileFacts {
        extract(source, CodeKind::Production).expect("source parses")
    }

    fn kinds_of(facts: &FileFacts, field: &str) -> Vec<AccessKind> {
        facts
            .accesses
            .iter()
            .filter(|a| &*a.place.field == field)
            .map(|a| a.kind)
            .collect()
    }

    #[test]
    fn compound_assignment_through_self_is_an_increase() {
        let f = facts("struct B { x_used: u64 } impl B { fn f(&mut self) { self.x_used += 2; } }");
        assert_eq!(kinds_of(&f, "x_used"), vec![AccessKind::Increase]);
        assert_eq!(f.accesses[0].place.root, Root::Typed(vec!["B".into()]));
    }

    #[test]
    fn constant_assignment_is_a_reset_and_expression_assignment_a_spend() {
        let f = facts(
            "fn f(b: &mut B, t: &T) { b.x_used = 0; b.x_used = t.total(); b.x_used = b.x_used + 1; }",
        );
        assert_eq!(
            kinds_of(&f, "x_used"),
            vec![
                AccessKind::Reset,
                AccessKind::Assign,
                AccessKind::Increase,
                AccessKind::Read
            ]
        );
    }

    #[test]
    fn comparison_through_a_local_records_both_sides() {
        let f = facts("fn f(b: &B) -> bool { let used = b.x_used; used >= b.max_x }");
        let comparison = &f.comparisons[0];
        assert_eq!(&*comparison.sides[0].places[0].field, "x_used");
        assert_eq!(&*comparison.sides[1].places[0].field, "max_x");
    }

    #[test]
    fn items_see_no_locals_of_the_code_around_them() {
        // The macro's `let` binds `b` at the top of the file; the function
        // nested in `outer` cannot see `outer`'s `c`.
        let f = facts(
            "m! { let b = s.x_used; }\nfn f(n: u64) -> bool { b >= n }\nfn outer(c: &B) { let c = c.max_x; fn inner(n: u64) -> bool { c >= n } }",
        );
        assert!(
            f.comparisons
                .iter()
                .all(|c| c.sides.iter().all(|s| s.places.is_empty())),
            "{:?}",
            f.comparisons.iter().map(|c| &c.sides).collect::<Vec<_>>()
        );
    }

    #[test]
    fn locals_built_from_each_other_keep_each_place_once() {
        // Field arithmetic (k256) computes long chains of locals, each from
        // the one before used twice, which doubled the places every step
        // until the process ran out of memory.
        let steps: String = (1..=16)
            .map(|i| format!("let a{i} = a{} * a{};", i - 1, i - 1))
            .collect();
        let f = facts(&format!(
            "fn f(b: &B, n: u64) -> bool {{ let a0 = b.x_used + n; {steps} a16 >= b.max_x }}"
        ));
        let comparison = &f.comparisons[0];
        assert_eq!(comparison.sides[0].places.len(), 1);
        assert_eq!(&*comparison.sides[0].places[0].field, "x_used");
        assert_eq!(comparison.sides[0].params, [1]);
    }

    /// What the facts of a file hold, counted: every step of every place,
    /// every place of every operand, every byte of kept text.
    fn weight(facts: &FileFacts) -> usize {
        let place = |p: &Place| 1 + p.chain.len();
        let operand = |o: &Operand| o.places.iter().map(place).sum::<usize>() + o.params.len();
        let accesses: usize = facts
            .accesses
            .iter()
            .map(|a| {
                place(&a.place)
                    + a.receiver.as_ref().map_or(0, String::len)
                    + a.amount.as_ref().map_or(0, String::len)
            })
            .sum();
        let comparisons: usize = facts
            .comparisons
            .iter()
            .map(|c| 1 + operand(&c.sides[0]) + operand(&c.sides[1]))
            .sum();
        let calls: usize = facts
            .calls
            .iter()
            .map(|c| 1 + c.args.iter().map(operand).sum::<usize>())
            .sum();
        accesses + comparisons + calls
    }

    #[test]
    fn facts_grow_linearly_with_chains_and_nesting() {
        type Shape = (&'static str, fn(usize) -> String);
        let shapes: [Shape; 6] = [
            ("field chain", |n| {
                format!(
                    "fn f(b: &B) -> bool {{ b{}.x_used >= b.max_x }}",
                    ".inner".repeat(n)
                )
            }),
            ("method chain", |n| {
                format!(
                    "fn f(b: &B) -> bool {{ b.x_used{} >= 1 }}",
                    ".min(b.max_x)".repeat(n)
                )
            }),
            ("struct literals", |n| {
                format!(
                    "fn f(b: &B) -> B {{ {}todo!(){} }}",
                    "B { x_used: b.x_used + 1, max_x: b.max_x, inner: Box::new(".repeat(n),
                    ") }".repeat(n)
                )
            }),
            ("assignments", |n| {
                format!("fn f(b: &mut B) {{ {}1; }}", "b.x_used = ".repeat(n))
            }),
            ("calls", |n| {
                format!(
                    "fn f(b: &B) -> bool {{ {}b.x_used{} >= b.max_x }}",
                    "g(b.max_x, ".repeat(n),
                    ")".repeat(n)
                )
            }),
            ("comparisons", |n| {
                format!(
                    "fn f(b: &B) -> bool {{ {}b.x_used{} }}",
                    "(".repeat(n),
                    " >= b.max_x)".repeat(n)
                )
            }),
        ];
        for (shape, source) in shapes {
            let small = weight(&facts(&source(500)));
            let large = weight(&facts(&source(2000)));
            assert!(
                large <= 5 * small,
                "{shape}: {small} at 500, {large} at 2000"
            );
        }
    }

    #[test]
    fn any_nesting_extracts_on_a_small_stack() {
        // Parsing, visiting and dropping recurse as deep as the code: the
        // extraction gets the stack it needs, on any thread.
        let depth = 30_000;
        let sources = [
            format!(
                "fn f(b: &B) -> bool {{ {}b.x_used{} >= b.max_x }}",
                "(".repeat(depth),
                ")".repeat(depth)
            ),
            format!(
                "fn f() {{ let x: {}u8{} = None; }}",
                "Option<".repeat(depth),
                ">".repeat(depth)
            ),
            format!(
                "{}fn f(b: &mut B) {{ b.x_used += 1; }}{}",
                "mod m { ".repeat(depth),
                " }".repeat(depth)
            ),
            format!(
                "fn f(b: &B) -> bool {{ b{}.x_used >= b.max_x }}",
                ".inner".repeat(depth)
            ),
        ];
        for source in sources {
            let extracted = std::thread::Builder::new()
                .stack_size(256 << 10)
                .spawn(move || match extract(&source, CodeKind::Production) {
                    Ok(facts) => Ok(facts.accesses.len() + facts.functions.len()),
                    Err(error) => Err(error.message),
                })
                .expect("thread starts")
                .join()
                .expect("the extraction ends");
            assert!(matches!(extracted, Ok(n) if n > 0), "{extracted:?}");
        }
    }

    /// Runs `work` on a thread with a stack too small for any deep nesting,
    /// and whose size the extraction does not know.
    fn on_a_small_stack<R: Send + 'static>(work: impl FnOnce() -> R + Send + 'static) -> R {
        std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(work)
            .expect("thread starts")
            .join()
            .expect("the extraction ends")
    }

    #[test]
    fn every_kind_of_hostile_nesting_extracts_on_a_small_stack() {
        // Each case of the hostile-input grammar (nesting and chains of
        // every expression, type, pattern, item and macro kind) needs far
        // more than 256 KiB here: an overflow would end the test run.
        let failures: Vec<String> = on_a_small_stack(|| {
            super::hostile_grammar::CASES
                .iter()
                .filter_map(|case| {
                    let source = (case.generate)(3_000);
                    match extract(&source, CodeKind::Production) {
                        Ok(facts) if !facts.accesses.is_empty() => None,
                        Ok(_) => Some(format!("{}: no access extracted", case.name)),
                        Err(error) => Some(format!("{}: {}", case.name, error.message)),
                    }
                })
                .collect()
        });
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn a_file_nested_beyond_the_bound_is_refused_on_a_small_stack() {
        let refused = on_a_small_stack(|| {
            let source = (super::hostile_grammar::case("item-mod")
                .expect("a case")
                .generate)(MAX_UNITS);
            extract(&source, CodeKind::Production).map(|_| ())
        });
        let error = refused.expect_err("refused");
        assert!(error.too_deep, "{error:?}");
        assert!(
            error.message.starts_with("nested too deeply to parse"),
            "{}",
            error.message
        );
    }

    #[test]
    fn cfg_test_module_is_test_code() {
        let f = facts("#[cfg(test)] mod tests { fn t(b: &mut B) { b.x_used += 1; } }");
        assert_eq!(f.accesses[0].code, CodeKind::Test);
    }

    #[test]
    fn mutable_alias_writes_the_field() {
        let f = facts(
            "fn f(s: &mut S) { let b = &mut s.budget; b.x_used += 1; let mut c = s.budget.x_used; c += 1; }",
        );
        let increases: Vec<_> = f
            .accesses
            .iter()
            .filter(|a| a.kind == AccessKind::Increase)
            .collect();
        assert_eq!(increases.len(), 1);
        assert_eq!(increases[0].place.chain, vec!["budget".to_string()]);
    }

    #[test]
    fn logging_keys_are_not_writes() {
        let f = facts("fn f(b: &B) { tracing::info!(b.x_used = b.x_used, \"spent\"); }");
        assert_eq!(kinds_of(&f, "x_used"), vec![AccessKind::Read]);
    }

    #[test]
    fn byte_offsets_survive_a_bom_and_shebang() {
        let source = "\u{feff}#!/usr/bin/env run\nstruct B { x_used: u64 }";
        let f = facts(source);
        let span = f.structs[0].fields[0].span;
        assert_eq!(&source[span.start..span.end], "x_used");
    }
}

#[cfg(test)]
#[path = "../../../examples/hostile/grammar.rs"]
mod hostile_grammar;
