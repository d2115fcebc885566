//! The model: structs, their budget fields, and every access resolved to the
//! field it touches. Built once from the merged facts of all files.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::analysis::facts::{
    Access, AccessKind, Binding, CodeKind, CompareOp, Comparison, Context, FileFacts, FnDef, FnRef,
    Guard, Place, Receiver, Root, Shape, Span, TypeShape,
};
use crate::analysis::names::{self, Role, Roles};
use crate::config::{Config, ExplicitPair};

mod glue;
pub mod helpers;
mod ids;
mod queries;
mod struct_limits;

pub use glue::{
    Glue, HandSite, LiteralKey, Variant, base_name, singular, unit_in_doc, unit_of, variant_names,
};
pub(crate) use ids::id;
pub use ids::{FieldId, Id, StructId, Table};
use struct_limits::StructLimits;

#[derive(Debug)]
pub struct StructInfo {
    pub name: String,
    pub derives: Vec<String>,
    pub foreign_layout: bool,
    pub code: CodeKind,
    pub fields: Vec<FieldId>,
    /// Declared `pub`.
    pub public: bool,
}

impl StructInfo {
    /// A struct that is serialized but never deserialized, or laid out for
    /// foreign code (`#[repr(C)]`), is a message for someone else, who
    /// enforces its limits.
    pub fn handed_to_others(&self) -> bool {
        let has = |name: &str| self.derives.iter().any(|d| d == name);
        (has("Serialize") && !has("Deserialize")) || self.foreign_layout
    }
}

#[derive(Debug)]
pub struct FieldInfo {
    pub owner: StructId,
    pub name: String,
    pub span: Span,
    pub ty: TypeShape,
    pub role: Role,
    pub evidence: RoleEvidence,
    /// Declared `pub`.
    pub public: bool,
    /// Marked `#[deprecated]`.
    pub deprecated: bool,
}

/// What production and test code do with one field.
#[derive(Debug, Default)]
pub struct FieldUse {
    pub production_spends: Vec<Span>,
    /// Writes of any kind in test code.
    pub test_writes: Vec<Span>,
    /// Production assignments of a constant (`= 0`).
    pub resets: usize,
    /// Production spends whose receiver could be this field or another
    /// field of the same name: enough to stay silent, not to accuse.
    pub uncertain_spends: usize,
    pub production_reads: Vec<Span>,
    pub uncertain_reads: usize,
    pub test_reads: usize,
    /// Production reads in the arguments of logging and formatting macros
    /// (among `production_reads` and `uncertain_reads`).
    pub log_reads: usize,
    /// Production struct literals that initialise the field to zero.
    pub zero_inits: usize,
    /// Certain production increases and decreases (`+=`, `fetch_add`):
    /// steps, as opposed to assignments.
    pub steps: usize,
    /// Production struct literals that initialise the field, from a
    /// constant or from another value.
    pub constant_inits: usize,
    pub fills: usize,
    /// Production struct literals that set the field, whether or not they
    /// are certainly of its struct: the program builds the value itself.
    pub builds: usize,
    /// Production assignments of a value that is not a constant, whatever
    /// the field's role: a setter or builder that lets callers set it.
    pub set_from_values: usize,
    /// Those of `set_from_values` that assign a computed value or another
    /// field (`report.max_depth = scope.max_depth`), not a parameter.
    pub set_from_computed: usize,
    /// Production accesses the syntax cannot tell (a macro's own syntax, a
    /// mutable borrow, a method that may write): possible reads and
    /// possible spends.
    pub opaque: usize,
    /// How production code spells the receiver (`state.budget`), from the
    /// first write or comparison that names one.
    pub receiver: Option<String>,
    /// The amounts production spends add, in source order.
    pub amounts: Vec<String>,
    /// Certain production spends with their context, for suggestions.
    pub spend_sites: Vec<SpendSite>,
    /// The production functions that touch the field, by their name's
    /// location; recorded for budget fields only.
    pub functions: BTreeSet<Span>,
    /// Of a public struct's field: the production functions other than
    /// its struct's methods that read it (not to display it), how many
    /// reads its struct's methods make, and the functions that write it.
    pub reading_functions: BTreeSet<Span>,
    pub own_reads: usize,
    pub writing_functions: BTreeSet<Span>,
}

impl FieldUse {
    /// Adds the uses `other` recorded, but for its test writes, whose
    /// order the caller keeps.
    fn add(&mut self, other: &FieldUse) {
        self.production_spends
            .extend_from_slice(&other.production_spends);
        self.resets += other.resets;
        self.uncertain_spends += other.uncertain_spends;
        self.production_reads
            .extend_from_slice(&other.production_reads);
        self.uncertain_reads += other.uncertain_reads;
        self.test_reads += other.test_reads;
        self.log_reads += other.log_reads;
        self.zero_inits += other.zero_inits;
        self.steps += other.steps;
        self.constant_inits += other.constant_inits;
        self.fills += other.fills;
        self.builds += other.builds;
        self.set_from_values += other.set_from_values;
        self.set_from_computed += other.set_from_computed;
        self.opaque += other.opaque;
        if self.receiver.is_none() {
            self.receiver.clone_from(&other.receiver);
        }
        self.amounts.extend_from_slice(&other.amounts);
        self.spend_sites.extend_from_slice(&other.spend_sites);
        self.functions.extend(other.functions.iter().copied());
        self.reading_functions
            .extend(other.reading_functions.iter().copied());
        self.own_reads += other.own_reads;
        self.writing_functions
            .extend(other.writing_functions.iter().copied());
    }
}

/// A production spend with what suggestions need to mirror it.
#[derive(Debug, Clone)]
pub struct SpendSite {
    pub span: Span,
    /// The function the spend is in, by its name's span.
    pub function: Option<Span>,
    pub receiver: Option<String>,
    pub amount: Option<String>,
    /// An increase or a decrease (`+= n`, `fetch_sub`), not an assignment
    /// of another value.
    pub step: bool,
}

/// A comparison with each side resolved to fields.
#[derive(Debug)]
pub struct Check {
    pub span: Span,
    pub op: CompareOp,
    pub code: CodeKind,
    pub debug_only: bool,
    pub function: Option<FnRef>,
    /// Whether the comparison sits in a helper function called with the
    /// fields as arguments; `span` is then the call.
    pub through_helper: bool,
    /// Made by a helper that a called helper calls, or deeper.
    pub through_nested_helpers: bool,
    /// The `if` statement the comparison guards, when it has no `else`.
    pub guard: Option<Guard>,
    pub context: Context,
    /// Fields known for certain on each side.
    pub sides: [BTreeSet<FieldId>; 2],
    /// Fields that may be on each side.
    pub possible: [BTreeSet<FieldId>; 2],
}

impl Check {
    /// Whether this comparison relates `counter` to one of `limits`, with
    /// the counter known for certain when `certain` is set.
    pub fn relates(&self, counter: FieldId, limits: &[FieldId], certain: bool) -> bool {
        let counter_sides = if certain { &self.sides } else { &self.possible };
        (0..2).any(|i| {
            counter_sides[i].contains(&counter)
                && limits.iter().any(|l| {
                    // A ratio or headroom expression holds both on one side.
                    self.possible[1 - i].contains(l) || self.possible[i].contains(l)
                })
        })
    }

    pub fn mentions(&self, field: FieldId) -> bool {
        self.sides.iter().any(|side| side.contains(&field))
    }

    pub fn enforces(&self) -> bool {
        self.code == CodeKind::Production && !self.debug_only && self.context == Context::Code
    }
}

/// A counter and the limits that bound it.
#[derive(Debug, Clone)]
pub struct Pairing {
    pub counter: FieldId,
    pub limits: Vec<FieldId>,
    pub countdown: bool,
}

#[derive(Debug, Default)]
pub struct Model {
    pub structs: Table<StructId, StructInfo>,
    pub fields: Table<FieldId, FieldInfo>,
    pub uses: Table<FieldId, FieldUse>,
    pub checks: Vec<Check>,
    pub pairings: Vec<Pairing>,
    pub functions: Vec<FnDef>,
    pub bindings: Vec<Binding>,
    /// For each struct, the structs its fields hold directly.
    links: Table<StructId, BTreeSet<StructId>>,
    /// For each struct, the structs whose fields a production function
    /// touches beside its own (a policy and the state it is applied to).
    co_used: Table<StructId, BTreeSet<StructId>>,
    /// For each field, the checks that may have it on a side.
    checks_of: Table<FieldId, Vec<usize>>,
    /// For each struct, the fields production code reads for certain.
    read_fields: Table<StructId, Vec<FieldId>>,
    /// For counters whose stem no limit shares, the limits of their own
    /// struct that code compares them with alone, through the struct's own
    /// receivers (`self.total_out == self.max_output_size`).
    compared_limits: HashMap<FieldId, Vec<FieldId>>,
    /// For each counter, the index of its pairing.
    pairing_of: HashMap<FieldId, usize>,
    /// For each limit, the indexes of the pairings that hold it, in order.
    pairings_bounding: HashMap<FieldId, Vec<usize>>,
    /// Counters named only by a limit's stem (`depth` beside `max_depth`),
    /// whose role rests on weaker evidence than a usage word.
    pub bare_counters: BTreeSet<FieldId>,
    /// Whether `checks` holds the checks made inside helper functions.
    helpers_traced: bool,
    /// Whether the analysis holds a binary (a `main.rs` or `src/bin/`): an
    /// application, whose public fields no crate outside it reads.
    pub application: bool,
    /// The fields production code passes to a function or method as an
    /// argument (`Semaphore::new(cfg.max_open)`, `.timeout(cfg.timeout)`):
    /// what the callee does with them is its own affair.
    pub handed_off: HashSet<FieldId>,
    /// The structs that a method of another type, callable from outside
    /// the crate, hands out through a reference to itself (`fn
    /// options(&self) -> &Options`): the crate's users read their fields.
    /// The value is the method, as `Type::method`.
    handed_out: HashMap<StructId, String>,
    /// The production method calls that hand over a field of a struct
    /// with a limit, for suggestions (`glue`).
    pub hand_sites: Vec<HandSite>,
    /// What suggestions for limits nothing reads are made of; filled by
    /// [`Model::complete`].
    pub glue: Glue,
    index: Index,
}

