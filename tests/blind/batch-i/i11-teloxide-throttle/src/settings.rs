/// Settings used by the throttle adaptor.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Settings {
    pub limits: Limits,
    pub retry: bool,
    pub check_slow_mode: bool,
}

/// Telegram request limits.
///
/// Note that you may ask telegram @BotSupport to increase limits for your
/// particular bot if it has a lot of users (but they may or may not do that).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Limits {
    /// Allowed messages in one chat per second.
    pub messages_per_sec_chat: u32, //@? BL003

    /// Allowed messages in one chat per minute.
    pub messages_per_min_chat: u32,

    /// Allowed messages in one channel or supergroup per minute.
    pub messages_per_min_channel_or_supergroup: u32,

    /// Allowed messages per second.
    pub messages_per_sec_overall: u32,
}

impl Settings {
    pub fn limits(mut self, val: Limits) -> Self {
        self.limits = val;
        self
    }

    pub fn no_retry(mut self) -> Self {
        self.retry = false;
        self
    }

    pub fn check_slow_mode(mut self) -> Self {
        self.check_slow_mode = true;
        self
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self { limits: <_>::default(), retry: true, check_slow_mode: false }
    }
}

/// Defaults are taken from telegram documentation (except for
/// `messages_per_min_channel`).
impl Default for Limits {
    fn default() -> Self {
        Self {
            messages_per_sec_chat: 1,
            messages_per_sec_overall: 30,
            messages_per_min_chat: 20,
            messages_per_min_channel_or_supergroup: 10,
        }
    }
}
