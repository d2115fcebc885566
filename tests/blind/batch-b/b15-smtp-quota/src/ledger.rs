/// Limits the provider grants per UTC day.
#[derive(Debug, Clone, Copy)]
pub struct DailyQuota {
    pub max_messages: u32,
    pub max_recipients: u32,
    pub max_bytes: u64,
}

impl DailyQuota {
    /// The free tier of most transactional mail providers.
    pub const FREE_TIER: DailyQuota = DailyQuota { max_messages: 100, max_recipients: 300, max_bytes: 50 << 20 };
}

/// Today's usage. Reset when the day rolls over.
#[derive(Debug, Clone, Default)]
pub struct Ledger {
    pub day: u32,
    pub messages_sent: u32,
    pub recipients_sent: u32,
    pub bytes_sent: u64,
}

impl Ledger {
    pub fn roll_to(&mut self, day: u32) {
        if day != self.day {
            *self = Ledger { day, ..Ledger::default() };
        }
    }
}