/// An access as extracted, with whether it resolves to its field for
/// certain; interpreted once the fields' roles are settled.
struct RawUse<'a> {
    access: &'a Access,
    certain: bool,
    /// The access's position among those the model records.
    order: usize,
    /// The access is in a method of the field's own struct.
    own_method: bool,
}

/// The accesses that resolve to the same list of possible fields (every
/// field of one name, or every getter of one method): recorded once for
/// each [`UseClass`] of those fields rather than once per field.
struct SharedUses<'a> {
    fields: Vec<FieldId>,
    accesses: Vec<(usize, &'a Access)>,
}

/// What [`Model::record_use`] reads of a field when the access may be to
/// another field: its role's kind, and whether `clone` only reads its
/// type. Fields of one class take the same uses from the same uncertain
/// accesses.
#[derive(Clone, Copy, PartialEq, Eq)]
struct UseClass(std::mem::Discriminant<Role>, bool);

impl UseClass {
    fn of(field: &FieldInfo) -> UseClass {
        UseClass(
            std::mem::discriminant(&field.role),
            reads_only("clone", &field.ty),
        )
    }
}

/// What gave a field its role.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RoleEvidence {
    /// Its name, or a limit of its struct naming its stem.
    #[default]
    Name,
    /// A comparison with a limit.
    Comparison,
    /// What production code does with it (a limit-named field that is
    /// incremented).
    Behaviour,
    /// An explicit pair of the configuration.
    Configuration,
}

enum Resolution<'a> {
    Exact(FieldId),
    /// Borrowed when the list is the index's own (every field of a name,
    /// every getter of a method), shared by all accesses resolving to it.
    Possible(Cow<'a, [FieldId]>),
    Unknown,
}

impl Model {
    pub fn build(facts: &[FileFacts], config: &Config) -> Model {
        let facts: Vec<&FileFacts> = facts.iter().collect();
        Model::build_from(&facts, config)
    }

    /// [`Model::build`] from the facts of files given in order.
    pub fn build_from(facts: &[&FileFacts], config: &Config) -> Model {
        let mut roles = Roles::new(config.vocabulary());
        let mut model = Model::build_untraced(facts, config, &mut roles);
        model.complete(facts);
        model
    }

    /// [`Model::build_from`] without the checks made inside helper
    /// functions, which [`Model::trace_helpers`] adds, nor the functions
    /// and bindings that suggestions follow amounts through, which
    /// [`Model::complete`] adds with the checks. `roles` are those of the
    /// vocabulary of `config`.
    pub fn build_untraced(facts: &[&FileFacts], config: &Config, roles: &mut Roles) -> Model {
        let mut model = Model::default();
        for file in facts {
            for fact in &file.structs {
                let id = model.structs.next_id();
                let mut info = StructInfo {
                    name: fact.name.clone(),
                    derives: fact.derives.clone(),
                    foreign_layout: fact.foreign_layout,
                    code: fact.code,
                    fields: Vec::new(),
                    public: fact.public,
                };
                for field in &fact.fields {
                    let field_id = model.fields.push(FieldInfo {
                        owner: id,
                        name: field.name.clone(),
                        span: field.span,
                        ty: field.ty.clone(),
                        role: roles.of(&field.name, &field.ty),
                        evidence: RoleEvidence::Name,
                        public: field.public,
                        deprecated: field.deprecated,
                    });
                    info.fields.push(field_id);
                }
                model.structs.push(info);
            }
        }
        model.demote_sides();
        model.links = model.direct_links();
        model.index = Index::new(&model);
        let getters = model.getters(facts);
        model.index.set_getters(getters);
        model.co_used = model.co_used_structs(facts);
        model.handed_out = model.handed_out_structs(facts);
        model.promote_bare_counters();
        model.apply_explicit_pairs(&config.pairs);
        model.promote_compared_fields(facts);
        // The lints look at the uses and checks of budget fields and of the
        // fields beside them: places that can name no such field are skipped.
        let watched = model.watched_names();
        let watched = |place: &Place| watched.contains(&*place.field);
        let mut raw: Table<FieldId, Vec<RawUse>> =
            model.fields.iter().map(|_| Vec::new()).collect();
        let mut shared: Vec<SharedUses> = Vec::new();
        let mut shared_index: HashMap<*const FieldId, usize> = HashMap::default();
        let mut checks = Vec::new();
        let mut order = 0;
        for file in facts {
            let self_types: HashMap<Span, &str> = file
                .functions
                .iter()
                .filter_map(|def| Some((def.function.span, def.self_type.as_deref()?)))
                .collect();
            for access in file.accesses.iter().filter(|a| watched(&a.place)) {
                order += 1;
                let self_type = access.function.and_then(|f| self_types.get(&f).copied());
                let own_method = |field: FieldId| {
                    self_type.is_some_and(|t| model.structs[model.fields[field].owner].name == t)
                };
                match model.index.resolve(&model, &access.place) {
                    Resolution::Exact(field) => raw[field].push(RawUse {
                        access,
                        certain: true,
                        order,
                        own_method: own_method(field),
                    }),
                    Resolution::Possible(Cow::Owned(fields)) => {
                        for field in fields {
                            raw[field].push(RawUse {
                                access,
                                certain: false,
                                order,
                                own_method: own_method(field),
                            });
                        }
                    }
                    // Uncertain accesses are recorded per class of field:
                    // whether one is in a method of the field's own struct
                    // matters only to certain ones.
                    Resolution::Possible(Cow::Borrowed(fields)) => {
                        let group = *shared_index.entry(fields.as_ptr()).or_insert_with(|| {
                            shared.push(SharedUses {
                                fields: fields.to_vec(),
                                accesses: Vec::new(),
                            });
                            shared.len() - 1
                        });
                        shared[group].accesses.push((order, access));
                    }
                    Resolution::Unknown => {}
                }
            }
            for comparison in &file.comparisons {
                let places = comparison.sides.iter().flat_map(|s| &s.places);
                if places.clone().any(watched) {
                    checks.push(model.resolve_check(comparison));
                }
            }
        }
        model.settle_roles_by_behaviour(&raw);
        model.note_hand_offs(facts);
        model.record_hand_sites(facts);
        model.uses = model.fields.iter().map(|_| FieldUse::default()).collect();
        model.record_uses(&raw, &shared);
        model.read_fields = model
            .structs
            .iter()
            .map(|s| {
                s.fields
                    .iter()
                    .copied()
                    .filter(|&f| !model.uses[f].production_reads.is_empty())
                    .collect()
            })
            .collect();
        model.checks = checks;
        model.index_checks();
        model.pair();
        model
    }

    /// The names of the fields whose accesses the lints look at: those of
    /// every struct that holds a budget field.
    fn watched_names(&self) -> HashSet<String> {
        let budget_structs: HashSet<StructId> = self
            .fields
            .iter()
            .filter(|f| {
                f.role != Role::Other
                    || (f.ty.is_numeric()
                        && (names::is_bare_countdown(&f.name)
                            || (names::is_bare_limit(&f.name)
                                && self.structs[f.owner].fields.len()
                                    <= names::BARE_LIMIT_STRUCT_FIELDS)))
            })
            .map(|f| f.owner)
            .collect();
        let mut names: HashSet<String> = budget_structs
            .iter()
            .flat_map(|&s| &self.structs[s].fields)
            .map(|&f| self.fields[f].name.clone())
            .collect();
        for (method, getters) in &self.index.getters {
            if getters.iter().any(|(s, _)| budget_structs.contains(s)) {
                names.insert(method.clone());
            }
        }
        names
    }

