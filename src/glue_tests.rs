//! The glue of BL003's suggestions on small sources: what it drafts, where,
//! and how sure it says it is.

use std::path::PathBuf;

use crate::analysis::facts::{CodeKind, FileId};
use crate::analysis::model::Model;
use crate::analysis::{lints, suggest, syntax};
use crate::diagnostic::{Applicability, Finding};
use crate::input::source::{SourceDb, SourceFile};
use crate::registry::LintId;

/// BL003's findings on `sources` (one file each), with their suggestions.
fn bl003(sources: &[&str]) -> Vec<Finding> {
    let mut db = SourceDb::default();
    let mut facts = Vec::new();
    for (i, text) in sources.iter().enumerate() {
        let mut file = syntax::extract(text, CodeKind::Production).expect("parses");
        file.assign_file(FileId::new(i));
        facts.push(file);
        let name = format!("src/f{i}.rs");
        db.files.push(SourceFile::new(
            PathBuf::from(&name),
            name,
            text.to_string(),
            CodeKind::Production,
        ));
    }
    let mut model = Model::build(&facts, &crate::config::Config::default());
    model.application = true;
    let mut findings = lints::run_only(&[LintId::LimitNeverRead], &model);
    suggest::attach(&model, &db, &mut findings);
    findings
}

fn only(findings: &[Finding]) -> &Finding {
    assert_eq!(findings.len(), 1, "{findings:#?}");
    &findings[0]
}

const RETRY: &str = "
pub struct RetryConfig {
    pub min_delay_ms: u64,
    pub max_delay_secs: u64,
}

pub fn backoff(config: &RetryConfig) -> Builder {
    let strategy = Builder::default()
        .with_min_delay(Duration::from_millis(config.min_delay_ms))
        .with_factor(2.0);
    strategy
}
";

const BUILDER: &str = "
use std::time::Duration;

#[derive(Default)]
pub struct Builder { min: Duration, max: Option<Duration>, factor: f32 }

impl Builder {
    pub fn with_min_delay(mut self, delay: Duration) -> Self { self.min = delay; self }
    pub fn with_max_delay(mut self, delay: Duration) -> Self { self.max = Some(delay); self }
    pub fn with_factor(mut self, factor: f32) -> Self { self.factor = factor; self }
}
";

#[test]
fn a_method_the_code_declares_beside_the_siblings_makes_the_glue_machine_applicable() {
    let findings = bl003(&[RETRY, BUILDER]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.code,
        ".with_max_delay(Duration::from_secs(config.max_delay_secs))"
    );
    assert_eq!(suggestion.applicability, Applicability::MachineApplicable);
    // In the chain, after the sibling's call.
    let anchor = suggestion.anchor.expect("placed");
    assert!(RETRY[anchor.start..anchor.end].starts_with(".with_min_delay("));
}

#[test]
fn a_method_only_inferred_from_its_sibling_may_be_incorrect() {
    let without = BUILDER.replace(
        "pub fn with_max_delay(mut self, delay: Duration) -> Self { self.max = Some(delay); self }",
        "",
    );
    let findings = bl003(&[RETRY, &without]);
    let finding = only(&findings);
    let suggestion = finding.suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.code,
        ".with_max_delay(Duration::from_secs(config.max_delay_secs))"
    );
    assert_eq!(suggestion.applicability, Applicability::MaybeIncorrect);
    assert!(
        finding
            .notes
            .iter()
            .any(|n| n.contains("`with_max_delay` is inferred from `with_min_delay`")),
        "{:?}",
        finding.notes
    );
}

#[test]
fn a_unit_neither_named_typed_nor_documented_is_a_guess() {
    let retry = RETRY.replace("max_delay_secs", "max_delay");
    let findings = bl003(&[&retry, BUILDER]);
    let finding = only(&findings);
    let suggestion = finding.suggestion.as_ref().expect("a suggestion");
    assert_eq!(suggestion.applicability, Applicability::MaybeIncorrect);
    assert!(
        finding
            .notes
            .iter()
            .any(|n| n.contains("seconds are a guess")),
        "{:?}",
        finding.notes
    );
    let documented = retry.replace(
        "    pub max_delay: u64,",
        "    /// The longest pause between attempts, in milliseconds.\n    pub max_delay: u64,",
    );
    let findings = bl003(&[&documented, BUILDER]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.code,
        ".with_max_delay(Duration::from_millis(config.max_delay))"
    );
    assert_eq!(suggestion.applicability, Applicability::MachineApplicable);
}

