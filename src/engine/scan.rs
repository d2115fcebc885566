//! A lexical scan of one file's text, without syn: the identifiers the code
//! mentions, the structs it may declare with their named fields, and the
//! modules it may declare out of line. The prefilter decides from scans
//! which files must be parsed.
//!
//! The scan over-approximates what syn will see: every identifier outside
//! comments and string literals is a mention unless it names a field in a
//! struct declaration, and whenever the text cannot be followed (an
//! unterminated comment or literal, unbalanced delimiters, a `struct` whose
//! shape is unexpected) the file is marked `uncertain` and parsed anyway.

use rustc_hash::FxHashMap as HashMap;

use crate::analysis::names;
pub(crate) use crate::analysis::syntax::excerpt::merged;

/// What the prefilter needs to know about one file.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scan {
    /// Hashes ([`ident_hash`]) of the identifiers outside comments, string
    /// literals and field declarations, sorted and deduplicated.
    pub mentions: Vec<u32>,
    /// The hashes of the mentions that may name a field: after `.`, `ref`
    /// or `mut`, before a single `:`, or alone between `{`, `,` or `]` and
    /// `,` or `}` (struct literals and patterns), sorted and deduplicated.
    pub fields: Vec<u32>,
    /// The hashes of the mentions that may name a field outside every
    /// function that parses alone ([`ScannedFn::own_range`]), sorted and
    /// deduplicated: a file that mentions one of them there is parsed
    /// whole for it, otherwise the functions that mention it are enough.
    pub loose_fields: Vec<u32>,
    /// The structs with named fields the file may declare.
    pub structs: Vec<ScannedStruct>,
    /// The functions `fn` declares, sorted and deduplicated.
    pub functions: Vec<ScannedFn>,
    /// The `mod name;` declarations.
    pub mods: Vec<ScannedMod>,
    /// The headers and closing braces of the blocks around the items that
    /// parse alone ([`Item::around`]), shared by the items of a block.
    pub blocks: Vec<Box<[(u32, u32)]>>,
    /// A `#[path = …]` attribute that the scan could not read for a
    /// `mod name;` declaration may redirect a module declaration.
    pub path_attr: bool,
    /// Where the file's leading inner attributes (`#![cfg(test)]`) end:
    /// items parsed alone keep them, since they apply to every item.
    pub inner_attributes_end: usize,
    /// It may hold `// budget-lint:` directives, which count only where
    /// their whole file is parsed: each covers the item it precedes, or is
    /// an unused suppression.
    pub directives: bool,
    /// The scan could not follow the text; the file must be parsed.
    pub uncertain: bool,
}

/// A `mod name;` declaration.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScannedMod {
    pub name: String,
    /// The inline modules around it, outermost first: their directories
    /// hold its file, as the parser finds it.
    pub inline: Vec<String>,
    /// Whether another block is around it (a function, a macro), which
    /// may make it no declaration.
    pub nested: bool,
    /// Whether its attributes or those of the inline modules around it
    /// make it test code (`#[cfg(test)]`), as the parser would decide;
    /// `None` when the scan cannot tell.
    pub test: Option<bool>,
    /// Its `#[path = "…"]` attribute, as the parser reads it.
    pub path: Option<String>,
    /// Where it parses alone when the scan cannot tell whether it is a
    /// declaration or test code (it is inside a function or a macro, or
    /// its attributes cannot be read): the nearest function around it that
    /// parses alone, or the top-level item around it.
    pub item: Option<Item>,
}

/// A function definition as the helper tracer (`model::helpers`) may use
/// it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct ScannedFn {
    /// The hash of its name.
    pub name: u32,
    /// The number of parameters (`self` included) when the signature could
    /// be followed and a body follows it.
    pub arity: Option<usize>,
    /// Whether it may take parameters other than `self`: only those can be
    /// compared for its callers. Set when the signature is not followed.
    pub takes_params: bool,
    /// Where the definition parses alone: the function, with the header
    /// and closing brace of each block around it (its `impl` or `trait`
    /// block, inline modules); where another block is around it, the
    /// nearest function around it that parses alone, or the top-level item
    /// around it (a macro).
    pub item: Option<Item>,
}

impl ScannedFn {
    /// The bytes in [`ScannedFn::item`] that hold the function: from its
    /// first attribute to its closing brace, or the item around it.
    pub fn own_range(&self) -> Option<(usize, usize)> {
        let (start, end) = self.item?.own;
        Some((start as usize, end as usize))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScannedStruct {
    /// The hash of its name ([`ident_hash`]).
    pub name: u32,
    /// The hashes of its fields' names, in order.
    pub fields: Vec<u32>,
    /// Hashes of the identifiers in its fields' types, sorted.
    pub types: Vec<u32>,
    /// The fields that may be budget fields, by index into `fields`.
    pub budget: Vec<usize>,
    /// Whether one of them may be a limit.
    pub limit: bool,
    /// Where the struct parses alone and gives its facts: the whole item,
    /// outer attributes included, with the header and closing brace of
    /// each inline module around it; where another block is around it,
    /// the nearest function around it that parses alone, or the top-level
    /// item around it (a macro call).
    pub item: Option<Item>,
}

impl Scan {
    pub fn mentions(&self, hash: u32) -> bool {
        self.mentions.binary_search(&hash).is_ok()
    }

    /// Whether the `mod name;` declaration `m` is test code, where the
    /// scan can tell it is a declaration the parser reads as written.
    pub fn declares_test(&self, m: &ScannedMod) -> Option<bool> {
        m.test.filter(|_| !m.nested && !self.path_attr)
    }

    /// The items that hold the `mod name;` declarations whose code the
    /// scan cannot tell, which parsed alone give the parser's declarations
    /// there; `None` when one of them does not parse alone.
    pub fn undecided_declarations(&self) -> Option<Vec<Item>> {
        self.mods
            .iter()
            .filter(|m| self.declares_test(m).is_none())
            .map(|m| m.item)
            .collect()
    }

    /// The byte ranges that parse as `item` alone.
    pub fn ranges(&self, item: Item) -> impl Iterator<Item = (usize, usize)> + '_ {
        let around = item.around.and_then(|i| self.blocks.get(i as usize));
        std::iter::once(item.own)
            .chain(around.into_iter().flatten().copied())
            .map(|(start, end)| (start as usize, end as usize))
    }
}

/// Where an item of the file parses alone: its own bytes, and the blocks
/// around it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Item {
    pub own: (u32, u32),
    /// Index into [`Scan::blocks`].
    pub around: Option<u32>,
}

/// The hash of an identifier as mentions record it; `r#` is stripped.
pub fn ident_hash(ident: &str) -> u32 {
    fnv(ident.strip_prefix("r#").unwrap_or(ident).as_bytes())
}

/// FNV-1a: identifiers are short, and a collision only makes the
/// prefilter parse a file it could have skipped.
const fn fnv(bytes: &[u8]) -> u32 {
    let mut hash = FNV_OFFSET;
    let mut i = 0;
    while i < bytes.len() {
        hash = fnv_step(hash, bytes[i]);
        i += 1;
    }
    hash
}

const FNV_OFFSET: u32 = 0x811c_9dc5;

const fn fnv_step(hash: u32, byte: u8) -> u32 {
    (hash ^ byte as u32).wrapping_mul(0x0100_0193)
}

/// The hashes of the words the scan looks for among identifiers, which
/// rule out most identifiers before their text is compared.
const KEYWORDS: [u32; 5] = [
    fnv(b"struct"),
    fnv(b"union"),
    fnv(b"fn"),
    fnv(b"mod"),
    fnv(b"path"),
];
const ENUM: u32 = fnv(b"enum");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ident,
    /// An identifier written `r#name`; never a keyword.
    RawIdent,
    Punct(u8),
    /// A literal or lifetime: nothing the scan looks into.
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Token {
    kind: Kind,
    /// What the innermost brace group around it holds.
    group: Group,
    /// For an identifier, [`ident_hash`] of its text.
    hash: u32,
    /// Its bytes, narrow: a file has millions of tokens, and the scan
    /// reads only texts shorter than `u32::MAX` bytes.
    start: u32,
    end: u32,
    /// The delimiter of the innermost group around it, or `u32::MAX`.
    enclosing: u32,
    /// For a delimiter, the index of the one that matches it, or
    /// `u32::MAX`.
    partner: u32,
}

impl Token {
    /// A token whose group and place the tokenizer tells once it is
    /// placed.
    fn new(kind: Kind, hash: u32, start: usize, end: usize) -> Token {
        Token {
            kind,
            group: Group::Code,
            hash,
            start: start as u32,
            end: end as u32,
            enclosing: u32::MAX,
            partner: u32::MAX,
        }
    }

    fn start(&self) -> usize {
        self.start as usize
    }

    fn end(&self) -> usize {
        self.end as usize
    }

    fn text<'a>(&self, text: &'a str) -> &'a str {
        &text[self.start()..self.end()]
    }
}

/// The delimiter of the innermost group around each token.
struct Enclosing<'a>(&'a [Token]);