    /// A numeric field compared with a limit is a counter of the limit's
    /// dimension, whatever its name (`pages_fetched >= page_quota`,
    /// `self.retries > self.policy.max_retries`), when the two structs are
    /// connected: the same struct, or one holding the other.
    ///
    /// A field named by a limit word alone (`limit`, `max`) names no
    /// dimension; compared alone with a numeric field of its own struct
    /// (`self.current + n >= self.limit`), the two make a dimension of
    /// their own.
    fn promote_compared_fields(&mut self, facts: &[&FileFacts]) {
        let bare_limit = |f: &FieldInfo| {
            f.role == Role::Other
                && f.ty.is_numeric()
                && names::is_bare_limit(&f.name)
                && self.structs[f.owner].fields.len() <= names::BARE_LIMIT_STRUCT_FIELDS
        };
        let limit_names: HashSet<&str> = self
            .fields
            .iter()
            .filter(|f| matches!(f.role, Role::Limit { .. }) || bare_limit(f))
            .map(|f| f.name.as_str())
            .collect();
        if limit_names.is_empty() {
            return;
        }
        // For each field compared alone with a limit: the limit's stem, and
        // whether the two names share a word.
        let mut promoted: Vec<(FieldId, String, bool)> = Vec::new();
        let mut bare_limits: Vec<(FieldId, String)> = Vec::new();
        let mut compared: Vec<(FieldId, FieldId)> = Vec::new();
        for file in facts {
            for comparison in &file.comparisons {
                if comparison.code != CodeKind::Production || comparison.debug_only {
                    continue;
                }
                let places = comparison.sides.iter().flat_map(|s| &s.places);
                if !places.clone().any(|p| limit_names.contains(&*p.field)) {
                    continue;
                }
                let check = self.resolve_check(comparison);
                for side in 0..2 {
                    let limits: Vec<FieldId> = check.sides[side]
                        .iter()
                        .copied()
                        .filter(|&f| {
                            matches!(self.fields[f].role, Role::Limit { .. })
                                || bare_limit(&self.fields[f])
                        })
                        .collect();
                    let others: Vec<FieldId> = check.sides[1 - side]
                        .iter()
                        .copied()
                        .filter(|&f| {
                            self.fields[f].role == Role::Other
                                && self.fields[f].ty.is_numeric()
                                && !bare_limit(&self.fields[f])
                        })
                        .collect();
                    // A ratio or headroom holds a counter beside the limit:
                    // only a limit alone on its side bounds the other side.
                    let alone =
                        check.possible[side].len() == 1 && check.possible[1 - side].len() == 1;
                    if !alone {
                        continue;
                    }
                    if let [limit] = limits.as_slice()
                        && let Some(counter) =
                            self.compared_counter(comparison, &check, side, *limit)
                    {
                        compared.push((counter, *limit));
                    }
                    // A bare limit compared alone with a counter of its own
                    // struct is that counter's limit (`self.bytes >
                    // self.limit`).
                    if let [limit] = limits.as_slice()
                        && bare_limit(&self.fields[*limit])
                        && let [counter] = check.sides[1 - side].iter().collect::<Vec<_>>()[..]
                        && let Role::CountUp { stem } = &self.fields[*counter].role
                        && self.fields[*limit].owner == self.fields[*counter].owner
                        && through_own_receivers(
                            comparison,
                            &[&self.fields[*limit].name, &self.fields[*counter].name],
                        )
                    {
                        bare_limits.push((*limit, stem.clone()));
                        continue;
                    }
                    let ([limit], [other]) = (limits.as_slice(), others.as_slice()) else {
                        continue;
                    };
                    if !self.connected(self.fields[*limit].owner, self.fields[*other].owner) {
                        continue;
                    }
                    match &self.fields[*limit].role {
                        Role::Limit { stem } => {
                            let shares =
                                shares_a_word(&self.fields[*other].name, &self.fields[*limit].name);
                            promoted.push((*other, stem.clone(), shares));
                        }
                        _ if self.fields[*limit].owner == self.fields[*other].owner
                            && through_own_receivers(
                                comparison,
                                &[&self.fields[*limit].name, &self.fields[*other].name],
                            ) =>
                        {
                            let owner = &self.structs[self.fields[*limit].owner];
                            let stem = format!("{}.{}", owner.name, self.fields[*limit].name);
                            promoted.push((*other, stem.clone(), true));
                            bare_limits.push((*limit, stem));
                        }
                        _ => {}
                    }
                }
            }
        }
        for (counter, limit) in compared {
            let limits = self.compared_limits.entry(counter).or_default();
            if !limits.contains(&limit) {
                limits.push(limit);
                limits.sort_unstable();
            }
        }
        for (field, stem) in bare_limits {
            if self.fields[field].role == Role::Other {
                self.fields[field].role = Role::Limit { stem };
                self.fields[field].evidence = RoleEvidence::Comparison;
            }
        }
        // A field compared with limits of several dimensions takes the
        // stem of one whose name shares a word with its own
        // (`bytes_buffered` and `max_batch_bytes`, not `max_batch_parts`),
        // else of the first compared.
        promoted.sort_by_key(|&(field, _, shares)| (field, !shares));
        for (field, stem, _) in promoted {
            if self.fields[field].role == Role::Other {
                self.fields[field].role = Role::CountUp { stem };
                self.fields[field].evidence = RoleEvidence::Comparison;
            }
        }
    }

    /// The counter a comparison holds alone against `limit` (on `side`),
    /// both fields of one struct read through its own receivers.
    fn compared_counter(
        &self,
        comparison: &Comparison,
        check: &Check,
        side: usize,
        limit: FieldId,
    ) -> Option<FieldId> {
        let [counter] = check.sides[1 - side].iter().copied().collect::<Vec<_>>()[..] else {
            return None;
        };
        let (counter_info, limit_info) = (&self.fields[counter], &self.fields[limit]);
        let fits = matches!(counter_info.role, Role::CountUp { .. })
            && matches!(limit_info.role, Role::Limit { .. })
            && counter_info.owner == limit_info.owner
            && counter_info.ty.is_duration() == limit_info.ty.is_duration()
            && through_own_receivers(comparison, &[&limit_info.name, &counter_info.name]);
        fits.then_some(counter)
    }

    /// Whether two structs are one, or one holds the other through its
    /// fields (at most two steps).
    pub fn connected(&self, a: StructId, b: StructId) -> bool {
        a == b || self.reachable(a).contains(&b) || self.reachable(b).contains(&a)
    }

    /// Notes the fields passed to calls.
    fn note_hand_offs(&mut self, facts: &[&FileFacts]) {
        for file in facts {
            for call in &file.calls {
                if call.code != CodeKind::Production || call.debug_only {
                    continue;
                }
                if !hands_off(&call.callee) {
                    continue;
                }
                for place in &call.handed {
                    match self.index.resolve(self, place) {
                        Resolution::Exact(field) => {
                            self.handed_off.insert(field);
                        }
                        Resolution::Possible(fields) => {
                            self.handed_off.extend(fields.iter().copied());
                        }
                        Resolution::Unknown => {}
                    }
                }
            }
        }
    }

    /// A field named like a limit that production code increments or
    /// decrements is a counter (a statistic such as
    /// `connections_closed_idle_timeout`, a `cname_limit` counted with
    /// `fetch_add`), not a limit.
    fn settle_roles_by_behaviour(&mut self, raw: &Table<FieldId, Vec<RawUse>>) {
        for (field, uses) in raw.enumerate() {
            let info = &self.fields[field];
            // A bare `remaining` that production code decreases counts down,
            // with or without a limit beside it.
            let decreased = uses.iter().any(|u| {
                u.certain
                    && u.access.code == CodeKind::Production
                    && u.access.kind == AccessKind::Decrease
            });
            if info.role == Role::Other
                && info.ty.is_numeric()
                && names::is_bare_countdown(&info.name)
                && decreased
            {
                let stem = info.name.clone();
                self.fields[field].role = Role::Countdown { stem };
                self.fields[field].evidence = RoleEvidence::Behaviour;
                continue;
            }
            let Role::Limit { stem } = &self.fields[field].role else {
                continue;
            };
            let stepped = uses.iter().any(|u| {
                u.certain
                    && u.access.code == CodeKind::Production
                    && matches!(u.access.kind, AccessKind::Increase | AccessKind::Decrease)
            });
            if stepped {
                let stem = stem.clone();
                self.fields[field].role = Role::CountUp { stem };
                self.fields[field].evidence = RoleEvidence::Behaviour;
            }
        }
    }

    /// Adds what [`Model::build_untraced`] leaves out; `facts` are those
    /// the model is built from.
    pub fn complete(&mut self, facts: &[&FileFacts]) {
        self.trace_helpers(facts);
        self.bindings = facts
            .iter()
            .flat_map(|file| file.bindings.iter().cloned())
            .collect();
        // Where an amount is in hand (`suggest::flow`): functions that
        // spend or bind a call's result.
        let flowing: HashSet<&FnRef> = self.bindings.iter().map(|b| &b.function).collect();
        let mut functions = Vec::new();
        for file in facts {
            let spending: HashSet<Span> = file
                .accesses
                .iter()
                .filter(|a| !matches!(a.kind, AccessKind::Read | AccessKind::Compare))
                .filter_map(|a| a.function)
                .collect();
            functions.extend(
                file.functions
                    .iter()
                    .filter(|d| {
                        flowing.contains(&d.function) || spending.contains(&d.function.span)
                    })
                    .cloned(),
            );
        }
        self.functions = functions;
        self.collect_glue(facts);
    }

