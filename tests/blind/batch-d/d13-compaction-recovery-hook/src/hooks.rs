use std::collections::HashMap;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use crate::{Conversation, Message, Provider, ProviderError, ProviderUsage};

#[derive(Debug, Clone, PartialEq)]
pub enum LoopEvent {
    Message(Message),
    HistoryReplaced(Conversation),
}

#[derive(Debug, Clone, PartialEq)]
pub enum ErrorRecovery {
    /// Retry the turn with the (possibly modified) context.
    Retry,
    /// Give up and surface the error.
    Propagate,
}

/// Context handed to every hook for one loop iteration.
pub struct LoopContext {
    pub conversation: Conversation,
    pub provider: Arc<dyn Provider>,
    pub session_id: String,
    pub session_manager: Arc<SessionManager>,
    pub event_tx: Sender<LoopEvent>,
    pub should_exit: bool,
}

pub trait AgentHook: Send + Sync {
    fn pre_inference(&self, _ctx: &mut LoopContext) -> Result<(), String> {
        Ok(())
    }

    fn post_inference(&self, _response: &Message, _ctx: &mut LoopContext) -> Result<(), String> {
        Ok(())
    }

    fn on_error(&self, _error: &ProviderError, _ctx: &mut LoopContext) -> Result<ErrorRecovery, String> {
        Ok(ErrorRecovery::Propagate)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Session {
    pub id: String,
    pub total_tokens: Option<i32>,
    pub input_tokens: Option<i32>,
    pub accumulated_total_tokens: Option<i32>,
    pub conversation: Conversation,
}

#[derive(Default)]
pub struct SessionManager {
    sessions: Mutex<HashMap<String, Session>>,
}

impl SessionManager {
    pub fn get_session(&self, id: &str) -> Result<Session, String> {
        let sessions = self.sessions.lock().unwrap();
        sessions.get(id).cloned().ok_or_else(|| format!("no session {id}"))
    }

    pub fn replace_conversation(&self, id: &str, conversation: &Conversation) -> Result<(), String> {
        let mut sessions = self.sessions.lock().unwrap();
        let session = sessions.entry(id.to_string()).or_default();
        session.conversation = conversation.clone();
        Ok(())
    }

    /// Mirrors `update_session_metrics_standalone`: the current context size
    /// is replaced, the accumulated total grows.
    pub fn update_session_metrics(&self, id: &str, usage: &ProviderUsage, is_compaction_usage: bool) {
        let mut sessions = self.sessions.lock().unwrap();
        let session = sessions.entry(id.to_string()).or_default();
        if is_compaction_usage {
            session.total_tokens = usage.output_tokens;
            session.input_tokens = None;
        } else {
            session.total_tokens = usage.total_tokens;
            session.input_tokens = usage.input_tokens;
        }
        if let Some(total) = usage.total_tokens {
            session.accumulated_total_tokens = Some(session.accumulated_total_tokens.unwrap_or(0) + total);
        }
    }
}