impl Enclosing<'_> {
    fn of(&self, at: usize) -> Option<usize> {
        self.0
            .get(at)
            .filter(|token| token.enclosing != u32::MAX)
            .map(|token| token.enclosing as usize)
    }
}

/// A file's tokens with the delimiters that group them.
#[derive(Default)]
struct Tokens {
    tokens: Vec<Token>,
}

impl Tokens {
    fn clear(&mut self) {
        self.tokens.clear();
    }

    /// Adds `token` inside the group `enclosing` opens; `partner` is the
    /// delimiter a closing one matches (the opening one learns its
    /// partner when it closes).
    fn push(&mut self, mut token: Token, enclosing: Option<usize>, partner: Option<usize>) {
        token.enclosing = enclosing.map_or(u32::MAX, |i| i as u32);
        token.partner = partner.map_or(u32::MAX, |i| i as u32);
        self.tokens.push(token);
    }
}

thread_local! {
    /// Each thread's token arrays, kept from one file to the next: a file's
    /// arrays are several times its size, and getting fresh memory for
    /// them costs more than scanning a small file.
    static TOKENS: std::cell::RefCell<Tokens> = std::cell::RefCell::default();
}

/// The most tokens whose arrays a thread keeps for the next file.
const KEPT_TOKENS: usize = 1 << 19;

/// Frees the token arrays this thread keeps, once its files are scanned.
pub fn free_kept_tokens() {
    TOKENS.take();
}

pub fn scan(text: &str, vocabulary: &names::Vocabulary) -> Scan {
    TOKENS.with(|kept| {
        let mut tokens = kept.take();
        let scan = scan_with(text, vocabulary, &mut tokens);
        if tokens.tokens.capacity() <= KEPT_TOKENS {
            kept.replace(tokens);
        }
        scan
    })
}

fn scan_with(text: &str, vocabulary: &names::Vocabulary, tokens: &mut Tokens) -> Scan {
    let mut scan = Scan {
        directives: crate::analysis::syntax::directives::mentioned(text),
        ..Scan::default()
    };
    // Offsets are kept as `u32`.
    let narrow = u32::try_from(text.len()).is_ok_and(|len| len < u32::MAX);
    if !narrow || !tokenize(text, tokens) {
        scan.uncertain = true;
        return scan;
    }
    let tokens: &[Token] = &tokens.tokens;
    let enclosing = &Enclosing(tokens);
    let mut reader = Reader {
        text,
        tokens,
        blocks: Vec::new(),
        block_index: HashMap::default(),
        declared: vec![false; tokens.len()],
        vocabulary,
    };
    scan.inner_attributes_end = reader.inner_attributes_end();
    let mut found = Found::default();
    // One pass reads the items and the names the code mentions: a
    // struct's field declarations come after its keyword.
    let mut mentions: Vec<u32> = Vec::new();
    let mut fields: Vec<usize> = Vec::new();
    let mut recent = RecentNames::default();
    for (index, token) in tokens.iter().enumerate() {
        if !matches!(token.kind, Kind::Ident | Kind::RawIdent) {
            continue;
        }
        if token.kind == Kind::Ident && KEYWORDS.contains(&token.hash) {
            read_item(&mut reader, &mut scan, &mut found, enclosing, index);
        }
        if reader.declared[index] {
            continue;
        }
        if recent.first_time(token.hash) {
            mentions.push(token.hash);
        }
        if reader.field_position(index, token.group, enclosing.of(index)) {
            fields.push(index);
        }
    }
    scan.mentions = sorted_set(mentions.into_iter());
    scan.path_attr = (found.paths.iter()).any(|at| !found.read_paths.contains(at));
    scan.functions.sort_unstable();
    scan.functions.dedup();
    let hash = |i: &usize| tokens[*i].hash;
    let alone = merged(
        scan.functions
            .iter()
            .filter_map(ScannedFn::own_range)
            .collect(),
    );
    let inside = |at: usize| {
        let after = alone.partition_point(|&(start, _)| start <= at);
        after > 0 && at < alone[after - 1].1
    };
    scan.loose_fields = sorted_set(
        fields
            .iter()
            .filter(|&&i| !inside(tokens[i].start()))
            .map(hash),
    );
    scan.fields = sorted_set(fields.iter().map(hash));
    scan.blocks = std::mem::take(&mut reader.blocks);
    // Scans are kept for every file until the prefilter is done.
    scan.functions.shrink_to_fit();
    scan.mods.shrink_to_fit();
    scan.structs.shrink_to_fit();
    for s in &mut scan.structs {
        s.fields.shrink_to_fit();
        s.types.shrink_to_fit();
        s.budget.shrink_to_fit();
    }
    scan
}

/// What reading the items finds besides the scan's own fields.
#[derive(Default)]
struct Found {
    /// The item ranges of the functions that parse alone, by the `{` that
    /// opens their body: what is nested in one parses with it.
    bodies: HashMap<usize, Item>,
    /// What `Reader::item_around` found for each group it walked out of,
    /// so that items nested deep in each other walk each group once. A
    /// function's body is read before anything in it, so no group walked
    /// is ever added to `bodies` later.
    around: HashMap<usize, Option<Item>>,
    /// The `path` of every `#[path …]` attribute, and of those the scan
    /// read for the `mod name;` declaration they belong to.
    paths: Vec<usize>,
    read_paths: Vec<usize>,
}

/// Reads the item whose keyword (`struct`, `union`, `fn`, `mod`, or a
/// `path` attribute) is the token at `index`.
fn read_item(
    reader: &mut Reader<'_>,
    scan: &mut Scan,
    found: &mut Found,
    enclosing: &Enclosing<'_>,
    index: usize,
) {
    let (text, tokens) = (reader.text, reader.tokens);
    let token = tokens[index];
    match token.text(text) {
        "struct" => match reader.declaration(index + 1, Some(enclosing)) {
            Ok(Some(mut declared)) => {
                if declared.item.is_none() {
                    declared.item = reader.item_around(index, enclosing, found);
                }
                scan.structs.push(declared);
            }
            Ok(None) => {}
            Err(Unexpected) => scan.uncertain = true,
        },
        // A union's fields are declarations too, but no budget: the
        // model has no unions. `union` is also an ordinary identifier,
        // so a shape the scan does not know leaves its fields mentions.
        "union" => {
            let named = matches!(reader.kind(index + 1), Some(Kind::Ident | Kind::RawIdent));
            if named {
                let marked = reader.declared.clone();
                if reader.declaration(index + 1, None).is_err() {
                    reader.declared = marked;
                }
            }
        }
        "fn" => match (reader.kind(index + 1), tokens.get(index + 2)) {
            (Some(Kind::Ident | Kind::RawIdent), _) => {
                let name = tokens[index + 1];
                let signature = signature(text, &tokens[index + 2..]);
                // A declaration without a body, in a trait or an
                // `extern` block, defines nothing facts record.
                if signature.as_ref().is_some_and(|s| s.body.is_none()) {
                    return;
                }
                let body = signature
                    .as_ref()
                    .and_then(|s| s.body)
                    .map(|b| index + 2 + b);
                let alone = body.and_then(|body| reader.function_item(index, body, enclosing));
                if let (Some(body), Some(alone)) = (body, alone) {
                    found.bodies.insert(body, alone);
                }
                let item = alone.or_else(|| reader.item_around(index, enclosing, found));
                scan.functions.push(ScannedFn {
                    name: ident_hash(name.text(text)),
                    arity: signature.as_ref().map(|s| s.arity),
                    takes_params: signature.is_none_or(|s| s.typed),
                    item,
                });
            }
            // `fn $name` in a macro transcriber, which facts visit with
            // the metavariable as a plain name.
            (Some(Kind::Punct(b'$')), Some(name)) if name.kind == Kind::Ident => {
                scan.functions.push(ScannedFn {
                    name: ident_hash(name.text(text)),
                    arity: None,
                    takes_params: true,
                    item: reader.item_around(index, enclosing, found),
                });
            }
            _ => {}
        },
        "mod" => {
            if let (Some(name), Some(semi)) = (tokens.get(index + 1), tokens.get(index + 2))
                && matches!(name.kind, Kind::Ident | Kind::RawIdent)
                && semi.kind == Kind::Punct(b';')
            {
                let (inline, nested, test) = reader.module_context(index, enclosing);
                let path = reader.declared_path(index);
                if let Some((_, attribute)) = path {
                    found.read_paths.push(attribute);
                }
                let item = if nested || test.is_none() {
                    reader.item_around(index, enclosing, found)
                } else {
                    None
                };
                scan.mods.push(ScannedMod {
                    name: unraw(name.text(text)).to_string(),
                    inline,
                    nested,
                    test,
                    path: path.map(|(path, _)| path),
                    item,
                });
            }
        }
        "path" => {
            let before = |back: usize| index.checked_sub(back).map(|i| tokens[i].kind);
            if before(1) == Some(Kind::Punct(b'[')) && before(2) == Some(Kind::Punct(b'#')) {
                found.paths.push(index);
            }
        }
        _ => {}
    }
}