    /// The method of another type that hands the struct out to the
    /// crate's users, who may read its fields: a method callable from
    /// outside the crate that takes `&self` or `&mut self` and returns one
    /// of its own fields (through a reference, a clone, a map's `get`)
    /// typed as the struct, a reference to it or a container of it
    /// (`Type::method`). Constructors and builders do not count: they
    /// make the value they return, which comes back to the crate.
    pub fn handed_out_by(&self, owner: StructId) -> Option<&str> {
        self.handed_out.get(&owner).map(String::as_str)
    }

    /// The fields of a struct that production code reads for certain.
    pub fn read_fields(&self, owner: StructId) -> &[FieldId] {
        self.read_fields.get(owner).map_or(&[], Vec::as_slice)
    }

    /// Whether [`Model::trace_helpers`] has run.
    pub fn helpers_traced(&self) -> bool {
        self.helpers_traced
    }

    /// Adds the checks made inside helper functions called with budget
    /// fields ([`helpers`]), once; `facts` are those the model is built
    /// from.
    pub fn trace_helpers(&mut self, facts: &[&FileFacts]) {
        if self.helpers_traced {
            return;
        }
        self.helpers_traced = true;
        let traced = helpers::trace(facts, &self.budget_field_names());
        for traced in traced {
            let mut check = self.resolve_check(&traced.comparison);
            check.through_helper = true;
            check.through_nested_helpers = traced.nested;
            self.checks.push(check);
        }
        self.index_checks();
    }

    fn index_checks(&mut self) {
        let mut checks_of: Table<FieldId, Vec<usize>> =
            self.fields.iter().map(|_| Vec::new()).collect();
        for (index, check) in self.checks.iter().enumerate() {
            let fields: BTreeSet<FieldId> = check.possible.iter().flatten().copied().collect();
            for field in fields {
                checks_of[field].push(index);
            }
        }
        self.checks_of = checks_of;
    }

    /// The checks that may have `field` on a side.
    pub fn checks_of(&self, field: FieldId) -> impl Iterator<Item = &Check> {
        self.checks_of[field].iter().map(|&i| &self.checks[i])
    }

    /// A numeric field named by the stem of a limit in its own struct is a
    /// counter: `retries` beside `max_retries`, `depth` beside `max_depth`.
    fn direct_links(&self) -> Table<StructId, BTreeSet<StructId>> {
        let mut by_name: HashMap<&str, Vec<StructId>> = HashMap::default();
        for (id, s) in self.structs.enumerate() {
            by_name.entry(&s.name).or_default().push(id);
        }
        self.structs
            .iter()
            .map(|s| {
                s.fields
                    .iter()
                    .flat_map(|&f| self.fields[f].ty.idents.iter())
                    .filter_map(|ident| by_name.get(ident.as_str()))
                    .flatten()
                    .copied()
                    .collect()
            })
            .collect()
    }

    /// The getters of the structs: methods of a struct's `impl` that return
    /// one of its fields, by method name. A method whose calls the syntax
    /// never reads as getter calls (`len`, `as_str`) is none.
    fn getters(&self, facts: &[&FileFacts]) -> HashMap<String, Vec<(StructId, FieldId)>> {
        let mut getters: HashMap<String, Vec<(StructId, FieldId)>> = HashMap::default();
        for def in facts.iter().flat_map(|file| &file.functions) {
            let Some(owner) = &def.self_type else {
                continue;
            };
            if !crate::analysis::facts::may_call_getter(&def.function.name) {
                continue;
            }
            for shape in &def.returns {
                let Shape::SelfField(name) = shape else {
                    continue;
                };
                for s in self.index.structs_named(std::slice::from_ref(owner)) {
                    if let Some(field) = self.index.field_in(self, s, name) {
                        let entry = getters.entry(def.function.name.to_string()).or_default();
                        if !entry.contains(&(s, field)) {
                            entry.push((s, field));
                        }
                    }
                }
            }
        }
        getters
    }

    /// The structs that exported methods of other types return from a
    /// reference to `self` (see [`Model::handed_out_by`]).
    fn handed_out_structs(&self, facts: &[&FileFacts]) -> HashMap<StructId, String> {
        let mut handed_out: HashMap<StructId, String> = HashMap::default();
        for def in facts.iter().flat_map(|file| &file.functions) {
            let (true, Some(Receiver::Ref | Receiver::RefMut), Some(owner)) =
                (def.exported, def.receiver, &def.self_type)
            else {
                continue;
            };
            // A value the method builds (a builder's `build(&self)`, a
            // conversion) is new, not a stored one handed out.
            if !def.returns.iter().any(|r| matches!(r, Shape::SelfField(_))) {
                continue;
            }
            for s in self.index.structs_named(&def.output) {
                if self.structs[s].name == *owner {
                    continue;
                }
                // The first by name, whatever order the files come in.
                let method = format!("{owner}::{}", def.function.name);
                let entry = handed_out.entry(s).or_insert_with(|| method.clone());
                if method < *entry {
                    *entry = method;
                }
            }
        }
        handed_out
    }

    /// Links the structs whose fields one production function touches, for
    /// each function that touches only a few.
    fn co_used_structs(&self, facts: &[&FileFacts]) -> Table<StructId, BTreeSet<StructId>> {
        /// A function touching more structs is generic glue, not a link.
        const MAX_STRUCTS: usize = 8;
        let mut co_used: Table<StructId, BTreeSet<StructId>> =
            self.structs.iter().map(|_| BTreeSet::new()).collect();
        for file in facts {
            let mut by_function: BTreeMap<Span, BTreeSet<StructId>> = BTreeMap::new();
            for access in &file.accesses {
                if access.code != CodeKind::Production {
                    continue;
                }
                let Some(function) = access.function else {
                    continue;
                };
                if let Resolution::Exact(field) = self.index.resolve(self, &access.place) {
                    by_function
                        .entry(function)
                        .or_default()
                        .insert(self.fields[field].owner);
                }
            }
            for structs in by_function.values() {
                if structs.len() < 2 || structs.len() > MAX_STRUCTS {
                    continue;
                }
                for &a in structs {
                    co_used[a].extend(structs.iter().copied().filter(|&b| b != a));
                }
            }
        }
        co_used
    }

    /// The structs a struct holds through its fields, at most two steps
    /// away (`limits: Limits`, `inner: Arc<Mutex<State>>`).
    pub fn reachable(&self, from: StructId) -> BTreeSet<StructId> {
        let mut found: BTreeSet<StructId> = self.links[from].clone();
        for &next in &self.links[from] {
            found.extend(self.links[next].iter().copied());
        }
        found.remove(&from);
        found
    }