#[test]
fn a_builder_borrowed_mutably_is_called_in_a_statement() {
    let config = "
pub struct ServerConfig { pub url: String, pub timeout_ms: Option<u64> }

pub fn client(server: &ServerConfig) -> Client {
    let mut builder = ClientBuilder::default();
    builder.base_url(&server.url);
    builder.build()
}
";
    let client = "
use std::time::Duration;
#[derive(Default)]
pub struct ClientBuilder { url: String, timeout: Option<Duration> }
pub struct Client { url: String, timeout: Option<Duration> }
impl ClientBuilder {
    pub fn base_url(&mut self, url: &str) -> &mut Self { self.url = url.to_string(); self }
    pub fn timeout(&mut self, timeout: Duration) -> &mut Self { self.timeout = Some(timeout); self }
    pub fn build(&self) -> Client { Client { url: self.url.clone(), timeout: self.timeout } }
}
";
    let findings = bl003(&[config, client]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.code,
        "if let Some(timeout_ms) = server.timeout_ms {\n    builder.timeout(std::time::Duration::from_millis(timeout_ms));\n}"
    );
    assert_eq!(suggestion.applicability, Applicability::MachineApplicable);
}

const AGENT: &str = "
pub struct AgentConfig { pub max_turns: u32, pub max_requests: u32 }

pub fn turn(config: &AgentConfig, requests: u32) -> Result<(), AgentError> {
    if requests >= config.max_requests {
        return Err(AgentError::TooManyRequests);
    }
    Ok(())
}
";

#[test]
fn an_error_named_after_the_limit_is_returned_and_noted_when_nothing_constructs_it() {
    let errors = "
pub enum AgentError { TooManyRequests, MaxTurnsReached(String, u32) }
#[cfg(test)]
fn example() -> AgentError { AgentError::MaxTurnsReached(String::new(), 3) }
";
    let findings = bl003(&[AGENT, errors]);
    let finding = only(&findings);
    let suggestion = finding.suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.code,
        "if turns_used >= config.max_turns {\n    return Err(AgentError::MaxTurnsReached(string, config.max_turns));\n}"
    );
    assert_eq!(suggestion.applicability, Applicability::HasPlaceholders);
    assert!(
        finding
            .notes
            .iter()
            .any(|n| n.contains("exists but nothing returns it")),
        "{:?}",
        finding.notes
    );
    assert!(
        finding
            .related
            .iter()
            .any(|r| r.message.contains("never constructs it")),
        "{:?}",
        finding.related
    );
}

#[test]
fn an_error_production_code_constructs_is_returned_without_the_note() {
    let errors = "
pub enum AgentError { TooManyRequests, MaxTurnsReached(String, u32) }
pub fn stop() -> AgentError { AgentError::MaxTurnsReached(String::new(), 3) }
";
    let findings = bl003(&[AGENT, errors]);
    let finding = only(&findings);
    let suggestion = finding.suggestion.as_ref().expect("a suggestion");
    assert!(suggestion.code.contains("AgentError::MaxTurnsReached"));
    assert!(
        !finding
            .notes
            .iter()
            .any(|n| n.contains("nothing returns it")),
        "{:?}",
        finding.notes
    );
}

#[test]
fn without_an_error_of_its_own_the_check_mirrors_the_siblings_consequence() {
    let errors = "pub enum AgentError { TooManyRequests }";
    let findings = bl003(&[AGENT, errors]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.code,
        "if turns_used >= config.max_turns {\n    return Err(AgentError::TooManyRequests);\n}"
    );
    assert_eq!(
        suggestion.message,
        "check `max_turns` as `max_requests` is checked"
    );
}