/// The names seen lately in a file, in a small table that each name's
/// hash picks a place in: most repeats of a name are dropped before the
/// names are sorted.
struct RecentNames {
    table: Box<[u32; 1024]>,
}

impl Default for RecentNames {
    fn default() -> RecentNames {
        // No name hashes to the value the table starts with at each place.
        let mut table = Box::new([0; 1024]);
        for (place, entry) in table.iter_mut().enumerate() {
            *entry = place as u32 ^ 1;
        }
        RecentNames { table }
    }
}

impl RecentNames {
    /// Whether `hash` is not in the table; it is from now on.
    fn first_time(&mut self, hash: u32) -> bool {
        let place = &mut self.table[(hash ^ (hash >> 10)) as usize & 1023];
        let first = *place != hash;
        *place = hash;
        first
    }
}

/// Sorted and deduplicated, without spare capacity: scans are kept for
/// every file until the prefilter is done.
fn sorted_set(hashes: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut set: Vec<u32> = hashes.collect();
    set.sort_unstable();
    set.dedup();
    set.shrink_to_fit();
    set
}

/// A function's signature.
struct Signature {
    /// The number of parameters, `self` included.
    arity: usize,
    /// Whether a parameter other than a plain `self`, `&self`, `&mut self`
    /// or `mut self` is declared (a typed `self: T` counts).
    typed: bool,
    /// The `{` that opens the body, relative to the tokens after the name;
    /// `None` when a `;` ends the declaration instead.
    body: Option<usize>,
}

/// The signature of a function that starts at `tokens` (after its name):
/// generics are skipped, then the commas at the top of the parameter list
/// are counted. `None` when the tokens are not shaped like a signature, or
/// neither a body nor a `;` follows.
fn signature(text: &str, tokens: &[Token]) -> Option<Signature> {
    let mut i = 0;
    if tokens.first()?.kind == Kind::Punct(b'<') {
        let mut angles = 0usize;
        loop {
            let token = tokens.get(i)?;
            match token.kind {
                Kind::Punct(b'<') => angles += 1,
                Kind::Punct(b'>') if !is_arrow(text, tokens, i) => {
                    angles -= 1;
                    if angles == 0 {
                        i += 1;
                        break;
                    }
                }
                Kind::Punct(b'{' | b'}' | b';') => return None,
                _ => {}
            }
            i += 1;
        }
    }
    if tokens.get(i)?.kind != Kind::Punct(b'(') {
        return None;
    }
    let mut depth = 0usize;
    let mut angles = 0usize;
    let mut commas = 0;
    let mut empty = true;
    let mut trailing = false;
    let mut typed = false;
    let mut param_start = i + 1;
    for (offset, token) in tokens[i..].iter().enumerate() {
        let at = i + offset;
        match token.kind {
            Kind::Punct(b'(' | b'[' | b'{') => depth += 1,
            Kind::Punct(b')' | b']' | b'}') => {
                depth -= 1;
                if depth == 0 {
                    typed |= !is_receiver(text, &tokens[param_start..at]);
                    let arity = if empty {
                        0
                    } else {
                        commas + usize::from(!trailing)
                    };
                    let body = body_start(&tokens[at + 1..])?.map(|start| at + 1 + start);
                    return Some(Signature { arity, typed, body });
                }
            }
            Kind::Punct(b'<') if depth == 1 => angles += 1,
            Kind::Punct(b'>') if depth == 1 && !is_arrow(text, tokens, at) => {
                angles = angles.checked_sub(1)?;
            }
            Kind::Punct(b',') if depth == 1 && angles == 0 => {
                typed |= !is_receiver(text, &tokens[param_start..at]);
                param_start = at + 1;
                commas += 1;
                trailing = true;
                continue;
            }
            _ => {}
        }
        if offset > 0 {
            empty = false;
            trailing = false;
        }
    }
    None
}

/// Whether a parameter's tokens declare no typed parameter: nothing (a
/// trailing comma), or `self` behind `&`, lifetimes and `mut`.
fn is_receiver(text: &str, tokens: &[Token]) -> bool {
    let Some((last, before)) = tokens.split_last() else {
        return true;
    };
    let word = |token: &Token| token.text(text);
    last.kind == Kind::Ident
        && word(last) == "self"
        && before.iter().all(|token| match token.kind {
            Kind::Punct(b'&') | Kind::Other => true,
            Kind::Ident => word(token) == "mut",
            _ => false,
        })
}

/// Where the body starts after a function's parameter list: a `{` before
/// any `;` outside brackets (`Some(None)` when the `;` comes first).
fn body_start(tokens: &[Token]) -> Option<Option<usize>> {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate() {
        match token.kind {
            Kind::Punct(b'{') if depth == 0 => return Some(Some(i)),
            Kind::Punct(b';') if depth == 0 => return Some(None),
            Kind::Punct(b'(' | b'[') => depth += 1,
            Kind::Punct(b')' | b']') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Whether the `>` at `index` closes `->`.
fn is_arrow(text: &str, tokens: &[Token], index: usize) -> bool {
    let start = tokens[index].start();
    index > 0 && tokens[index - 1].end() == start && text.as_bytes()[start - 1] == b'-'
}

fn unraw(ident: &str) -> &str {
    ident.strip_prefix("r#").unwrap_or(ident)
}

/// Splits the text into `tokens`; false when it cannot be followed.
fn tokenize(text: &str, tokens: &mut Tokens) -> bool {
    tokens.clear();
    tokenize_into(text, tokens).is_some()
}

fn tokenize_into(text: &str, tokens: &mut Tokens) -> Option<()> {
    let bytes = text.as_bytes();
    let mut open: Vec<usize> = Vec::new();
    let mut groups = Groups::default();
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        let start = i;
        let mut token = match byte {
            // Indentation comes in runs.
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => {
                i += 1;
                while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = block_comment_end(bytes, i)?;
                continue;
            }
            b'"' => {
                i = quoted_end(bytes, i + 1, b'"')?;
                other(start, i)
            }
            b'\'' => {
                i = quote_or_lifetime_end(text, i)?;
                other(start, i)
            }
            b'0'..=b'9' => {
                i += 1;
                while i < bytes.len() && is_ident_byte(bytes[i]) {
                    i += 1;
                }
                other(start, i)
            }
            b'(' | b'[' | b'{' => {
                i += 1;
                let mut token = punct(byte, start);
                token.group = groups.open(byte, tokens.tokens.last());
                let around = open.last().copied();
                open.push(tokens.tokens.len());
                tokens.push(token, around, None);
                continue;
            }
            b')' | b']' | b'}' => {
                let opening = match byte {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                let partner = open.pop()?;
                if tokens.tokens[partner].kind != Kind::Punct(opening) {
                    return None;
                }
                i += 1;
                let mut token = punct(byte, start);
                token.group = groups.close();
                tokens.tokens[partner].partner = tokens.tokens.len() as u32;
                tokens.push(token, Some(partner), Some(partner));
                continue;
            }
            // Most identifiers: no literal prefix, no raw identifier.
            b'a'..=b'z' | b'A'..=b'Z' | b'_' if !may_start_literal(bytes, i) => {
                let mut hash = fnv_step(FNV_OFFSET, byte);
                i += 1;
                while i < bytes.len() && is_ident_byte(bytes[i]) {
                    hash = fnv_step(hash, bytes[i]);
                    i += 1;
                }
                if i < bytes.len() && !bytes[i].is_ascii() {
                    i = ident_end(text, i);
                    hash = ident_hash(&text[start..i]);
                }
                Token::new(Kind::Ident, hash, start, i)
            }
            _ if is_ident_start(text, i) => {
                if let Some(end) = prefixed_literal_end(bytes, i)? {
                    i = end;
                    other(start, i)
                } else {
                    let raw = bytes[i] == b'r'
                        && bytes.get(i + 1) == Some(&b'#')
                        && bytes.len() > i + 2
                        && is_ident_start(text, i + 2);
                    if raw {
                        i += 2;
                    }
                    i = ident_end(text, i);
                    let kind = if raw { Kind::RawIdent } else { Kind::Ident };
                    ident(text, kind, start, i)
                }
            }
            _ if byte.is_ascii() => {
                i += 1;
                punct(byte, start)
            }
            // Non-ASCII whitespace; other characters start identifiers.
            _ => {
                i += text[i..].chars().next().map_or(1, char::len_utf8);
                continue;
            }
        };
        token.group = groups.other(text, &token, tokens.tokens.last());
        tokens.push(token, open.last().copied(), None);
    }
    open.is_empty().then_some(())
}

/// Whether the letter at `i` may be the prefix of a literal or of a raw
/// identifier (`r"`, `r#`, `b'`, `br"`, `c"`, …): if not, it starts a
/// plain identifier.
fn may_start_literal(bytes: &[u8], i: usize) -> bool {
    let at = |k: usize| bytes.get(i + k).copied();
    match bytes[i] {
        b'r' => matches!(at(1), Some(b'"' | b'#')),
        b'b' | b'c' => {
            matches!(at(1), Some(b'"' | b'\''))
                || (at(1) == Some(b'r') && matches!(at(2), Some(b'"' | b'#')))
        }
        _ => false,
    }
}

fn ident(text: &str, kind: Kind, start: usize, end: usize) -> Token {
    Token::new(kind, ident_hash(&text[start..end]), start, end)
}

fn other(start: usize, end: usize) -> Token {
    Token::new(Kind::Other, 0, start, end)
}

fn punct(byte: u8, start: usize) -> Token {
    Token::new(Kind::Punct(byte), 0, start, start + 1)
}

fn is_ident_byte(byte: u8) -> bool {
    IDENT_BYTES[usize::from(byte)]
}

/// Whether each byte is an ASCII letter, digit or `_`.
static IDENT_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u8).is_ascii_alphanumeric() || byte == b'_' as usize;
        byte += 1;
    }
    table
};