    /// A numeric field named by the stem of a limit in its own struct, or in
    /// a struct it holds, is held by, or is used beside, is a counter: `retries` beside
    /// `max_retries`, `depth` beside `max_depth`. A bare `remaining` beside
    /// a single limit of its own struct is that limit's countdown.
    fn promote_bare_counters(&mut self) {
        // Each limit's stem, with the unit its name ends in: `max_turn_bytes`
        // bounds the bytes of a turn, not `turns`, which must carry the
        // unit too to be its counter.
        let own_stems: Table<StructId, BTreeSet<(String, Option<&str>)>> = self
            .structs
            .iter()
            .map(|s| {
                s.fields
                    .iter()
                    // A duration bounds a time, not a number of things.
                    .filter(|&&f| !self.fields[f].ty.is_duration())
                    .filter_map(|&f| match &self.fields[f].role {
                        Role::Limit { stem } => {
                            Some((stem.clone(), names::unit_suffix(&self.fields[f].name)))
                        }
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        // The structs that hold each struct directly.
        let mut holders: Table<StructId, Vec<StructId>> =
            self.structs.iter().map(|_| Vec::new()).collect();
        for (holder, held) in self.links.enumerate() {
            for &s in held {
                holders[s].push(holder);
            }
        }
        for owner in self.structs.ids() {
            let stems = &own_stems[owner];
            // The limits of a struct this one holds, or is held by, name
            // bare counters too (`retries` in `Retrier` beside its
            // `policy`'s `max_retries`).
            let connected: BTreeSet<&(String, Option<&str>)> = self.links[owner]
                .iter()
                .chain(&holders[owner])
                .chain(&self.co_used[owner])
                .filter(|&&s| s != owner)
                .flat_map(|&s| &own_stems[s])
                .collect();
            if stems.is_empty() && connected.is_empty() {
                continue;
            }
            for f in self.structs[owner].fields.clone() {
                let field = &self.fields[f];
                if field.role != Role::Other || !field.ty.is_numeric() {
                    continue;
                }
                let stem = names::bare_stem(&field.name);
                let unit = names::unit_suffix(&field.name);
                let bounds = |(limit_stem, limit_unit): &(String, Option<&str>)| {
                    *limit_stem == stem && (limit_unit.is_none() || *limit_unit == unit)
                };
                if stems.iter().any(bounds) || connected.iter().any(|&l| bounds(l)) {
                    self.fields[f].role = Role::CountUp { stem };
                    self.bare_counters.insert(f);
                } else if names::is_bare_countdown(&field.name) && stems.len() == 1 {
                    let stem = stems
                        .iter()
                        .next()
                        .map(|(s, _)| s.clone())
                        .unwrap_or_default();
                    self.fields[f].role = Role::Countdown { stem };
                }
            }
        }
    }

    /// `span_left` beside `span_right` is a side, not what is left of a
    /// span: in a struct with a field named with `right` at the end, a
    /// countdown named with `left` at the end is none.
    fn demote_sides(&mut self) {
        let ends_with =
            |name: &str, word: &str| names::words(name).last().is_some_and(|w| w == word);
        for s in self.structs.ids() {
            let fields = &self.structs[s].fields;
            if !fields
                .iter()
                .any(|&f| ends_with(&self.fields[f].name, "right"))
            {
                continue;
            }
            let sides: Vec<FieldId> = fields
                .iter()
                .copied()
                .filter(|&f| {
                    matches!(self.fields[f].role, Role::Countdown { .. })
                        && ends_with(&self.fields[f].name, "left")
                })
                .collect();
            for f in sides {
                self.fields[f].role = Role::Other;
            }
        }
    }

    /// Configured pairs override the naming rules: each pair is a dimension
    /// of its own.
    fn apply_explicit_pairs(&mut self, pairs: &[ExplicitPair]) {
        for (index, pair) in pairs.iter().enumerate() {
            let stem = format!("pair#{index}");
            for ((owner, name), role) in [
                (&pair.counter, Role::CountUp { stem: stem.clone() }),
                (&pair.limit, Role::Limit { stem: stem.clone() }),
            ] {
                for field in self.fields.ids() {
                    let info = &self.fields[field];
                    if &info.name == name && &self.structs[info.owner].name == owner {
                        self.fields[field].role = role.clone();
                        self.fields[field].evidence = RoleEvidence::Configuration;
                    }
                }
            }
        }
    }

    /// Records the accesses resolved to each field: `raw` by field, and
    /// those `shared` by many fields once per class of field, in the order
    /// of the accesses.
    fn record_uses(&mut self, raw: &Table<FieldId, Vec<RawUse>>, shared: &[SharedUses]) {
        let mut uses: Table<FieldId, FieldUse> =
            self.fields.iter().map(|_| FieldUse::default()).collect();
        // Test writes are kept in the order of the accesses, which the
        // shared ones are recorded apart from.
        let mut shared_writes: HashMap<FieldId, Vec<(usize, Span)>> = HashMap::default();
        for group in shared {
            // Per class: the uses recorded, the test writes in order, and
            // whether an access hands the setting off.
            type Recorded = (UseClass, FieldUse, Vec<(usize, Span)>, bool);
            let mut classes: Vec<Recorded> = Vec::new();
            for &field in &group.fields {
                let class = UseClass::of(&self.fields[field]);
                let position = match classes.iter().position(|(c, ..)| *c == class) {
                    Some(position) => position,
                    None => {
                        let mut recorded = FieldUse::default();
                        let mut writes = Vec::new();
                        let mut handed_off = false;
                        for &(order, access) in &group.accesses {
                            let before = recorded.test_writes.len();
                            handed_off |=
                                self.record_use(field, &mut recorded, access, false, false);
                            writes
                                .extend(recorded.test_writes[before..].iter().map(|&s| (order, s)));
                        }
                        recorded.test_writes.clear();
                        classes.push((class, recorded, writes, handed_off));
                        classes.len() - 1
                    }
                };
                let (_, recorded, writes, handed_off) = &classes[position];
                if *handed_off {
                    self.handed_off.insert(field);
                }
                uses[field].add(recorded);
                if !writes.is_empty() {
                    shared_writes
                        .entry(field)
                        .or_default()
                        .extend(writes.iter().copied());
                }
            }
        }
        for (field, raw_uses) in raw.enumerate() {
            // A field with shared test writes keeps them in access order.
            let mut ordered = shared_writes.remove(&field);
            for raw_use in raw_uses {
                let before = uses[field].test_writes.len();
                if self.record_use(
                    field,
                    &mut uses[field],
                    raw_use.access,
                    raw_use.certain,
                    raw_use.own_method,
                ) {
                    self.handed_off.insert(field);
                }
                if let Some(writes) = &mut ordered {
                    let after = &uses[field].test_writes[before..];
                    writes.extend(after.iter().map(|&s| (raw_use.order, s)));
                }
            }
            if let Some(mut writes) = ordered {
                writes.sort_by_key(|&(order, _)| order);
                uses[field].test_writes = writes.into_iter().map(|(_, span)| span).collect();
            }
        }
        for (field, writes) in shared_writes {
            let mut writes = writes;
            writes.sort_by_key(|&(order, _)| order);
            uses[field].test_writes = writes.into_iter().map(|(_, span)| span).collect();
        }
        self.uses = uses;
    }

    /// Records one access to `field` in `uses`; `own_method`: the access
    /// is in a method of the field's own struct. An access that may be to
    /// other fields is recorded once per [`UseClass`]: what this reads of
    /// the field must be in its class. Returns whether the access hands
    /// the field's setting off (see [`Model::handed_off`]).
    #[must_use]
    fn record_use(
        &self,
        field: FieldId,
        uses: &mut FieldUse,
        access: &Access,
        certain: bool,
        own_method: bool,
    ) -> bool {
        let (kind, code, span) = (access.kind, access.code, access.span);
        // Showing a value in a hand-written `Display` or `Debug` neither
        // reads it for the program nor spends it.
        // A setting copied into the same field of another value moves, and
        // is read where that value is.
        if access.context == Context::Relay && !is_write(kind) {
            return false;
        }
        if access.context == Context::Display {
            if code == CodeKind::Test && is_write(kind) {
                uses.test_writes.push(span);
            }
            return false;
        }
        if code == CodeKind::Production && matches!(kind, AccessKind::Init | AccessKind::Fill) {
            uses.builds += 1;
        }
        if code == CodeKind::Production && self.may_write_unseen(field, access) {
            uses.opaque += 1;
            uses.uncertain_spends += 1;
            // A snapshot or copy filled into the field writes it; the rest
            // may read it too.
            if access.kind != AccessKind::Fill {
                uses.uncertain_reads += 1;
            }
            if let Some(function) = access.function {
                uses.functions.insert(function);
            }
            return false;
        }
        if code == CodeKind::Production
            && access.context == Context::Log
            && matches!(kind, AccessKind::Read | AccessKind::Compare)
        {
            uses.log_reads += 1;
        }
        if code == CodeKind::Production
            && certain
            && self.structs[self.fields[field].owner].public
            && let Some(function) = access.function
        {
            if matches!(kind, AccessKind::Read | AccessKind::Compare) {
                if own_method {
                    uses.own_reads += 1;
                } else {
                    uses.reading_functions.insert(function);
                }
            } else if is_write(kind) || kind == AccessKind::Store {
                uses.writing_functions.insert(function);
            }
        }
        if code == CodeKind::Production
            && kind == AccessKind::Init
            && access.amount.as_deref().is_some_and(is_zero)
        {
            uses.zero_inits += 1;
        }
        if code == CodeKind::Production
            && certain
            && matches!(kind, AccessKind::Assign | AccessKind::Store)
        {
            uses.set_from_values += 1;
            if kind == AccessKind::Assign {
                uses.set_from_computed += 1;
            }
        }
        if code == CodeKind::Production
            && certain
            && matches!(kind, AccessKind::Increase | AccessKind::Decrease)
        {
            uses.steps += 1;
        }
        if code == CodeKind::Production && certain {
            match kind {
                AccessKind::Init => uses.constant_inits += 1,
                AccessKind::Fill => uses.fills += 1,
                _ => {}
            }
        }
        {
            // Storing a parameter unchanged (a setter) may be a spend, enough
            // to keep BL001 quiet, but not one BL002 can accuse.
            let stores =
                kind == AccessKind::Store && is_spend(&self.fields[field].role, AccessKind::Assign);
            if stores && code == CodeKind::Production {
                uses.uncertain_spends += 1;
                return false;
            }
            if kind == AccessKind::Reset && code == CodeKind::Production {
                uses.resets += 1;
            }
            let spends = is_spend(&self.fields[field].role, kind);
            // A field filled from a value its function also handed to a
            // call records a setting that took effect there: read, by
            // code the analysis may not see.
            let applied = access.applied && kind == AccessKind::Fill;
            let reads = matches!(kind, AccessKind::Read | AccessKind::Compare) || applied;
            // Only budget fields are paired through the functions that
            // touch them (`limits_for`).
            if code == CodeKind::Production
                && self.fields[field].role != Role::Other
                && let Some(function) = access.function
            {
                uses.functions.insert(function);
            }
            if certain && code == CodeKind::Production {
                if uses.receiver.is_none() {
                    uses.receiver.clone_from(&access.receiver);
                }
                if spends && let Some(amount) = &access.amount {
                    uses.amounts.push(amount.clone());
                }
            }
            match (code, spends, reads, certain) {
                (CodeKind::Production, true, _, true) => {
                    uses.production_spends.push(span);
                    uses.spend_sites.push(SpendSite {
                        span,
                        function: access.function,
                        receiver: access.receiver.clone(),
                        amount: access.amount.clone(),
                        step: matches!(kind, AccessKind::Increase | AccessKind::Decrease),
                    });
                }
                (CodeKind::Production, true, _, false) => uses.uncertain_spends += 1,
                (CodeKind::Test, _, _, _) if is_write(kind) => uses.test_writes.push(span),
                (CodeKind::Production, false, true, true) => uses.production_reads.push(span),
                (CodeKind::Production, false, true, false) => uses.uncertain_reads += 1,
                (CodeKind::Test, false, true, _) => uses.test_reads += 1,
                _ => {}
            }
            applied && code == CodeKind::Production
        }
    }

    /// Whether an access may write the field where the syntax cannot see
    /// it: a mutable borrow, a mention in a macro's own syntax, a snapshot
    /// filled from another value, or a method that is not known to only
    /// read (`incr`, `add_tokens`, an `Arc`'s `clone`, a map's `entry`).
    fn may_write_unseen(&self, field: FieldId, access: &Access) -> bool {
        match access.kind {
            AccessKind::BorrowMut | AccessKind::Opaque => true,
            // A count-up filled from a value is a snapshot of a count kept
            // elsewhere; a countdown filled from one is refilled, which is
            // not spending it.
            // A countdown filled with a remainder is spent where the
            // remainder is computed.
            AccessKind::Fill => match self.fields[field].role {
                Role::CountUp { .. } | Role::TimeStart => true,
                Role::Countdown { .. } => access.remainder,
                _ => false,
            },
            AccessKind::Read => access
                .method
                .as_deref()
                .is_some_and(|method| !reads_only(method, &self.fields[field].ty)),
            _ => false,
        }
    }

    fn resolve_check(&self, comparison: &Comparison) -> Check {
        let mut sides: [BTreeSet<FieldId>; 2] = Default::default();
        let mut possible: [BTreeSet<FieldId>; 2] = Default::default();
        for (i, side) in comparison.sides.iter().enumerate() {
            for place in &side.places {
                match self.index.resolve(self, place) {
                    Resolution::Exact(field) => {
                        sides[i].insert(field);
                        possible[i].insert(field);
                    }
                    Resolution::Possible(fields) => possible[i].extend(fields.iter().copied()),
                    Resolution::Unknown => {}
                }
            }
        }
        Check {
            span: comparison.span,
            op: comparison.op,
            code: comparison.code,
            debug_only: comparison.debug_only,
            function: comparison.function.clone(),
            through_helper: false,
            through_nested_helpers: false,
            guard: comparison.guard.clone(),
            context: comparison.context,
            sides,
            possible,
        }
    }

    /// Pairs each counter with the limits of its stem: those in its own
    /// struct when there are any, otherwise those anywhere in the workspace.
    /// An `Instant` pairs with the time limits of its struct.
    fn pair(&mut self) {
        let mut limits_by_stem: BTreeMap<&str, Vec<FieldId>> = BTreeMap::new();
        for (id, field) in self.fields.enumerate() {
            if let Role::Limit { stem } = &field.role {
                limits_by_stem.entry(stem).or_default().push(id);
            }
        }
        let struct_limits = StructLimits::new(self);
        let mut pairings = Vec::new();
        for (id, field) in self.fields.enumerate() {
            let pairing = match &field.role {
                Role::CountUp { stem } => {
                    // A duration limit bounds a duration, a number a number;
                    // a limit in a unit bounds a bare counter only in that
                    // unit (`max_turn_bytes` does not bound `turns`).
                    let bare = self.bare_counters.contains(&id);
                    let unit = names::unit_suffix(&field.name);
                    let bounds = |l: FieldId| {
                        matches!(&self.fields[l].role, Role::Limit { stem: s } if s == stem)
                            && self.fields[l].ty.is_duration() == field.ty.is_duration()
                            && (!bare
                                || names::unit_suffix(&self.fields[l].name)
                                    .is_none_or(|u| Some(u) == unit))
                    };
                    // The limits of its own struct come first; looking
                    // there alone keeps many structs of the same names
                    // linear.
                    let own: Vec<FieldId> = struct_limits
                        .of_stem(field.owner, stem)
                        .iter()
                        .copied()
                        .filter(|&l| bounds(l))
                        .collect();
                    let mut limits = if own.is_empty() {
                        let all: Vec<FieldId> = limits_by_stem
                            .get(stem.as_str())
                            .into_iter()
                            .flatten()
                            .copied()
                            .filter(|&l| bounds(l))
                            .collect();
                        self.limits_for(id, &all)
                    } else {
                        own
                    };
                    if !limits.iter().any(|&l| self.fields[l].owner == field.owner) {
                        limits.extend(self.narrower_limits_beside(&struct_limits, id, stem));
                    }
                    // No limit shares its stem: a limit of its struct that
                    // code compares it with is its own.
                    if limits.is_empty()
                        && let Some(compared) = self.compared_limits.get(&id)
                    {
                        limits.clone_from(compared);
                    }
                    Pairing {
                        counter: id,
                        limits,
                        countdown: false,
                    }
                }
                Role::Countdown { .. } => Pairing {
                    counter: id,
                    limits: Vec::new(),
                    countdown: true,
                },
                Role::TimeStart => Pairing {
                    counter: id,
                    limits: struct_limits.time_limits(field.owner).to_vec(),
                    countdown: false,
                },
                _ => continue,
            };
            pairings.push(pairing);
        }
        self.pairings = pairings;
        self.index_pairings();
    }

    fn index_pairings(&mut self) {
        self.pairing_of.clear();
        self.pairings_bounding.clear();
        for (index, pairing) in self.pairings.iter().enumerate() {
            self.pairing_of.entry(pairing.counter).or_insert(index);
            for &limit in &pairing.limits {
                let bounding = self.pairings_bounding.entry(limit).or_default();
                if bounding.last() != Some(&index) {
                    bounding.push(index);
                }
            }
        }
    }

    /// The limits of a counter's stem that bound it: those in its own
    /// struct; failing that, those in structs it holds; failing that, those
    /// elsewhere that code connects to it (a struct holds the other, or a
    /// production function touches both fields).
    fn limits_for(&self, counter: FieldId, candidates: &[FieldId]) -> Vec<FieldId> {
        let owner = self.fields[counter].owner;
        let in_struct = |test: &dyn Fn(StructId) -> bool| -> Vec<FieldId> {
            candidates
                .iter()
                .copied()
                .filter(|&l| test(self.fields[l].owner))
                .collect()
        };
        let own = in_struct(&|s| s == owner);
        if !own.is_empty() {
            return own;
        }
        let held_by_counter = self.reachable(owner);
        let held = in_struct(&|s| held_by_counter.contains(&s));
        if !held.is_empty() {
            return held;
        }
        let co_used = in_struct(&|s| self.co_used[owner].contains(&s));
        if !co_used.is_empty() {
            return co_used;
        }
        let counter_functions = &self.uses[counter].functions;
        candidates
            .iter()
            .copied()
            .filter(|&l| {
                let limit_owner = self.fields[l].owner;
                self.reachable(limit_owner).contains(&owner)
                    || !self.uses[l].functions.is_disjoint(counter_functions)
            })
            .collect()
    }

    /// The limits in a counter's own struct whose stem qualifies the
    /// counter's: `current_size` beside `batch_size_limit`. A struct that
    /// keeps a bare measure next to one qualified limit means that limit.
    fn narrower_limits_beside<'a>(
        &'a self,
        struct_limits: &StructLimits<'a>,
        counter: FieldId,
        stem: &'a str,
    ) -> Vec<FieldId> {
        let field = &self.fields[counter];
        struct_limits
            .narrowing(field.owner, stem)
            .iter()
            .copied()
            .filter(|&l| self.fields[l].ty.is_duration() == field.ty.is_duration())
            .collect()
    }

    /// Whether an access, or a call of one of its getters, can resolve to
    /// the field for certain. A typed receiver resolves to every struct of
    /// its type's name, and a getter is recorded for every struct of its
    /// `impl`'s name that declares the field it returns: where another
    /// struct of the owner's name declares a field of the same name, each
    /// access reaches both fields, and a name alone two fields. The model
    /// only learns more structs, so this stays false once it is.
    pub fn may_resolve_for_certain(&self, field: FieldId) -> bool {
        let info = &self.fields[field];
        let owner = &self.structs[info.owner].name;
        !(self.index.structs_by_name.get(owner).into_iter().flatten())
            .any(|&s| s != info.owner && self.index.field_in(self, s, &info.name).is_some())
    }

    /// The methods without arguments that return the field (getters), in
    /// no particular order.
    pub fn getters_of(&self, field: FieldId) -> impl Iterator<Item = &str> {
        self.index
            .getters_by_field
            .get(&field)
            .into_iter()
            .flatten()
            .map(String::as_str)
    }

    pub fn stem(&self, field: FieldId) -> Option<&str> {
        match &self.fields[field].role {
            Role::CountUp { stem } | Role::Countdown { stem } | Role::Limit { stem } => Some(stem),
            _ => None,
        }
    }

    pub fn struct_of(&self, field: FieldId) -> &StructInfo {
        &self.structs[self.fields[field].owner]
    }

    /// The enforcing checks of a pairing, certain of the counter: any
    /// comparison of a countdown, or one relating a counter to its limits.
    pub fn enforcing_checks(&self, pairing: &Pairing) -> Vec<&Check> {
        if pairing.countdown {
            return self
                .checks_of(pairing.counter)
                .filter(|c| c.enforces() && c.mentions(pairing.counter))
                .collect();
        }
        self.checks_relating(pairing.counter, &pairing.limits, true)
    }

    /// The enforcing checks that relate `counter` to one of `limits`.
    pub fn checks_relating(
        &self,
        counter: FieldId,
        limits: &[FieldId],
        certain: bool,
    ) -> Vec<&Check> {
        self.checks_of(counter)
            .filter(|c| c.enforces() && c.relates(counter, limits, certain))
            .collect()
    }

    pub fn is_read_in_production(&self, field: FieldId) -> bool {
        let uses = &self.uses[field];
        !uses.production_reads.is_empty() || uses.uncertain_reads > 0
    }
}

/// Whether a constant's text is a zero: `0`, `0.0`, `0u64`,
/// `Duration::ZERO`, `AtomicU64::new(0)`.
fn is_zero(text: &str) -> bool {
    let text = text.trim();
    let inner = text
        .strip_suffix(')')
        .and_then(|t| t.rsplit_once('('))
        .map_or(text, |(_, arg)| arg.trim());
    let digits = inner.trim_end_matches(|c: char| c.is_ascii_alphanumeric() && !c.is_ascii_digit());
    let numeric = !digits.is_empty()
        && digits.chars().all(|c| c == '0' || c == '.' || c == '_')
        && digits.starts_with('0');
    numeric || inner.ends_with("ZERO")
}

/// Whether passing a value to `callee` hands it to code that may enforce
/// it: not a conversion, a capacity hint, a wrapper or formatting.
fn hands_off(callee: &str) -> bool {
    const KEEPS: &[&str] = &[
        "Some",
        "Ok",
        "Err",
        "from",
        "try_from",
        "into",
        "try_into",
        "from_secs",
        "from_millis",
        "from_micros",
        "from_nanos",
        "from_secs_f64",
        "from_secs_f32",
        "with_capacity",
        "reserve",
        "reserve_exact",
        "to_string",
        "format",
        "clone",
        "min",
        "max",
        "as_secs",
        "as_millis",
        "unwrap_or",
        "unwrap_or_default",
        "unwrap_or_else",
        "map",
        "is_some",
        "is_none",
        "or",
        "or_else",
        "xor",
        "and",
    ];
    !KEEPS.contains(&callee)
}

/// Methods that only read the value they are called on (for a field of
/// type `ty`): comparisons, arithmetic that returns a new value, unit
/// conversions, atomic and cell loads, `Option` accessors, and the
/// comparisons of `facts::COMPARE_METHODS`. `clone` reads a
/// number, but aliases an `Arc` or `Rc`, through which it may be spent.
fn reads_only(method: &str, ty: &TypeShape) -> bool {
    const READ_METHODS: &[&str] = &[
        "load",
        "get",
        "wrapping_sub",
        "overflowing_sub",
        "saturating_add",
        "checked_add",
        "wrapping_add",
        "overflowing_add",
        "saturating_mul",
        "checked_mul",
        "wrapping_mul",
        "checked_div",
        "saturating_div",
        "div_ceil",
        "abs",
        "pow",
        "powi",
        "powf",
        "round",
        "floor",
        "ceil",
        "sqrt",
        "signum",
        "is_positive",
        "is_negative",
        "as_secs",
        "as_millis",
        "as_micros",
        "as_nanos",
        "as_secs_f32",
        "as_secs_f64",
        "subsec_millis",
        "subsec_micros",
        "subsec_nanos",
        "elapsed",
        "duration_since",
        "checked_duration_since",
        "saturating_duration_since",
        "is_some",
        "is_none",
        "is_some_and",
        "is_none_or",
        "unwrap_or",
        "unwrap_or_default",
        "unwrap_or_else",
        "map_or",
        "map_or_else",
        "unwrap",
        "expect",
        "copied",
        "cloned",
        "as_ref",
        "to_string",
        "fmt",
        "into",
        "try_into",
        "from",
        "is_zero",
        "len",
        "is_empty",
        "to_owned",
        "borrow",
        "lock",
        "read",
        "iter",
        "contains",
        "count_ones",
        "leading_zeros",
        "trailing_zeros",
        "into_inner",
        "filter",
        "map",
        "and_then",
        "zip",
        "ok_or",
        "ok_or_else",
        "or",
        "or_else",
        "xor",
        "and",
        "ok",
        "err",
        "is_ok",
        "is_err",
        "checked_pow",
        "saturating_pow",
        "wrapping_pow",
        "unwrap_or_else",
        "as_u64",
        "as_f64",
        "to_le_bytes",
        "to_be_bytes",
        "to_ne_bytes",
        "mul_f64",
        "mul_f32",
        "div_f64",
        "div_f32",
    ];
    if method == "clone" {
        let shared = ["Arc", "Rc", "Cell", "RefCell", "Mutex", "RwLock"];
        return !ty.idents.iter().any(|i| shared.contains(&i.as_str()))
            && !ty.idents.iter().any(|i| i.starts_with("Atomic"));
    }
    READ_METHODS.contains(&method) || crate::analysis::facts::COMPARE_METHODS.contains(&method)
}

fn is_write(kind: AccessKind) -> bool {
    matches!(
        kind,
        AccessKind::Increase | AccessKind::Decrease | AccessKind::Assign | AccessKind::Reset
    )
}

fn is_spend(role: &Role, kind: AccessKind) -> bool {
    match role {
        Role::CountUp { .. } | Role::TimeStart => {
            matches!(kind, AccessKind::Increase | AccessKind::Assign)
        }
        Role::Countdown { .. } => matches!(kind, AccessKind::Decrease | AccessKind::Assign),
        _ => false,
    }
}

/// Whether the comparison reaches the fields named `names` only through
/// receivers typed as their struct itself (`self.limit`, `window.limit` of
/// a `window: &Window`), which the prefilter's `own` demand parses.
fn through_own_receivers(comparison: &crate::analysis::facts::Comparison, names: &[&str]) -> bool {
    comparison
        .sides
        .iter()
        .flat_map(|side| &side.places)
        .filter(|place| names.contains(&&*place.field))
        .all(|place| place.chain.is_empty() && matches!(place.root, Root::Typed(_)))
}

/// Lookup tables for resolving places to fields.
#[derive(Debug, Default)]
struct Index {
    structs_by_name: HashMap<String, Vec<StructId>>,
    fields_by_name: HashMap<String, Vec<FieldId>>,
    /// By method name, the getters of each struct: the field a method of
    /// the struct without arguments returns.
    getters: HashMap<String, Vec<(StructId, FieldId)>>,
    /// By method name, the fields of `getters`.
    getter_fields: HashMap<String, Vec<FieldId>>,
    /// By field, the names of the methods of `getters` that return it.
    getters_by_field: HashMap<FieldId, Vec<String>>,
}

impl Index {
    fn new(model: &Model) -> Index {
        let mut structs_by_name: HashMap<String, Vec<StructId>> = HashMap::default();
        for (id, s) in model.structs.enumerate() {
            structs_by_name.entry(s.name.clone()).or_default().push(id);
        }
        let mut fields_by_name: HashMap<String, Vec<FieldId>> = HashMap::default();
        for (id, f) in model.fields.enumerate() {
            fields_by_name.entry(f.name.clone()).or_default().push(id);
        }
        Index {
            structs_by_name,
            fields_by_name,
            getters: HashMap::default(),
            getter_fields: HashMap::default(),
            getters_by_field: HashMap::default(),
        }
    }

    fn set_getters(&mut self, getters: HashMap<String, Vec<(StructId, FieldId)>>) {
        let mut by_field: HashMap<FieldId, Vec<String>> = HashMap::default();
        for (method, list) in &getters {
            for &(_, field) in list {
                by_field.entry(field).or_default().push(method.clone());
            }
        }
        self.getters_by_field = by_field;
        self.getter_fields = getters
            .iter()
            .map(|(method, getters)| (method.clone(), getters.iter().map(|&(_, f)| f).collect()))
            .collect();
        self.getters = getters;
    }

    /// The structs a type's identifiers name, the outermost known one first.
    fn structs_named(&self, idents: &[String]) -> Vec<StructId> {
        idents
            .iter()
            .find_map(|ident| self.structs_by_name.get(ident))
            .cloned()
            .unwrap_or_default()
    }

    fn field_in(&self, model: &Model, s: StructId, name: &str) -> Option<FieldId> {
        model.structs[s]
            .fields
            .iter()
            .copied()
            .find(|&f| model.fields[f].name == name)
    }

    /// Follows the place's chain from its typed root; falls back to the
    /// field's name, which is certain only when one struct declares it.
    /// The structs a typed root's chain of fields leads to.
    fn owners_of(&self, model: &Model, idents: &[String], chain: &[String]) -> Vec<StructId> {
        let mut current = self.structs_named(idents);
        for step in chain {
            let next: Vec<StructId> = current
                .iter()
                .filter_map(|&s| self.field_in(model, s, step))
                .flat_map(|f| self.structs_named(&model.fields[f].ty.idents))
                .collect();
            current = next;
        }
        current
    }

    /// A getter call resolves to the field the getter returns: through the
    /// receiver's type when it is known, to every getter of that name
    /// otherwise.
    fn resolve_getter<'a>(&'a self, model: &Model, place: &Place) -> Resolution<'a> {
        let (Some(getters), Some(all)) = (
            self.getters.get(&*place.field),
            self.getter_fields.get(&*place.field),
        ) else {
            return Resolution::Unknown;
        };
        let fields: Vec<FieldId> = match &place.root {
            Root::Typed(idents) => {
                let owners = self.owners_of(model, idents, &place.chain);
                getters
                    .iter()
                    .filter(|(s, _)| owners.contains(s))
                    .map(|&(_, f)| f)
                    .collect()
            }
            Root::Unknown => Vec::new(),
        };
        if fields.is_empty() {
            return match all.as_slice() {
                [only] => Resolution::Exact(*only),
                many => Resolution::Possible(Cow::Borrowed(many)),
            };
        }
        match fields.as_slice() {
            [only] => Resolution::Exact(*only),
            _ => Resolution::Possible(Cow::Owned(fields)),
        }
    }

    fn resolve<'a>(&'a self, model: &Model, place: &Place) -> Resolution<'a> {
        if place.getter {
            return self.resolve_getter(model, place);
        }
        let Some(candidates) = self.fields_by_name.get(&*place.field) else {
            return Resolution::Unknown;
        };
        if let Root::Typed(idents) = &place.root {
            let current = self.owners_of(model, idents, &place.chain);
            let found: Vec<FieldId> = current
                .iter()
                .filter_map(|&s| self.field_in(model, s, &place.field))
                .collect();
            if found.len() == 1 {
                return Resolution::Exact(found[0]);
            }
            if found.len() > 1 {
                return Resolution::Possible(Cow::Owned(found));
            }
        }
        match candidates.as_slice() {
            [only] => Resolution::Exact(*only),
            many => Resolution::Possible(Cow::Borrowed(many)),
        }
    }
}

