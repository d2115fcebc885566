//! The `slow-timeout` profile setting.
//!
//! ```toml
//! [profile.default]
//! slow-timeout = { period = "30s", terminate-after = 4, grace-period = "10s" }
//! ```
//!
//! or the short form `slow-timeout = "60s"`, which only marks tests as slow.

use std::num::NonZeroUsize;
use std::time::Duration;

/// Type for the slow-timeout config key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SlowTimeout {
    pub period: Duration,
    pub terminate_after: Option<NonZeroUsize>,
    pub grace_period: Duration,
}

impl SlowTimeout {
    /// The slow-timeout used when no profile sets one: mark tests slow after
    /// a minute, never terminate them.
    pub const VERY_LARGE: Self = Self {
        period: Duration::from_secs(60),
        terminate_after: None,
        grace_period: Duration::from_secs(10),
    };
}

impl Default for SlowTimeout {
    fn default() -> Self {
        Self::VERY_LARGE
    }
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim().trim_matches('"');
    let (num, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: u64 = num.parse().map_err(|_| format!("invalid duration {s:?}"))?;
    match unit {
        "ms" => Ok(Duration::from_millis(n)),
        "s" | "" => Ok(Duration::from_secs(n)),
        "m" => Ok(Duration::from_secs(n * 60)),
        other => Err(format!("unknown duration unit {other:?}")),
    }
}

/// Parses the value of a `slow-timeout` key.
pub fn parse_slow_timeout(value: &str) -> Result<SlowTimeout, String> {
    let value = value.trim();
    let Some(inner) = value.strip_prefix('{').and_then(|v| v.strip_suffix('}')) else {
        return Ok(SlowTimeout {
            period: parse_duration(value)?,
            ..SlowTimeout::default()
        });
    };

    let mut out = SlowTimeout::default();
    let mut saw_period = false;
    for entry in inner.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (key, val) = entry
            .split_once('=')
            .ok_or_else(|| format!("expected `key = value`, found {entry:?}"))?;
        match key.trim() {
            "period" => {
                out.period = parse_duration(val)?;
                saw_period = true;
            }
            "terminate-after" => {
                let n: usize = val.trim().parse().map_err(|e| format!("terminate-after: {e}"))?;
                out.terminate_after =
                    Some(NonZeroUsize::new(n).ok_or("terminate-after must be non-zero")?);
            }
            "grace-period" => out.grace_period = parse_duration(val)?,
            other => return Err(format!("unknown slow-timeout key {other:?}")),
        }
    }
    if !saw_period {
        return Err("slow-timeout table requires `period`".to_owned());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_form() {
        let st = parse_slow_timeout(r#"{ period = "30s", terminate-after = 4 }"#).unwrap();
        assert_eq!(st.period, Duration::from_secs(30));
        assert_eq!(st.terminate_after, NonZeroUsize::new(4));
    }

    #[test]
    fn short_form() {
        let st = parse_slow_timeout(r#""2m""#).unwrap();
        assert_eq!(st.period, Duration::from_secs(120));
        assert_eq!(st.terminate_after, None);
    }
}