/// Outside comments and literals, a non-ASCII character is either
/// whitespace or part of an identifier.
fn is_ident_start(text: &str, i: usize) -> bool {
    let byte = text.as_bytes()[i];
    if byte.is_ascii() {
        return byte.is_ascii_alphabetic() || byte == b'_';
    }
    text.get(i..)
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| !c.is_whitespace())
}

fn ident_end(text: &str, mut i: usize) -> usize {
    let bytes = text.as_bytes();
    while i < bytes.len() {
        if is_ident_byte(bytes[i]) {
            i += 1;
            continue;
        }
        if !bytes[i].is_ascii() && is_ident_start(text, i) {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        } else {
            break;
        }
    }
    i
}

/// The end of a nested `/* … */` comment starting at `i`.
fn block_comment_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while i + 1 < bytes.len() {
        match (bytes[i], bytes[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// The end of a literal closed by `close`, with backslash escapes, whose
/// body starts at `i`.
fn quoted_end(bytes: &[u8], mut i: usize, close: u8) -> Option<usize> {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            byte if byte == close => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The end of a raw string whose `r` is at `i`: `r"…"`, `r#"…"#`.
fn raw_string_end(bytes: &[u8], i: usize) -> Option<usize> {
    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
    let body = i + 1 + hashes;
    if bytes.get(body) != Some(&b'"') {
        return None;
    }
    let mut at = body + 1;
    loop {
        let quote = at + memchr::memchr(b'"', bytes.get(at..)?)?;
        let closing = &bytes[quote + 1..];
        if closing.len() >= hashes && closing[..hashes].iter().all(|&b| b == b'#') {
            return Some(quote + 1 + hashes);
        }
        at = quote + 1;
    }
}

/// A character literal (`'a'`, `'\n'`, `'é'`) or a lifetime or label
/// (`'a`, `'static`), starting at the quote at `i`.
fn quote_or_lifetime_end(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if bytes.get(i + 1) == Some(&b'\\') {
        return quoted_end(bytes, i + 1, b'\'');
    }
    let c = text.get(i + 1..)?.chars().next()?;
    let after = i + 1 + c.len_utf8();
    if bytes.get(after) == Some(&b'\'') {
        return Some(after + 1);
    }
    let is_raw = c == 'r' && bytes.get(after) == Some(&b'#');
    let start = if is_raw { after + 1 } else { i + 1 };
    if start < bytes.len() && is_ident_start(text, start) {
        return Some(ident_end(text, start));
    }
    None
}

/// The end of a literal with a letter prefix (`b"…"`, `br#"…"#`, `b'x'`,
/// `c"…"`, `cr"…"`, `r"…"`) starting at `i`, `Ok(None)` when the letters
/// start an identifier instead, and `None` when the literal never ends.
fn prefixed_literal_end(bytes: &[u8], i: usize) -> Option<Option<usize>> {
    let at = |k: usize| bytes.get(i + k).copied();
    let raw_at = |k: usize| {
        at(k) == Some(b'r')
            && (at(k + 1) == Some(b'"')
                || (at(k + 1) == Some(b'#')
                    && bytes[i + k + 1..]
                        .iter()
                        .find(|&&b| b != b'#')
                        .is_some_and(|&b| b == b'"')))
    };
    let end = match at(0) {
        Some(b'r') if raw_at(0) => raw_string_end(bytes, i)?,
        Some(b'b' | b'c') if raw_at(1) => raw_string_end(bytes, i + 1)?,
        Some(b'b' | b'c') if at(1) == Some(b'"') => quoted_end(bytes, i + 2, b'"')?,
        Some(b'b') if at(1) == Some(b'\'') => quoted_end(bytes, i + 2, b'\'')?,
        _ => return Some(None),
    };
    Some(Some(end))
}

/// What the innermost brace group around a token holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Code,
    /// `use a::{B, C}`.
    UseTree,
    /// The variants of an `enum`.
    Variants,
    /// The fields of an enum variant: `V { a: u8 }`.
    VariantFields,
}

/// The group each token is in, told token by token; an `enum`'s body is
/// the first `{` after the keyword and a name.
#[derive(Default)]
struct Groups {
    stack: Vec<Group>,
    /// The depth of an `enum` keyword followed by a name, until its body.
    enum_depth: Option<usize>,
}

impl Groups {
    fn current(&self) -> Group {
        self.stack.last().copied().unwrap_or(Group::Code)
    }

    /// The group around the delimiter `byte` that opens a group after
    /// `previous`.
    fn open(&mut self, byte: u8, previous: Option<&Token>) -> Group {
        let current = self.current();
        let group = if byte != b'{' {
            Group::Code
        } else if self.enum_depth == Some(self.stack.len()) {
            self.enum_depth = None;
            Group::Variants
        } else if previous.is_some_and(|p| p.kind == Kind::Punct(b':')) {
            Group::UseTree
        } else if current == Group::Variants
            && previous.is_some_and(|p| matches!(p.kind, Kind::Ident | Kind::RawIdent))
        {
            Group::VariantFields
        } else {
            Group::Code
        };
        self.stack.push(group);
        current
    }

    /// The group a closing delimiter closes.
    fn close(&mut self) -> Group {
        let current = self.current();
        self.stack.pop();
        current
    }

    /// The group around `token`, which is no delimiter and follows
    /// `previous`.
    fn other(&mut self, text: &str, token: &Token, previous: Option<&Token>) -> Group {
        match token.kind {
            Kind::Ident | Kind::RawIdent => {
                let after_enum = previous.is_some_and(|p| {
                    p.kind == Kind::Ident && p.hash == ENUM && p.text(text) == "enum"
                });
                if after_enum {
                    self.enum_depth = Some(self.stack.len());
                }
            }
            Kind::Punct(b';') if self.enum_depth == Some(self.stack.len()) => {
                self.enum_depth = None;
            }
            _ => {}
        }
        self.current()
    }
}

/// The shape of a `struct` item did not match what the scan expects.
struct Unexpected;

struct Reader<'a> {
    text: &'a str,
    tokens: &'a [Token],
    /// [`Scan::blocks`], and where each is in it.
    blocks: Vec<Box<[(u32, u32)]>>,
    block_index: HashMap<Vec<(u32, u32)>, u32>,
    /// Tokens that name a field in a struct declaration.
    declared: Vec<bool>,
    vocabulary: &'a names::Vocabulary,
}

impl Reader<'_> {
    fn kind(&self, at: usize) -> Option<Kind> {
        self.tokens.get(at).map(|t| t.kind)
    }

    fn is_punct(&self, at: usize, byte: u8) -> bool {
        self.kind(at) == Some(Kind::Punct(byte))
    }

    /// The end of the `#![…]` attributes at the start of the file, or 0.
    fn inner_attributes_end(&self) -> usize {
        match self.inner_attributes_from(0) {
            0 => 0,
            after => self.tokens[after - 1].end(),
        }
    }

    /// The token after the `#![…]` attributes that start at `at`.
    fn inner_attributes_from(&self, mut at: usize) -> usize {
        while self.is_punct(at, b'#') && self.is_punct(at + 1, b'!') && self.is_punct(at + 2, b'[')
        {
            let Ok(next) = self.skip_tree(at + 2) else {
                break;
            };
            at = next;
        }
        at
    }

    fn is_word(&self, at: usize, word: &str) -> bool {
        self.kind(at) == Some(Kind::Ident) && self.text_at(at) == word
    }

    fn text_at(&self, at: usize) -> &str {
        self.tokens[at].text(self.text)
    }

    /// Whether the identifier at `at`, inside `group` and the delimiter
    /// at `open`, may name a field of a place.
    fn field_position(&self, at: usize, group: Group, open: Option<usize>) -> bool {
        let previous = at.checked_sub(1).and_then(|i| self.kind(i));
        if previous == Some(Kind::Punct(b'.')) {
            return true;
        }
        // Use trees, variant names and variant fields name no place.
        if group != Group::Code {
            return false;
        }
        // `ref x` and `mut x` bind fields in patterns; `&mut T`, `*mut T`
        // and `static mut X` do not.
        let binding_mut = at > 0
            && self.is_word(at - 1, "mut")
            && !(at > 1
                && (self.is_punct(at - 2, b'&')
                    || self.is_punct(at - 2, b'*')
                    || self.is_word(at - 2, "static")));
        if binding_mut || (at > 0 && self.is_word(at - 1, "ref")) {
            return true;
        }
        if self.is_punct(at + 1, b':') && !self.is_punct(at + 2, b':') {
            // A field is named before `:` only inside braces, in struct
            // literals and patterns: in parentheses (`fn f(timeout: u32)`)
            // it is a parameter. `const NAME: T` and `static NAME: T` name
            // items.
            let braced = open.is_some_and(|open| self.is_punct(open, b'{'));
            let item = !braced
                || at > 0
                    && (self.is_word(at - 1, "const")
                        || self.is_word(at - 1, "static")
                        || (at > 1
                            && self.is_word(at - 1, "mut")
                            && self.is_word(at - 2, "static")));
            return !item;
        }
        matches!(previous, Some(Kind::Punct(b'{' | b',' | b']')))
            && matches!(self.kind(at + 1), Some(Kind::Punct(b',' | b'}')))
    }

    /// Reads the struct whose name is the token at `at` (just after the
    /// `struct` keyword), with the ranges that parse it alone when
    /// `enclosing` (the group around each token) is given. `Ok(None)` for
    /// tuple and unit structs and for the keyword used without a name, as
    /// in macro patterns.
    fn declaration(
        &mut self,
        at: usize,
        enclosing: Option<&Enclosing<'_>>,
    ) -> Result<Option<ScannedStruct>, Unexpected> {
        if !matches!(self.kind(at), Some(Kind::Ident | Kind::RawIdent)) {
            return Ok(None);
        }
        let keyword = at - 1;
        let name = ident_hash(self.text_at(at));
        let mut next = at + 1;
        if self.is_punct(next, b'<') {
            next = self.skip_type(next, true)?;
        }
        if self.is_word(next, "where") {
            while !matches!(self.kind(next), Some(Kind::Punct(b'{' | b';')) | None) {
                next = self.skip_tree(next)?;
            }
        }
        match self.kind(next) {
            Some(Kind::Punct(b'{')) => {}
            // A tuple or unit struct has no named fields; anything else
            // (`struct Flags: u8 {` in `bitflags!`, `struct S #full {` in
            // syn's own macros) is no struct syn can parse.
            _ => return Ok(None),
        }
        let mut fields = Vec::new();
        let mut types = Vec::new();
        let mut at = next + 1;
        loop {
            while self.is_punct(at, b'#') {
                at += 1;
                if !self.is_punct(at, b'[') {
                    return Err(Unexpected);
                }
                at = self.skip_tree(at)?;
            }
            if self.is_word(at, "pub") {
                at += 1;
                if self.is_punct(at, b'(') {
                    at = self.skip_tree(at)?;
                }
            }
            if self.is_punct(at, b'}') {
                break;
            }
            let is_field = matches!(self.kind(at), Some(Kind::Ident | Kind::RawIdent))
                && self.is_punct(at + 1, b':')
                && !self.is_punct(at + 2, b':');
            if !is_field {
                return Err(Unexpected);
            }
            self.declared[at] = true;
            let (text, token) = (self.text, self.tokens[at]);
            fields.push(unraw(token.text(text)));
            let end = self.skip_type(at + 2, false)?;
            types.extend(
                (at + 2..end)
                    .filter(|&i| matches!(self.kind(i), Some(Kind::Ident | Kind::RawIdent)))
                    .map(|i| ident_hash(self.text_at(i))),
            );
            at = end;
            if self.is_punct(at, b',') {
                at += 1;
            } else if !self.is_punct(at, b'}') {
                return Err(Unexpected);
            }
        }
        types.sort_unstable();
        types.dedup();
        let possible = names::possible_budget_fields(&fields, self.vocabulary);
        let whole = (
            self.tokens[self.item_start(keyword)].start(),
            self.tokens[at].end(),
        );
        let item = enclosing
            .and_then(|enclosing| self.surroundings(enclosing.of(keyword), enclosing, false))
            .map(|around| self.item(whole, around));
        Ok(Some(ScannedStruct {
            name,
            types,
            budget: possible.iter().map(|&(index, _)| index).collect(),
            limit: possible.iter().any(|&(_, limit)| limit),
            item,
            fields: fields.into_iter().map(ident_hash).collect(),
        }))
    }

    /// The first token of the item whose keyword is at `keyword`: its
    /// visibility and outer attributes.
    fn item_start(&self, keyword: usize) -> usize {
        let mut start = keyword;
        if start > 0 && self.is_punct(start - 1, b')') {
            let open = self.group_start(start - 1);
            if open.is_some_and(|o| o > 0 && self.is_word(o - 1, "pub")) {
                start = open.map_or(start, |o| o - 1);
            }
        } else if start > 0 && self.is_word(start - 1, "pub") {
            start -= 1;
        }
        while start > 0 && self.is_punct(start - 1, b']') {
            match self.group_start(start - 1) {
                Some(open) if open > 0 && self.is_punct(open - 1, b'#') => start = open - 1,
                _ => break,
            }
        }
        start
    }

    /// For the `mod name;` at `keyword`: the inline modules around it
    /// ([`ScannedMod::inline`]), whether another block is around it
    /// ([`ScannedMod::nested`]) and whether it is test code
    /// ([`ScannedMod::test`], `None` when it is nested).
    fn module_context(
        &self,
        keyword: usize,
        enclosing: &Enclosing<'_>,
    ) -> (Vec<String>, bool, Option<bool>) {
        let either = |a: Option<bool>, b: Option<bool>| match (a, b) {
            (Some(true), _) | (_, Some(true)) => Some(true),
            (Some(false), Some(false)) => Some(false),
            _ => None,
        };
        let mut test = self.declares_test_code(keyword);
        let mut names = Vec::new();
        let mut nested = false;
        let mut at = keyword;
        while let Some(open) = enclosing.of(at) {
            at = open;
            if self.module_header(open).is_none() {
                nested = true;
                continue;
            }
            names.push(unraw(self.text_at(open - 1)).to_string());
            test = either(test, self.declares_test_code(open - 2));
            // An inner attribute of the module counts as its own.
            if self.is_punct(open + 1, b'#') && self.is_punct(open + 2, b'!') {
                test = either(test, None);
            }
        }
        names.reverse();
        (names, nested, test.filter(|_| !nested))
    }

    /// The `#[path = "…"]` attribute of the `mod name;` declaration whose
    /// keyword is at `keyword`, as the parser reads it, with the index of
    /// its `path` token; `None` when it has none, or one the scan does not
    /// read (an escape, a raw string, another shape).
    fn declared_path(&self, keyword: usize) -> Option<(String, usize)> {
        for (at, close) in self.outer_attributes(keyword)? {
            if self.is_word(at + 2, "path") {
                let shaped = close == at + 5
                    && self.is_punct(at + 3, b'=')
                    && self.kind(at + 4) == Some(Kind::Other);
                if !shaped {
                    return None;
                }
                let value = self.text_at(at + 4).strip_prefix('"')?.strip_suffix('"')?;
                let plain = !value.contains(['\\', '"']);
                return plain.then(|| (value.to_string(), at + 2));
            }
        }
        None
    }

    /// The `#` and `]` of each outer attribute of the item whose keyword
    /// is at `keyword`; `None` when one does not close.
    fn outer_attributes(&self, keyword: usize) -> Option<Vec<(usize, usize)>> {
        let mut attributes = Vec::new();
        let mut at = self.item_start(keyword);
        while self.is_punct(at, b'#') {
            let close = self.skip_tree(at + 1).ok()? - 1;
            attributes.push((at, close));
            at = close + 1;
        }
        Some(attributes)
    }

    /// Whether the outer attributes of the item whose keyword is at
    /// `keyword` make it test code as `syntax::attrs::is_test_code`
    /// decides: a path ending in `test` or `bench`, or `cfg(…)` of a
    /// test-only predicate. `None` when they cannot be read: a `cfg` that
    /// holds a comment, or an inner attribute right before them.
    fn declares_test_code(&self, keyword: usize) -> Option<bool> {
        let start = self.item_start(keyword);
        if start > 0 && self.is_punct(start - 1, b']') {
            return None;
        }
        let mut test = false;
        for (at, close) in self.outer_attributes(keyword)? {
            test |= self.attribute_is_test(at + 2, close)?;
        }
        Some(test)
    }

    /// Whether the attribute whose tokens inside the brackets are
    /// `start..close` marks test code.
    fn attribute_is_test(&self, start: usize, close: usize) -> Option<bool> {
        let mut path = Vec::new();
        let mut at = start;
        while at < close {
            match self.kind(at)? {
                Kind::Ident | Kind::RawIdent => path.push(self.text_at(at)),
                Kind::Punct(b':') => {}
                _ => break,
            }
            at += 1;
        }
        let name = path.last().copied().unwrap_or_default();
        if name == "test" || name == "bench" {
            return Some(true);
        }
        if path != ["cfg"] || !self.is_punct(at, b'(') {
            return Some(false);
        }
        let end = self.skip_tree(at).ok()? - 1;
        let predicate = &self.text[self.tokens[at].end()..self.tokens[end].start()];
        if predicate.contains("//") || predicate.contains("/*") {
            return None;
        }
        Some(crate::analysis::syntax::cfg_is_test(predicate))
    }

    /// The byte ranges of the function whose `fn` is at `keyword` and
    /// whose body opens at `body` ([`ScannedFn::item`]).
    fn function_item(
        &mut self,
        keyword: usize,
        body: usize,
        enclosing: &Enclosing<'_>,
    ) -> Option<Item> {
        let mut start = keyword;
        while start > 0
            && (["const", "async", "unsafe", "default", "extern"]
                .iter()
                .any(|w| self.is_word(start - 1, w))
                || (self.kind(start - 1) == Some(Kind::Other)
                    && self.is_word(start.checked_sub(2)?, "extern")))
        {
            start -= 1;
        }
        let start = self.item_start(start);
        let end = self.skip_tree(body).ok()? - 1;
        let function = (self.tokens[start].start(), self.tokens[end].end());
        let around = self.surroundings(enclosing.of(keyword), enclosing, true)?;
        Some(self.item(function, around))
    }

    /// The item with its own bytes and the blocks around it, which items
    /// of the same block share.
    fn item(&mut self, own: (usize, usize), around: Vec<(usize, usize)>) -> Item {
        // The text is shorter than `u32::MAX` bytes.
        let narrow = |(start, end): (usize, usize)| (start as u32, end as u32);
        let around: Vec<(u32, u32)> = around.into_iter().map(narrow).collect();
        let index = if around.is_empty() {
            None
        } else if let Some(&index) = self.block_index.get(&around) {
            Some(index)
        } else {
            let index = self.blocks.len() as u32;
            self.blocks.push(around.clone().into_boxed_slice());
            self.block_index.insert(around, index);
            Some(index)
        };
        Item {
            own: narrow(own),
            around: index,
        }
    }

    /// For an item whose own ranges do not parse alone (its keyword at
    /// `keyword`): the nearest function around it that parses alone, found
    /// by its body in `bodies`, or else the top-level item around it (a
    /// macro call or definition, a constant). Parsing either gives the
    /// item's facts with those of the code around it.
    fn item_around(
        &mut self,
        keyword: usize,
        enclosing: &Enclosing<'_>,
        found: &mut Found,
    ) -> Option<Item> {
        let mut group = enclosing.of(keyword)?;
        let mut walked = Vec::new();
        let item = loop {
            if let Some(&item) = found.bodies.get(&group) {
                break Some(item);
            }
            if let Some(&item) = found.around.get(&group) {
                break item;
            }
            walked.push(group);
            match enclosing.of(group) {
                Some(outer) => group = outer,
                None => {
                    break self
                        .top_level_item(group)
                        .map(|range| self.item(range, Vec::new()));
                }
            }
        };
        for group in walked {
            found.around.insert(group, item);
        }
        item
    }

    /// The bytes of the top-level item that holds the group `group` opens:
    /// from the end of the previous item (a `;` or a `}` at the top level)
    /// to the group's end and the `;` after it. Where that is no whole
    /// item, it does not parse alone, and its file is parsed instead.
    fn top_level_item(&self, group: usize) -> Option<(usize, usize)> {
        let mut start = group;
        while start > 0 {
            match self.kind(start - 1) {
                Some(Kind::Punct(b';' | b'}')) => break,
                Some(Kind::Punct(b')' | b']')) => start = self.partner(start - 1)?,
                _ => start -= 1,
            }
        }
        let close = self.partner(group)?;
        let end = if self.is_punct(close + 1, b';') {
            close + 1
        } else {
            close
        };
        Some((self.tokens[start].start(), self.tokens[end].end()))
    }

    /// What must surround an item inside the block that `open` opens
    /// (`None` at the top level) for the item to parse alone as it parses
    /// in its file: the header of each block around it out to the top
    /// level, with its attributes and the block's inner attributes, and its
    /// closing brace. Every block must be an inline module, except that
    /// for a method the innermost is its `impl` or `trait` block.
    fn surroundings(
        &self,
        open: Option<usize>,
        enclosing: &Enclosing<'_>,
        method: bool,
    ) -> Option<Vec<(usize, usize)>> {
        let mut ranges = Vec::new();
        let mut open = open;
        let mut innermost = true;
        while let Some(block) = open {
            if !self.is_punct(block, b'{') {
                return None;
            }
            let header = match self.module_header(block) {
                Some(header) => header,
                None if innermost && method => self.impl_header(block)?,
                None => return None,
            };
            innermost = false;
            let inner = self.inner_attributes_from(block + 1);
            let close = self.skip_tree(block).ok()? - 1;
            ranges.push((self.tokens[header].start(), self.tokens[inner - 1].end()));
            ranges.push((self.tokens[close].start(), self.tokens[close].end()));
            open = enclosing.of(block);
        }
        Some(ranges)
    }

    /// The first token of `mod name {` whose brace is at `block`.
    fn module_header(&self, block: usize) -> Option<usize> {
        let named = block >= 2
            && self.is_punct(block, b'{')
            && matches!(self.kind(block - 1), Some(Kind::Ident | Kind::RawIdent))
            && self.is_word(block - 2, "mod");
        named.then(|| self.item_start(block - 2))
    }

    /// The first token of the `impl` or `trait` header whose brace is at
    /// `block`: the header starts after the previous item, or after the
    /// attributes that [`Reader::item_start`] adds.
    fn impl_header(&self, block: usize) -> Option<usize> {
        let mut header = block;
        while header > 0 {
            match self.kind(header - 1) {
                Some(Kind::Punct(b';' | b'{' | b'}')) => break,
                // A bracket group is an attribute or a type (`[u8; 4]`).
                Some(Kind::Punct(b']')) => {
                    let open = self.group_start(header - 1)?;
                    let attribute = open > 0
                        && (self.is_punct(open - 1, b'#')
                            || (open > 1
                                && self.is_punct(open - 1, b'!')
                                && self.is_punct(open - 2, b'#')));
                    if attribute {
                        break;
                    }
                    header = open;
                }
                _ => header -= 1,
            }
        }
        let keyword =
            (header..block).find(|&i| self.is_word(i, "impl") || self.is_word(i, "trait"))?;
        if (header..keyword).any(|i| {
            !["pub", "unsafe", "default", "auto"]
                .iter()
                .any(|w| self.is_word(i, w))
        }) {
            return None;
        }
        Some(self.item_start(header))
    }

    /// The opening token of the group that the token at `close` closes.
    fn group_start(&self, close: usize) -> Option<usize> {
        match self.kind(close)? {
            Kind::Punct(b')' | b']' | b'}') => self.partner(close),
            _ => None,
        }
    }

    fn partner(&self, delimiter: usize) -> Option<usize> {
        self.tokens
            .get(delimiter)
            .filter(|token| token.partner != u32::MAX)
            .map(|token| token.partner as usize)
    }

    /// Skips one token, or a whole delimited group when it opens one.
    fn skip_tree(&self, at: usize) -> Result<usize, Unexpected> {
        match self.kind(at) {
            Some(Kind::Punct(b'(' | b'[' | b'{')) => {
                self.partner(at).map(|close| close + 1).ok_or(Unexpected)
            }
            Some(_) => Ok(at + 1),
            None => Err(Unexpected),
        }
    }

    /// Skips a type (and a default value) up to the `,` or `}` that ends a
    /// field, or, with `generics`, a `<…>` parameter list.
    fn skip_type(&self, mut at: usize, generics: bool) -> Result<usize, Unexpected> {
        let mut angles = 0usize;
        loop {
            match self.kind(at) {
                None => return Err(Unexpected),
                Some(Kind::Punct(b'<')) => angles += 1,
                Some(Kind::Punct(b'-')) if self.is_punct(at + 1, b'>') => at += 1,
                Some(Kind::Punct(b'>')) => {
                    angles = angles.checked_sub(1).ok_or(Unexpected)?;
                    if generics && angles == 0 {
                        return Ok(at + 1);
                    }
                }
                Some(Kind::Punct(b',' | b'}')) if angles == 0 && !generics => return Ok(at),
                Some(Kind::Punct(b')' | b']' | b'}' | b';')) => return Err(Unexpected),
                Some(Kind::Punct(b'(' | b'[' | b'{')) => {
                    at = self.skip_tree(at)?;
                    continue;
                }
                Some(_) => {}
            }
            at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_default(text: &str) -> Scan {
        scan(text, &names::Vocabulary::default())
    }

    fn mentioned(scan: &Scan, ident: &str) -> bool {
        scan.mentions(ident_hash(ident))
    }

    fn arities(text: &str, name: &str) -> Vec<Option<usize>> {
        let hash = ident_hash(name);
        scan_default(text)
            .functions
            .iter()
            .filter(|f| f.name == hash)
            .map(|f| f.arity)
            .collect()
    }

    #[test]
    fn counts_the_parameters_of_functions_with_bodies() {
        assert_eq!(arities("fn f() {}", "f"), [Some(0)]);
        assert_eq!(arities("fn f(&self, a: u8,) -> u8 { a }", "f"), [Some(2)]);
        let generic = "fn f<F: Fn(u8, u8) -> u8, T>(f: F, m: HashMap<K, V>, t: (u8, u8)) \
                       where T: Into<Vec<u8>> { }";
        assert_eq!(arities(generic, "f"), [Some(3)]);
        let closure = "fn f(g: impl Fn(u8) -> Result<u8, E>, h: &dyn Fn() -> u8) {}";
        assert_eq!(arities(closure, "f"), [Some(2)]);
        assert_eq!(
            arities("fn f(#[cfg(x)] a: [u8; 2], r#b: u8) {}", "f"),
            [Some(2)]
        );
    }

    #[test]
    fn functions_taking_only_self_take_no_parameters() {
        let takes_params = |text: &str| -> Vec<bool> {
            scan_default(text)
                .functions
                .iter()
                .map(|f| f.takes_params)
                .collect()
        };
        assert_eq!(takes_params("fn f() {}"), [false]);
        assert_eq!(takes_params("fn f(&self) -> usize { 0 }"), [false]);
        assert_eq!(takes_params("fn f<'a>(&'a mut self,) {}"), [false]);
        assert_eq!(takes_params("fn f(mut self) {}"), [false]);
        assert_eq!(takes_params("fn f(self: Box<Self>) {}"), [true]);
        assert_eq!(takes_params("fn f(&self, n: u8) {}"), [true]);
        assert_eq!(takes_params("fn f((a, b): (u8, u8)) {}"), [true]);
        assert_eq!(takes_params("trait T { fn f(&self) }"), [true]);
        assert_eq!(
            takes_params("macro_rules! m { () => { fn $f() {} } }"),
            [true]
        );
    }

    #[test]
    fn loose_fields_are_mentioned_outside_the_functions_that_parse_alone() {
        let s = scan_default(
            "struct S { a: u8 }\nconst C: S = S { a: 1 };\nfn f(s: S) -> u8 { s.b }\nimpl S { fn g(&self) -> u8 { self.c } }\nmod m { fn h(s: S) -> u8 { s.d } }\n#[cfg(test)]\nmod tests { fn t(s: S) { s.e; } }\nm!(s.f);\nfn i() { fn j(s: S) { s.g; } }",
        );
        let hashes = |names: &[&str]| {
            let mut hashes: Vec<u32> = names.iter().map(|n| ident_hash(n)).collect();
            hashes.sort_unstable();
            hashes
        };
        assert_eq!(s.fields, hashes(&["a", "b", "c", "d", "e", "f", "g"]));
        assert_eq!(s.loose_fields, hashes(&["a", "f"]));
    }

    #[test]
    fn a_method_owns_its_text_without_its_block() {
        let text = "impl S {\n    /// Doc.\n    fn g(&self) -> u8 { self.c }\n}\nfn f() {}";
        let s = scan_default(text);
        let mut own: Vec<&str> = s
            .functions
            .iter()
            .filter_map(ScannedFn::own_range)
            .map(|(start, end)| &text[start..end])
            .collect();
        own.sort_unstable();
        // Doc comments are comments to the scan; facts never need them.
        assert_eq!(own, ["fn f() {}", "fn g(&self) -> u8 { self.c }"]);
    }

    #[test]
    fn leading_inner_attributes_are_kept_for_items_parsed_alone() {
        let end = |text: &str| scan_default(text).inner_attributes_end;
        let text = "//! Doc.\n#![cfg(test)]\n#![allow(x, \"]\")]\nfn f() {}\n";
        assert_eq!(
            &text[..end(text)],
            "//! Doc.\n#![cfg(test)]\n#![allow(x, \"]\")]"
        );
        assert_eq!(end("fn f() {}\n#![cfg(test)]"), 0);
        assert_eq!(end("#[cfg(test)]\nfn f() {}"), 0);
        assert_eq!(end("#![cfg(test"), 0);
    }

    #[test]
    fn path_attributes_of_module_declarations_are_read_as_the_parser_reads_them() {
        let s = scan_default(
            "#[path = \"sys/unix.rs\"]\n#[cfg(unix)]\npub(crate) mod sys;\nmod plain;\n#[path = \"a\\\\b.rs\"] mod escaped;\n#[path = r\"raw.rs\"] mod raw;\n",
        );
        let paths: Vec<Option<&str>> = s.mods.iter().map(|m| m.path.as_deref()).collect();
        assert_eq!(paths, [Some("sys/unix.rs"), None, None, None]);
        // The two it cannot read may redirect a declaration.
        assert!(s.path_attr);
        let read = scan_default("#[path = \"x.rs\"] mod x;\nmod y;\n");
        assert!(!read.path_attr);
        let inline = scan_default("#[path = \"x\"] mod x { mod y; }\n");
        assert!(inline.path_attr);
    }

    #[test]
    fn module_declarations_know_their_test_attributes() {
        let tests = |text: &str| -> Vec<Option<bool>> {
            scan_default(text).mods.iter().map(|m| m.test).collect()
        };
        assert_eq!(tests("mod a;"), [Some(false)]);
        assert_eq!(tests("#[cfg(test)]\nmod a;"), [Some(true)]);
        assert_eq!(
            tests("/// Doc.\n#[cfg(all(test, feature = \"x y\"))] pub(crate) mod a;"),
            [Some(true)]
        );
        assert_eq!(tests("#[cfg(any(test, x))] mod a;"), [Some(false)]);
        assert_eq!(
            tests("#[allow(dead_code)] #[cfg(test)] pub mod a;"),
            [Some(true)]
        );
        assert_eq!(tests("#[cfg(test)] fn f() {}\nmod a;"), [Some(false)]);
        assert_eq!(tests("#[cfg(/* no */ test)] mod a;"), [None]);
        assert_eq!(tests("#![cfg(test)]\nmod a;"), [None]);
        // The inline modules around it count, their inner attributes too.
        assert_eq!(tests("#[cfg(test)] mod m { mod a; }"), [Some(true)]);
        assert_eq!(tests("mod m { #![cfg(test)] mod a; }"), [None]);
        assert_eq!(tests("mod m { #[cfg(test)] mod a; }"), [Some(true)]);
        assert_eq!(tests("fn f() { mod a; }"), [None]);
    }

    #[test]
    fn top_level_functions_and_methods_have_items_that_parse_alone() {
        let text = "use std::fmt;\n\
                    /// Doc.\n#[inline] pub(crate) const fn over(a: u8, b: u8) -> bool { a > b }\n\
                    #[cfg(test)]\nimpl<T: Fn(u8)> Gate<T> where T: Clone {\n    const N: u8 = 1;\n    pub fn check(&self, x: u8) -> bool { x > Self::N }\n}\n\
                    pub unsafe trait Spend { fn spend(&mut self, n: u8) { self.add(n) } }\n\
                    mod inner { fn hidden(x: u8) {} }\n\
                    fn outer() { fn nested(x: u8) {} }\n\
                    impl Gate<[u8; 2]> { fn odd(&self, x: u8) {} }\n";
        let s = scan_default(text);
        let item = |name: &str| -> Option<String> {
            let f = s.functions.iter().find(|f| f.name == ident_hash(name))?;
            Some(joined(text, &s.ranges(f.item?).collect::<Vec<_>>()))
        };
        // A doc comment is no token; the attributes start the item.
        assert_eq!(
            item("over").as_deref(),
            Some("#[inline] pub(crate) const fn over(a: u8, b: u8) -> bool { a > b }")
        );
        assert_eq!(
            item("check").as_deref(),
            Some(
                "pub fn check(&self, x: u8) -> bool { x > Self::N } … #[cfg(test)]\nimpl<T: Fn(u8)> Gate<T> where T: Clone { … }"
            )
        );
        assert_eq!(
            item("spend").as_deref(),
            Some("fn spend(&mut self, n: u8) { self.add(n) } … pub unsafe trait Spend { … }")
        );
        assert_eq!(
            item("hidden").as_deref(),
            Some("fn hidden(x: u8) {} … mod inner { … }")
        );
        assert_eq!(
            item("odd").as_deref(),
            Some("fn odd(&self, x: u8) {} … impl Gate<[u8; 2]> { … }")
        );
        // Parsed with the function around it.
        assert_eq!(
            item("nested").as_deref(),
            Some("fn outer() { fn nested(x: u8) {} }")
        );
    }

    #[test]
    fn every_prefix_of_items_and_attributes_scans_without_panicking() {
        let text = "#![allow(x)]\n#[cfg(all(test, /* c */ x))] pub(in crate::a) mod m;\n\
                    extern \"C\" fn e(a: u8) {}\n#[cfg(test)] pub unsafe impl<T> Tr for S<T> \
                    where T: Fn(u8) -> u8 { #[inline] const async unsafe fn f(&self, x: [u8; 2]) {} }\n\
                    fn $g() {} #[ ] mod n; #[cfg(test)";
        let mut end = 0;
        while end <= text.len() {
            let prefix = &text[..end];
            let scanned = scan_default(prefix);
            for f in &scanned.functions {
                for (a, b) in f.item.into_iter().flat_map(|item| scanned.ranges(item)) {
                    assert!(a <= b && b <= prefix.len(), "{prefix:?}");
                }
            }
            end += 1;
        }
    }

    #[test]
    fn functions_without_bodies_or_shapes_have_no_arity() {
        // Declarations without a body define nothing.
        assert_eq!(arities("trait T { fn f(&self, a: u8); }", "f"), []);
        assert_eq!(arities("extern \"C\" { fn f(a: u8); }", "f"), []);
        assert_eq!(
            arities("macro_rules! m { () => { fn $f() {} } }", "f"),
            [None]
        );
        assert_eq!(arities("fn r#f(a: u8) {}", "f"), [Some(1)]);
    }

    #[test]
    fn struct_fields_are_declarations_not_mentions() {
        let s = scan_default(
            "#[derive(Debug)]\npub struct Budget<T: Clone, const N: usize> where T: Fn(u8) -> u8 {\n    #[serde(default)]\n    pub(crate) tokens_used: u64,\n    r#max_tokens: Option<Box<dyn Fn(u32) -> u32>>,\n    grid: [u8; N],\n}\nfn f(b: &Budget) -> u64 { b.tokens_used }",
        );
        assert!(!s.uncertain);
        assert_eq!(s.structs.len(), 1);
        assert_eq!(s.structs[0].name, ident_hash("Budget"));
        let fields: Vec<u32> = ["tokens_used", "max_tokens", "grid"]
            .into_iter()
            .map(ident_hash)
            .collect();
        assert_eq!(s.structs[0].fields, fields);
        for ty in ["u64", "Option", "Box", "Fn", "u32", "u8", "N"] {
            assert!(s.structs[0].types.contains(&ident_hash(ty)), "{ty}");
        }
        assert!(mentioned(&s, "tokens_used"));
        assert!(!mentioned(&s, "max_tokens"));
        assert!(!mentioned(&s, "grid"));
        assert!(mentioned(&s, "Budget"));
        assert!(s.fields.contains(&ident_hash("tokens_used")));
        assert!(!s.fields.contains(&ident_hash("Budget")));
    }

    #[test]
    fn structs_have_item_ranges_with_attributes_and_modules() {
        let text = "/// Doc.\n#[derive(Debug)] #[repr(C)]\npub(crate) struct A { max_a: u8 }\n#[cfg(test)]\nmod m { #![allow(x)] pub mod n { struct B { max_b: u8 } } }\nstruct C { c: u8 }\nfn f() { struct D { d: u8 } }\nm! { struct E { e: u8 } }";
        let s = scan_default(text);
        let items: Vec<Option<String>> = s
            .structs
            .iter()
            .map(|st| Some(joined(text, &s.ranges(st.item?).collect::<Vec<_>>())))
            .collect();
        assert_eq!(
            items,
            [
                Some("#[derive(Debug)] #[repr(C)]\npub(crate) struct A { max_a: u8 }".to_string()),
                Some(
                    "struct B { max_b: u8 } … pub mod n { … } … #[cfg(test)]\nmod m { #![allow(x)] … }"
                        .to_string()
                ),
                Some("struct C { c: u8 }".to_string()),
                // Parsed with the function or the macro call around it.
                Some("fn f() { struct D { d: u8 } }".to_string()),
                Some("m! { struct E { e: u8 } }".to_string()),
            ]
        );
    }

    fn joined(text: &str, ranges: &[(usize, usize)]) -> String {
        ranges
            .iter()
            .map(|&(a, b)| &text[a..b])
            .collect::<Vec<_>>()
            .join(" … ")
    }

    #[test]
    fn field_positions_cover_accesses_literals_and_patterns() {
        let s = scan_default(
            "fn f(x: X) { x.a; S { b: 1, c, #[cfg(t)] d }; let S { ref e, mut g, .. } = s; T::h; m!(S { i: 1 }); |S { j: k }: S| k; }",
        );
        for field in ["a", "b", "c", "d", "e", "g", "i", "j"] {
            assert!(s.fields.contains(&ident_hash(field)), "{field}");
        }
        // Parameters are no fields, nor are types and bindings.
        for other in ["x", "k"] {
            assert!(!s.fields.contains(&ident_hash(other)), "{other}");
        }
        let params = scan_default(
            "extern \"C\" { fn g(timeout: u32); }\nm!(\"lib\" fn h(max_a: u8));\nfn i((max_b, c): (u8, u8), [max_d]: [u8; 1]) {}",
        );
        assert_eq!(params.fields, Vec::<u32>::new());
        let pointers = scan_default("fn f(a: &mut A, b: *mut B) {}");
        assert!(!pointers.fields.contains(&ident_hash("A")));
        assert!(!pointers.fields.contains(&ident_hash("B")));
        for other in ["S", "T", "h", "f", "X"] {
            assert!(!s.fields.contains(&ident_hash(other)), "{other}");
        }
        let items = scan_default(
            "const MAX_A: u8 = 1; static MAX_B: u8 = 2; static mut MAX_C: u8 = 3; use a::{MAX_D, MAX_E}; enum E<T> { MAX_F, MAX_G { MAX_H: T }, MAX_I = X.MAX_J }",
        );
        assert_eq!(items.fields, [ident_hash("MAX_J")]);
    }

    #[test]
    fn union_fields_are_declarations_and_union_is_an_identifier() {
        let s = scan_default(
            "union U { max_a: u32, b: f32 }\nfn f(s: S) { s.union(t); let union = 1; }",
        );
        assert!(!s.uncertain);
        assert!(s.structs.is_empty());
        assert!(!mentioned(&s, "max_a"));
        assert!(mentioned(&s, "union"));
    }

    #[test]
    fn comments_and_literals_hide_identifiers() {
        let s = scan_default(
            "// max_a\n/* max_b /* nested */ max_c */ let x = \"max_d\\\"\"; let y = r##\"max_e\"# \"##; let z = b'\\''; let c = 'q'; fn f<'max_f>() {} let w = br\"max_g\"; max_h",
        );
        assert!(!s.uncertain);
        for hidden in [
            "max_a", "max_b", "max_c", "max_d", "max_e", "max_f", "max_g",
        ] {
            assert!(!mentioned(&s, hidden), "{hidden}");
        }
        assert!(mentioned(&s, "max_h"));
    }

    #[test]
    fn raw_and_unicode_identifiers_are_mentions() {
        let s = scan_default("fn f() { s.r#type; s.café_used; s.\u{2028}depth }");
        assert!(mentioned(&s, "type"));
        assert!(mentioned(&s, "café_used"));
        assert!(mentioned(&s, "depth"));
    }

    #[test]
    fn module_declarations_and_path_attributes() {
        let s = scan_default(
            "mod a;\npub(crate) mod r#b;\nmod c { mod d; }\n#[path = \"x.rs\"] mod e;",
        );
        let contexts = |s: &Scan| -> Vec<(String, Vec<String>, bool)> {
            let context = |m: &ScannedMod| (m.name.clone(), m.inline.clone(), m.nested);
            s.mods.iter().map(context).collect()
        };
        let context = |name: &str, inline: &[&str], nested: bool| {
            let inline = inline.iter().map(|n| n.to_string()).collect();
            (name.to_string(), inline, nested)
        };
        assert_eq!(
            contexts(&s),
            [
                context("a", &[], false),
                context("b", &[], false),
                context("d", &["c"], false),
                context("e", &[], false),
            ]
        );
        // The modules around a declaration in a function or a macro hold
        // its file all the same.
        let nested = scan_default(
            "fn f() { mod g; }
m! { mod h; }
mod i { mod j { mod k; } }
mod l { m! { mod n; } }",
        );
        assert_eq!(
            contexts(&nested),
            [
                context("g", &[], true),
                context("h", &[], true),
                context("k", &["i", "j"], false),
                context("n", &["l"], true),
            ]
        );
        // The scan reads the path, so nothing else may redirect.
        assert_eq!(s.mods[3].path.as_deref(), Some("x.rs"));
        assert!(!s.path_attr);
        assert!(!scan_default("mod a;").path_attr);
    }

    #[test]
    fn text_that_cannot_be_followed_is_uncertain() {
        for text in [
            "fn broken( {",
            "/* open",
            "let s = \"open",
            "struct S { a: u8, 1 }",
            "struct S { a: Vec<u8>> }",
            "let c = '",
        ] {
            assert!(scan_default(text).uncertain, "{text}");
        }
        for text in [
            "struct S(u8);",
            "struct S;",
            "macro_rules! m { ($n:ident) => { struct $n { a: u8 } } }",
        ] {
            assert!(!scan_default(text).uncertain, "{text}");
        }
    }
}