/// Whether two field names have a word in common, ignoring a plural `s`.
fn shares_a_word(a: &str, b: &str) -> bool {
    let words = |name: &str| -> Vec<String> {
        names::words(name)
            .into_iter()
            .map(|w| w.strip_suffix('s').map(str::to_string).unwrap_or(w))
            .collect()
    };
    let theirs = words(b);
    words(a).iter().any(|w| theirs.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::facts::CodeKind;

    fn model(sources: &[&str]) -> Model {
        let facts: Vec<FileFacts> = sources
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut f =
                    crate::analysis::syntax::extract(s, CodeKind::Production).expect("parses");
                f.assign_file(crate::analysis::facts::FileId::new(i));
                f
            })
            .collect();
        Model::build(&facts, &Config::default())
    }

    fn field(model: &Model, path: &str) -> FieldId {
        let (owner, name) = path.split_once("::").expect("Struct::field");
        model
            .fields
            .enumerate()
            .find(|(_, f)| f.name == name && model.structs[f.owner].name == owner)
            .map(|(id, _)| id)
            .expect("field exists")
    }

    fn checked(model: &Model, counter: &str, limit: &str) -> bool {
        let (c, l) = (field(model, counter), field(model, limit));
        !model.checks_relating(c, &[l], true).is_empty()
    }

    #[test]
    fn a_limit_in_a_unit_bounds_bare_counters_only_in_that_unit() {
        let model = model(&[r#"
            struct Policy { max_turn_bytes: Option<usize>, max_frame_bytes: usize }
            struct Transcript { policy: Policy, turns: u64, frame_bytes: usize }
            impl Transcript {
                fn append(&mut self, n: usize) {
                    self.turns += 1;
                    self.frame_bytes += n;
                }
            }
        "#]);
        let limits = |counter: &str| {
            model
                .pairing_of(field(&model, counter))
                .map(|p| p.limits.clone())
                .unwrap_or_default()
        };
        assert!(limits("Transcript::turns").is_empty());
        assert_eq!(
            limits("Transcript::frame_bytes"),
            vec![field(&model, "Policy::max_frame_bytes")]
        );
    }

    #[test]
    fn helper_functions_check_their_callers_fields_transitively() {
        let m = model(&[
            "struct B { x_used: u64, max_x: u64 }",
            "fn exceeded(used: u64, limit: u64) -> bool { used >= limit }
             fn over(a: u64, b: u64) -> bool { exceeded(a, b) }
             fn gate(b: &B) -> bool { over(b.x_used, b.max_x) }",
        ]);
        assert!(checked(&m, "B::x_used", "B::max_x"));
    }

    #[test]
    fn checks_inside_helpers_are_added_once_when_traced() {
        let source = "struct B { x_used: u64, max_x: u64 }
             fn exceeded(used: u64, limit: u64) -> bool { used >= limit }
             fn gate(b: &B) -> bool { exceeded(b.x_used, b.max_x) }";
        let facts = crate::analysis::syntax::extract(source, CodeKind::Production).expect("parses");
        let mut roles = Roles::default();
        let mut m = Model::build_untraced(&[&facts], &Config::default(), &mut roles);
        assert!(!checked(&m, "B::x_used", "B::max_x"));
        m.trace_helpers(&[&facts]);
        m.trace_helpers(&[&facts]);
        assert!(checked(&m, "B::x_used", "B::max_x"));
        assert_eq!(m.checks.len(), model(&[source]).checks.len());
    }

    #[test]
    fn method_helpers_compare_self_fields_with_arguments() {
        let m = model(&["struct B { x_used: u64, max_x: u64 }
             impl B { fn over(&self, limit: u64) -> bool { self.x_used > limit } }
             fn gate(b: &B) -> bool { b.over(b.max_x) }"]);
        assert!(checked(&m, "B::x_used", "B::max_x"));
    }

    #[test]
    fn same_named_fields_resolve_through_typed_receivers() {
        let m = model(
            &["struct Limits { num_operations: u64, max_operations: u64 }
             struct State { num_operations: u64 }
             impl State { fn tick(&mut self) { self.num_operations += 1; } }"],
        );
        let state = field(&m, "State::num_operations");
        let limits = field(&m, "Limits::num_operations");
        assert_eq!(m.uses[state].production_spends.len(), 1);
        assert!(m.uses[limits].production_spends.is_empty());
    }

    #[test]
    fn uncertain_and_certain_test_writes_keep_the_order_of_the_accesses() {
        let m = model(&[
            "struct A { x_count: u64, max_x: u64 }
             struct B { x_count: u64 }",
            "#[cfg(test)]
             mod tests {
                 fn t(a: &mut A, other: &mut Other) {
                     other.x_count = 1;
                     a.x_count = 2;
                     other.x_count = 3;
                 }
             }",
        ]);
        let a = field(&m, "A::x_count");
        let b = field(&m, "B::x_count");
        let starts =
            |f: FieldId| -> Vec<usize> { m.uses[f].test_writes.iter().map(|s| s.start).collect() };
        assert_eq!(starts(a).len(), 3);
        assert!(starts(a).windows(2).all(|w| w[0] < w[1]), "{:?}", starts(a));
        assert_eq!(starts(b).len(), 2);
        assert_eq!(starts(b)[0], starts(a)[0]);
        assert_eq!(starts(b)[1], starts(a)[2]);
    }

    #[test]
    fn macro_rules_transcribers_are_analyzed() {
        let m = model(&["struct P { remaining_depth: u8 }
             macro_rules! check_recursion {
                 ($this:ident $($body:tt)*) => {
                     $this.remaining_depth -= 1;
                     if $this.remaining_depth == 0 { return; }
                     $($body)*
                     $this.remaining_depth += 1;
                 };
             }"]);
        let depth = field(&m, "P::remaining_depth");
        assert_eq!(m.uses[depth].production_spends.len(), 1);
        assert!(m.checks.iter().any(|c| c.mentions(depth)));
    }
}
