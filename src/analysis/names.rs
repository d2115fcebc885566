//! The naming rules that make a field a counter or a limit.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::analysis::facts::TypeShape;

/// What a field's name and type make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// Measures consumption by growing: `tokens_used`, `num_retries`.
    CountUp {
        stem: String,
    },
    /// Measures consumption by shrinking towards zero: `fuel_left`.
    Countdown {
        stem: String,
    },
    /// Bounds the counters of its stem: `max_tokens`, `cost_cap_usd`.
    Limit {
        stem: String,
    },
    /// A duration limit checked against an `Instant` through `elapsed()`.
    TimeLimit,
    /// The `Instant` a time dimension started at.
    TimeStart,
    Other,
}

const USAGE_WORDS: &[&str] = &[
    "used",
    "spent",
    "consumed",
    "count",
    "counter",
    "taken",
    "made",
    "sent",
    "emitted",
    "allocated",
];
const USAGE_PREFIXES: &[&str] = &["num", "total", "current"];
const COUNTDOWN_WORDS: &[&str] = &["remaining", "left", "available", "headroom"];
const LIMIT_PREFIXES: &[&str] = &["max", "limit"];
const LIMIT_SUFFIXES: &[&str] = &["max", "limit", "cap", "quota", "budget"];
const TIME_LIMIT_WORDS: &[&str] = &["timeout", "deadline"];
const UNIT_WORDS: &[&str] = &[
    "usd", "cents", "ms", "millis", "us", "micros", "ns", "nanos", "s", "sec", "secs", "seconds",
    "mins", "minutes", "hours", "bytes", "kb", "mb", "gb",
];

/// The words that make names counters and limits: the design's defaults
/// plus the configuration's additions.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    pub counter_words: Vec<String>,
    pub countdown_words: Vec<String>,
    pub limit_words: Vec<String>,
    /// The field names of explicit pairs, budget fields whatever their names.
    pub explicit_fields: Vec<String>,
}

impl Vocabulary {
    fn is_usage(&self, word: &str) -> bool {
        USAGE_WORDS.contains(&word) || self.counter_words.iter().any(|w| w == word)
    }

    fn is_countdown(&self, word: &str) -> bool {
        COUNTDOWN_WORDS.contains(&word) || self.countdown_words.iter().any(|w| w == word)
    }

    fn is_limit_prefix(&self, word: &str) -> bool {
        LIMIT_PREFIXES.contains(&word) || self.limit_words.iter().any(|w| w == word)
    }

    fn is_limit_suffix(&self, word: &str) -> bool {
        LIMIT_SUFFIXES.contains(&word) || self.limit_words.iter().any(|w| w == word)
    }

    fn is_role_word(&self, word: &str) -> bool {
        self.is_usage(word)
            || self.is_countdown(word)
            || self.is_limit_prefix(word)
            || self.is_limit_suffix(word)
            || USAGE_PREFIXES.contains(&word)
            || TIME_LIMIT_WORDS.contains(&word)
    }
}

/// Splits `snake_case` and `camelCase` into lowercase words.
pub fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if c == '_' {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

fn singular(word: &str) -> String {
    if let Some(stem) = word.strip_suffix("ies")
        && word.len() > 4
    {
        return format!("{stem}y");
    }
    if word.len() > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") {
        return word[..word.len() - 1].to_string();
    }
    word.to_string()
}

/// Joins the words that name what is measured, in singular form.
fn stem_of(words: &[String]) -> String {
    words
        .iter()
        .map(|w| singular(w))
        .collect::<Vec<_>>()
        .join("_")
}

/// Whether the stem `narrow` qualifies `wide` with leading words:
/// `batch_size` narrows `size`, `size` does not narrow `batch_item`.
pub fn stem_narrows(narrow: &str, wide: &str) -> bool {
    narrow
        .strip_suffix(wide)
        .is_some_and(|head| head.ends_with('_'))
}

/// How many of `words` remain when trailing units are stripped, keeping at
/// least one.
fn unit_free_len(words: &[String]) -> usize {
    let mut len = words.len();
    while len > 1 && UNIT_WORDS.contains(&words[len - 1].as_str()) {
        len -= 1;
    }
    len
}

/// The unit word a name ends in after what it measures: `bytes` in
/// `max_turn_bytes`, none in `max_turns` or in a bare `bytes`.
pub fn unit_suffix(name: &str) -> Option<&'static str> {
    let words = words(name);
    let [_, .., last] = words.as_slice() else {
        return None;
    };
    UNIT_WORDS.iter().copied().find(|unit| unit == last)
}

