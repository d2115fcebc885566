use std::time::Duration;

/// A rate of requests per time period.
#[derive(Debug, Copy, Clone)]
pub struct Rate {
    num: u64,
    per: Duration,
}

impl Rate {
    /// Create a new rate.
    pub fn new(num: u64, per: Duration) -> Self {
        assert!(num > 0);
        assert!(per > Duration::from_millis(0));

        Rate { num, per }
    }

    /// Parses `<num>/<millis>ms`.
    pub fn parse(s: &str) -> Option<Self> {
        let (num, per) = s.trim().split_once('/')?;
        let num: u64 = num.trim().parse().ok()?;
        let millis: u64 = per.trim().strip_suffix("ms")?.parse().ok()?;
        if num == 0 || millis == 0 {
            return None;
        }
        Some(Rate::new(num, Duration::from_millis(millis)))
    }

    pub(crate) fn num(&self) -> u64 {
        self.num
    }

    pub(crate) fn per(&self) -> Duration {
        self.per
    }
}