#[test]
fn a_numeric_parameter_takes_the_limit_cast_to_its_type() {
    let config = "
pub struct PoolConfig { pub min_idle: u32, pub max_size: u32 }

pub fn pool(config: &PoolConfig) -> PoolBuilder {
    PoolBuilder::default()
        .min_idle(config.min_idle as usize)
        .idle_timeout_secs(30)
}
";
    let builder = "
#[derive(Default)]
pub struct PoolBuilder { min_idle: usize, max_size: usize, idle: u64 }
impl PoolBuilder {
    pub fn min_idle(mut self, n: usize) -> Self { self.min_idle = n; self }
    pub fn max_size(mut self, n: usize) -> Self { self.max_size = n; self }
    pub fn idle_timeout_secs(mut self, secs: u64) -> Self { self.idle = secs; self }
}
";
    let findings = bl003(&[config, builder]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(suggestion.code, ".max_size(config.max_size as usize)");
    assert_eq!(suggestion.applicability, Applicability::MachineApplicable);
    let taking_text = builder.replace(
        "max_size(mut self, n: usize)",
        "max_size(mut self, n: &str)",
    );
    let findings = bl003(&[config, &taking_text]);
    let finding = only(&findings);
    let suggestion = finding.suggestion.as_ref().expect("a suggestion");
    assert_eq!(suggestion.applicability, Applicability::MaybeIncorrect);
    assert!(
        finding
            .notes
            .iter()
            .any(|n| n.contains("takes a value of another kind")),
        "{:?}",
        finding.notes
    );
}

const CONVERSION: &str = "
#[derive(Default)]
pub struct RunPolicy { pub max_steps: usize, pub max_tokens: Option<u64> }

pub struct StepsConfig { pub max_steps: usize, pub max_tokens: Option<u64> }

impl From<&StepsConfig> for RunPolicy {
    fn from(config: &StepsConfig) -> Self {
        RunPolicy {
            max_steps: config.max_steps,
            ..RunPolicy::default()
        }
    }
}

pub fn gate(policy: &RunPolicy, tokens: u64) -> bool {
    policy.max_steps > 0 && policy.max_tokens.is_none_or(|max| tokens < max)
}
";

#[test]
fn a_limit_left_out_of_the_copy_its_siblings_are_made_into_is_copied_beside_them() {
    let findings = bl003(&[CONVERSION]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(suggestion.code, "max_tokens: config.max_tokens,");
    assert_eq!(
        suggestion.message,
        "copy `max_tokens` into `RunPolicy` beside the settings copied there"
    );
    assert_eq!(suggestion.applicability, Applicability::MachineApplicable);
    let anchor = suggestion.anchor.expect("anchored");
    assert_eq!(&CONVERSION[anchor.start..anchor.end], "max_steps");
    assert!(CONVERSION[anchor.end..].starts_with(": config.max_steps,"));

    let converted = CONVERSION.replace(
        "pub struct RunPolicy { pub max_steps: usize, pub max_tokens: Option<u64> }",
        "pub struct RunPolicy { pub max_steps: usize, pub max_tokens: Option<u32> }",
    );
    let findings = bl003(&[&converted]);
    let finding = only(&findings);
    let suggestion = finding.suggestion.as_ref().expect("a suggestion");
    assert_eq!(suggestion.applicability, Applicability::MaybeIncorrect);
    assert!(
        finding
            .notes
            .iter()
            .any(|n| n.contains("may need a conversion")),
        "{:?}",
        finding.notes
    );
}

#[test]
fn a_copy_that_already_holds_the_limit_is_not_where_it_belongs() {
    let filled = CONVERSION.replace(
        "            ..RunPolicy::default()",
        "            max_tokens: None,\n            ..RunPolicy::default()",
    );
    let findings = bl003(&[&filled]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_ne!(suggestion.code, "max_tokens: config.max_tokens,");
}

#[test]
fn the_unit_comes_from_a_millisecond_name_or_a_duration_type() {
    let millis = RETRY.replace("max_delay_secs", "max_delay_ms");
    let findings = bl003(&[&millis, BUILDER]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.code,
        ".with_max_delay(Duration::from_millis(config.max_delay_ms))"
    );
    assert_eq!(suggestion.applicability, Applicability::MachineApplicable);

    let duration = RETRY
        .replace("max_delay_secs", "max_delay")
        .replace("pub max_delay: u64,", "pub max_delay: Duration,");
    let findings = bl003(&[&duration, BUILDER]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(suggestion.code, ".with_max_delay(config.max_delay)");
    assert_eq!(suggestion.applicability, Applicability::MachineApplicable);
}

#[test]
fn a_limit_set_on_the_command_line_says_so() {
    let cli = RETRY.replace(
        "pub struct RetryConfig",
        "#[derive(clap::Parser)]\npub struct RetryConfig",
    );
    let findings = bl003(&[&cli, BUILDER]);
    let finding = only(&findings);
    assert!(
        finding.notes.iter().any(|n| n
            == "`RetryConfig` derives `Parser`: users set `max_delay_secs` on the command line"),
        "{:?}",
        finding.notes
    );
}

#[test]
fn a_merge_that_relays_the_siblings_is_not_where_they_are_used() {
    let source = "
pub struct Limits { pub max_steps: usize, pub max_tokens: Option<u64> }

pub fn merge(base: &mut Limits, overlay: &Limits) {
    if overlay.max_steps != 0 {
        base.max_steps = overlay.max_steps;
    }
    if overlay.max_tokens.is_some() {
        base.max_tokens = overlay.max_tokens;
    }
}

pub fn plan(limits: &Limits, steps: &[String]) -> Vec<String> {
    steps.iter().take(limits.max_steps).cloned().collect()
}
";
    let findings = bl003(&[source]);
    let suggestion = only(&findings).suggestion.as_ref().expect("a suggestion");
    assert_eq!(
        suggestion.message,
        "check `max_tokens` in `plan`, which reads `Limits`'s other settings"
    );
}