/// Whether a countdown's name says only what is available
/// (`num_pkeys_available`), which may be a capacity rather than what is
/// left of a budget (`fuel_left`, `remaining_depth`).
pub fn names_availability(name: &str) -> bool {
    let words = words(name);
    words.iter().any(|w| w == "available") && !words.iter().any(|w| w == "remaining" || w == "left")
}

/// Whether a name is nothing but a countdown word: `remaining`, `left`.
pub fn is_bare_countdown(name: &str) -> bool {
    COUNTDOWN_WORDS.contains(&name)
}

/// The most fields a struct may have for a bare limit in it to bound one of
/// them: a small counting object (`{ limit, current }`, `{ cap, head, tail
/// }`), not a record or a configuration whose `max` may mean anything.
pub const BARE_LIMIT_STRUCT_FIELDS: usize = 4;

/// Whether a name is nothing but a limit word: `limit`, `max`, `cap`. Such
/// a field names no dimension; only a comparison can tell what it bounds.
pub fn is_bare_limit(name: &str) -> bool {
    let words = words(name);
    matches!(words.as_slice(), [word]
        if LIMIT_PREFIXES.contains(&word.as_str()) || LIMIT_SUFFIXES.contains(&word.as_str()))
}

/// The stem a field names when it has no usage or limit word: `retries`
/// gives `retry`, the stem `max_retries` bounds.
pub fn bare_stem(name: &str) -> String {
    let words = words(name);
    stem_of(&words[..unit_free_len(&words)])
}

/// Classifies a field by its name and type: `cost_used` and `cost_cap_usd`
/// (numbers) share the stem `cost`, one dimension.
pub fn classify(name: &str, ty: &TypeShape, vocabulary: &Vocabulary) -> Role {
    let measurable = ty.is_numeric() || ty.is_duration();
    if !measurable && !ty.is_instant() {
        return Role::Other;
    }
    let all_words = words(name);
    let stripped = &all_words[..unit_free_len(&all_words)];
    // `max_cents` measures cents: a unit is the stem when nothing else is.
    let words = if stripped.iter().all(|w| vocabulary.is_role_word(w)) {
        &all_words[..]
    } else {
        stripped
    };
    if words.is_empty() {
        return Role::Other;
    }
    if ty.is_instant() {
        return Role::TimeStart;
    }
    if !measurable {
        return Role::Other;
    }
    if words.iter().any(|w| TIME_LIMIT_WORDS.contains(&w.as_str())) || words == ["time", "limit"] {
        return Role::TimeLimit;
    }
    if let Some(role) = limit_role(words, vocabulary) {
        return role;
    }
    // `cap_cents`, `quota_bytes`: a limit word alone before a unit bounds
    // the unit, as `max_cents` does.
    if let [word] = stripped
        && words.len() > stripped.len()
        && (vocabulary.is_limit_suffix(word) || vocabulary.is_limit_prefix(word))
    {
        return Role::Limit {
            stem: stem_of(&all_words[1..]),
        };
    }
    if !ty.is_numeric() {
        return Role::Other;
    }
    // `left` counts down only at the end (`fuel_left`); in front it is a
    // side (`left_total`, `left_margin`).
    let last = words.len() - 1;
    let stem = without(words, |i, w| {
        vocabulary.is_countdown(w) && !(w == "left" && i != last)
    });
    if let Some(stem) = stem {
        return Role::Countdown { stem };
    }
    let first_is_prefix = USAGE_PREFIXES.contains(&words[0].as_str()) && words.len() > 1;
    let stem = without(words, |i, w| {
        vocabulary.is_usage(w) || (i == 0 && first_is_prefix)
    });
    if let Some(stem) = stem {
        return Role::CountUp { stem };
    }
    Role::Other
}

/// The roles of field names under one vocabulary, each worked out once:
/// [`classify`] reads of a type only whether it is a number, a duration or
/// an instant.
#[derive(Debug, Default)]
pub struct Roles {
    vocabulary: Vocabulary,
    /// By name, the role for each kind of type: a bit for a number, one
    /// for a duration and one for an instant.
    known: HashMap<String, [Option<Role>; 8]>,
}

impl Roles {
    pub fn new(vocabulary: Vocabulary) -> Roles {
        Roles {
            vocabulary,
            known: HashMap::default(),
        }
    }

    /// [`classify`] of the name and type.
    pub fn of(&mut self, name: &str, ty: &TypeShape) -> Role {
        let kind = usize::from(ty.is_numeric())
            | usize::from(ty.is_duration()) << 1
            | usize::from(ty.is_instant()) << 2;
        if kind == 0 {
            return Role::Other;
        }
        if let Some(Some(role)) = self.known.get(name).map(|roles| &roles[kind]) {
            return role.clone();
        }
        let role = classify(name, ty, &self.vocabulary);
        self.known.entry(name.to_string()).or_default()[kind] = Some(role.clone());
        role
    }
}

