//! Per-chat session bookkeeping for a messenger bot backed by an LLM.

mod config;

pub use config::BotConfig;

use std::collections::HashMap;
use std::time::Instant;

pub type ChatId = i64;

#[derive(Debug)]
struct Session {
    replies: u16,
    last_seen: Instant,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Reply,
    /// The chat used its allowance; the bot sends a one-off notice instead.
    Exhausted,
    /// The notice was already sent; stay silent.
    Silent,
}

pub struct Sessions {
    cfg: BotConfig,
    chats: HashMap<ChatId, Session>,
}

impl Sessions {
    pub fn new(cfg: BotConfig) -> Self {
        Self {
            cfg,
            chats: HashMap::new(),
        }
    }

    /// Decides whether to answer an incoming message, and counts the reply.
    pub fn on_message(&mut self, chat: ChatId, now: Instant) -> Verdict {
        let idle_reset = self.cfg.idle_reset();
        let session = self.chats.entry(chat).or_insert(Session {
            replies: 0,
            last_seen: now,
        });
        if now.duration_since(session.last_seen) >= idle_reset {
            session.replies = 0;
        }
        session.last_seen = now;

        let allowance = self.cfg.reply_allowance();
        let verdict = if session.replies < allowance {
            Verdict::Reply
        } else if session.replies == allowance {
            Verdict::Exhausted
        } else {
            Verdict::Silent
        };
        if !matches!(verdict, Verdict::Silent) {
            session.replies = session.replies.saturating_add(1);
        }
        verdict
    }

    /// Drops chats that have been idle long enough to be reset anyway.
    pub fn sweep(&mut self, now: Instant) {
        let idle_reset = self.cfg.idle_reset();
        self.chats
            .retain(|_, s| now.duration_since(s.last_seen) < idle_reset);
    }

    pub fn active_chats(&self) -> usize {
        self.chats.len()
    }
}
