use std::time::Duration;

/// Bot settings read from the environment at start-up.
#[derive(Debug, Clone)]
pub struct BotConfig {
    token: String,
    replies_per_session: u16,
    idle_reset: Duration,
}

impl BotConfig {
    pub fn from_env() -> Result<Self, String> {
        let token = std::env::var("BOT_TOKEN").map_err(|_| "BOT_TOKEN is not set".to_string())?;
        let replies_per_session = std::env::var("BOT_REPLIES_PER_SESSION")
            .ok()
            .map(|v| v.parse().map_err(|e| format!("BOT_REPLIES_PER_SESSION: {e}")))
            .transpose()?
            .unwrap_or(20);
        let idle_reset = std::env::var("BOT_IDLE_RESET_SECS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map(Duration::from_secs)
            .unwrap_or(Duration::from_secs(30 * 60));
        Ok(Self {
            token,
            replies_per_session,
            idle_reset,
        })
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Replies the bot sends in one chat before it asks the user to start over.
    pub fn reply_allowance(&self) -> u16 {
        self.replies_per_session
    }

    /// Silence after which a chat counts as a new session.
    pub fn idle_reset(&self) -> Duration {
        self.idle_reset
    }
}