/// The stem of `words` without those `dropped` (given each word's
/// position), when that drops some but not all of them.
fn without(words: &[String], dropped: impl Fn(usize, &str) -> bool) -> Option<String> {
    let kept = (0..words.len()).filter(|&i| !dropped(i, &words[i])).count();
    if kept == words.len() || kept == 0 {
        return None;
    }
    let rest: Vec<String> = (0..words.len())
        .filter(|&i| !dropped(i, &words[i]))
        .map(|i| words[i].clone())
        .collect();
    Some(stem_of(&rest))
}

/// The fields of one struct that may be budget fields (counters and limits)
/// whatever their types turn out to be: the names that `classify` gives a
/// role when the type is numeric, the bare counters that a limit of the
/// same struct names, a bare countdown word beside a limit, and the fields
/// of explicit pairs. Returns their indices, each with whether it may be a
/// limit. The prefilter looks for these names, so it follows the naming
/// rules wherever they change.
pub fn possible_budget_fields(fields: &[&str], vocabulary: &Vocabulary) -> Vec<(usize, bool)> {
    let numeric = TypeShape {
        idents: vec!["u64".to_string()],
    };
    let roles: Vec<Role> = fields
        .iter()
        .map(|f| classify(f, &numeric, vocabulary))
        .collect();
    let limit_stems: HashSet<&str> = roles
        .iter()
        .filter_map(|role| match role {
            Role::Limit { stem } => Some(stem.as_str()),
            _ => None,
        })
        .collect();
    let mut possible = Vec::new();
    for (index, (field, role)) in fields.iter().zip(&roles).enumerate() {
        let explicit = vocabulary.explicit_fields.iter().any(|f| f == field);
        let limit = matches!(role, Role::Limit { .. } | Role::TimeLimit) || explicit;
        // Only a limit's stem makes a bare name a budget field; a bare
        // countdown word may be one by what the code does with it, and a
        // bare limit word by what code compares it with.
        let bare = is_bare_countdown(field)
            || (fields.len() <= BARE_LIMIT_STRUCT_FIELDS && is_bare_limit(field))
            || (!limit_stems.is_empty() && limit_stems.contains(bare_stem(field).as_str()));
        if *role != Role::Other || bare || explicit {
            possible.push((index, limit));
        }
    }
    possible
}

fn limit_role(words: &[String], vocabulary: &Vocabulary) -> Option<Role> {
    if words.len() < 2 {
        return None;
    }
    let first = words[0].as_str();
    let last = words[words.len() - 1].as_str();
    let rest = if vocabulary.is_limit_prefix(first) {
        &words[1..]
    } else if vocabulary.is_limit_suffix(last) {
        &words[..words.len() - 1]
    } else {
        return None;
    };
    // `max_tokens_per_request` bounds the tokens of one request, not the
    // session's: its stem keeps the scope (`token_per_request`), so only a
    // comparison pairs it with a counter.
    if let Some(per) = rest.iter().position(|w| w == "per") {
        if per == 0 || per + 1 == rest.len() {
            return None;
        }
        let (quantity, scope) = rest.split_at(per);
        return Some(Role::Limit {
            stem: format!("{}_{}", stem_of(quantity), scope.join("_")),
        });
    }
    // `max_total_tokens` bounds what `tokens_used` counts.
    let rest: Vec<String> = match rest.split_first() {
        Some((first, tail)) if !tail.is_empty() && USAGE_PREFIXES.contains(&first.as_str()) => {
            tail.to_vec()
        }
        _ => rest.to_vec(),
    };
    Some(Role::Limit {
        stem: stem_of(&rest),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_word_before_a_unit_bounds_the_unit() {
        let words = Vocabulary::default();
        let cents = |name: &str| classify(name, &numeric(), &words);
        assert_eq!(
            cents("cap_cents"),
            Role::Limit {
                stem: "cent".into()
            }
        );
        assert_eq!(
            cents("max_cents"),
            Role::Limit {
                stem: "cent".into()
            }
        );
        assert_eq!(
            cents("spent_cents"),
            Role::CountUp {
                stem: "cent".into()
            }
        );
    }

    fn numeric() -> TypeShape {
        TypeShape {
            idents: vec!["u64".into()],
        }
    }

    #[test]
    fn roles_worked_out_once_are_those_classify_gives() {
        let shape = |ty: &str| TypeShape {
            idents: vec![ty.into()],
        };
        let vocabulary = Vocabulary {
            counter_words: vec!["billed".into()],
            ..Vocabulary::default()
        };
        let mut roles = Roles::new(vocabulary.clone());
        for _ in 0..2 {
            for name in [
                "tokens_used",
                "max_tokens",
                "fuel_left",
                "started",
                "cents_billed",
                "len",
            ] {
                for ty in ["u64", "Duration", "Instant", "String"] {
                    let ty = shape(ty);
                    assert_eq!(
                        roles.of(name, &ty),
                        classify(name, &ty, &vocabulary),
                        "{name}"
                    );
                }
            }
        }
    }

    fn role(name: &str) -> Role {
        classify(name, &numeric(), &Vocabulary::default())
    }

    fn up(stem: &str) -> Role {
        Role::CountUp { stem: stem.into() }
    }

    fn limit(stem: &str) -> Role {
        Role::Limit { stem: stem.into() }
    }

    #[test]
    fn counters_and_limits_share_stems() {
        assert_eq!(role("steps_taken"), up("step"));
        assert_eq!(role("step_limit"), limit("step"));
        assert_eq!(role("tool_calls_used"), up("tool_call"));
        assert_eq!(role("max_tool_calls"), limit("tool_call"));
        assert_eq!(role("spend_cap_usd"), limit("spend"));
        assert_eq!(role("total_cost_usd"), up("cost"));
        assert_eq!(role("cost_cap"), limit("cost"));
        assert_eq!(role("costUsed"), up("cost"));
        assert_eq!(role("maxTurns"), limit("turn"));
        assert_eq!(bare_stem("retries"), "retry");
        assert!(stem_narrows("batch_size", "size"));
        assert!(is_bare_limit("limit") && is_bare_limit("max") && is_bare_limit("Cap"));
        assert!(!is_bare_limit("max_turns") && !is_bare_limit("maximum_depth"));
        assert!(!stem_narrows("batch_item", "size"));
        assert!(!stem_narrows("size", "size"));
        assert!(!stem_narrows("upsize", "size"));
        assert_eq!(role("max_cents"), limit("cent"));
        assert_eq!(role("max_total_tokens"), limit("token"));
        assert_eq!(role("total_bytes"), up("byte"));
        assert_eq!(role("max_retries"), limit("retry"));
        assert_eq!(role("max_steps_per_frame"), limit("step_per_frame"));
        assert_eq!(role("maxTokensPerRequest"), limit("token_per_request"));
        assert_eq!(role("max_bytes_per_sec"), Role::Other);
    }

    #[test]
    fn countdowns_and_time() {
        assert_eq!(
            role("fuel_left"),
            Role::Countdown {
                stem: "fuel".into()
            }
        );
        assert_eq!(role("timeout_ms"), Role::TimeLimit);
        assert_eq!(role("left_total"), Role::Other);
        let instant = TypeShape {
            idents: vec!["Instant".into()],
        };
        assert_eq!(
            classify("start_time", &instant, &Vocabulary::default()),
            Role::TimeStart
        );
    }

    #[test]
    fn configured_words_extend_the_vocabulary() {
        let vocabulary = Vocabulary {
            counter_words: vec!["billed".into()],
            countdown_words: vec!["headroom".into()],
            limit_words: vec!["ceiling".into()],
            ..Vocabulary::default()
        };
        let classify = |name| classify(name, &numeric(), &vocabulary);
        assert_eq!(classify("cents_billed"), up("cent"));
        assert_eq!(classify("cents_ceiling"), limit("cent"));
        assert_eq!(
            classify("gas_headroom"),
            Role::Countdown { stem: "gas".into() }
        );
        assert_eq!(role("cents_billed"), Role::Other);
    }

    #[test]
    fn possible_budget_fields_include_bare_counters() {
        assert_eq!(
            possible_budget_fields(
                &["depth", "max_depth", "name", "tokens_used", "retries"],
                &Vocabulary::default()
            ),
            vec![(0, false), (1, true), (3, false)]
        );
        assert_eq!(
            possible_budget_fields(&["label", "timeout"], &Vocabulary::default()),
            vec![(1, true)]
        );
    }

    #[test]
    fn non_numeric_fields_are_neither() {
        let text = TypeShape {
            idents: vec!["String".into()],
        };
        assert_eq!(
            classify("max_name", &text, &Vocabulary::default()),
            Role::Other
        );
        assert_eq!(role("label"), Role::Other);
        assert_eq!(role("count"), Role::Other);
    }
}
