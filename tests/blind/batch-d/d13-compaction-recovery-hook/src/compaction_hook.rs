use std::sync::atomic::{AtomicU32, Ordering};

use crate::context_mgmt::{check_if_compaction_needed, compact_messages, compaction_threshold};
use crate::hooks::{AgentHook, ErrorRecovery, LoopContext, LoopEvent};
use crate::{Message, ProviderError};

const COMPACTION_THINKING_TEXT: &str = "goose is compacting the conversation...";
const MAX_RECOVERY_COMPACTION_ATTEMPTS: u32 = 2;

/// Hook that manages conversation compaction (context window management).
///
/// 1. **Pre-inference auto-compaction**: before each LLM call, compacts when
///    token usage exceeds the configured threshold.
/// 2. **Recovery compaction**: when the provider returns
///    `ContextLengthExceeded`, compacts the conversation and retries.
pub struct CompactionHook {
    /// Number of recovery compaction attempts in the current reply.
    /// Reset when a successful LLM response is received.
    recovery_attempts: AtomicU32, //@ BL001
}

impl Default for CompactionHook {
    fn default() -> Self { Self::new() }
}

impl CompactionHook {
    pub fn new() -> Self {
        Self { recovery_attempts: AtomicU32::new(0) }
    }

    fn emit_compaction_start(&self, ctx: &LoopContext, reason: &str) {
        let _ = ctx.event_tx.send(LoopEvent::Message(Message::assistant(reason)));
        let _ = ctx.event_tx.send(LoopEvent::Message(Message::assistant(COMPACTION_THINKING_TEXT)));
    }

    /// Perform compaction: summarize the conversation and update session state.
    fn do_compaction(&self, ctx: &mut LoopContext) -> Result<(), String> {
        let (compacted, usage) = compact_messages(ctx.provider.as_ref(), &ctx.conversation)?;
        ctx.session_manager
            .replace_conversation(&ctx.session_id, &compacted)?;
        ctx.session_manager
            .update_session_metrics(&ctx.session_id, &usage, true);
        let _ = ctx.event_tx.send(LoopEvent::HistoryReplaced(compacted.clone()));
        let _ = ctx
            .event_tx
            .send(LoopEvent::Message(Message::assistant("Compaction complete")));
        ctx.conversation = compacted;
        Ok(())
    }

    /// Reset the recovery attempt counter. Call this when a successful LLM response is received.
    pub fn reset_recovery_attempts(&self) {
        self.recovery_attempts.store(0, Ordering::Relaxed);
    }
}

impl AgentHook for CompactionHook {
    fn post_inference(&self, _response: &Message, _ctx: &mut LoopContext) -> Result<(), String> {
        // A successful LLM response means context is fine — reset the recovery counter.
        self.reset_recovery_attempts();
        Ok(())
    }

    fn pre_inference(&self, ctx: &mut LoopContext) -> Result<(), String> {
        let session = ctx.session_manager.get_session(&ctx.session_id)?;
        let needs_compact =
            check_if_compaction_needed(ctx.provider.as_ref(), &ctx.conversation, None, &session)?;
        if !needs_compact {
            return Ok(());
        }
        let threshold_percentage = (compaction_threshold() * 100.0) as u32;
        self.emit_compaction_start(
            ctx,
            &format!(
                "Exceeded auto-compact threshold of {threshold_percentage}%. Performing auto-compaction..."
            ),
        );
        if let Err(e) = self.do_compaction(ctx) {
            let _ = ctx.event_tx.send(LoopEvent::Message(Message::assistant(format!(
                "Ran into this error trying to compact: {e}.\n\nPlease try again or create a new session"
            ))));
            return Err(e);
        }
        Ok(())
    }

    fn on_error(&self, error: &ProviderError, ctx: &mut LoopContext) -> Result<ErrorRecovery, String> {
        let ProviderError::ContextLengthExceeded(_) = error else {
            return Ok(ErrorRecovery::Propagate);
        };

        let attempts = self.recovery_attempts.load(Ordering::Relaxed) + 1;

        if attempts >= MAX_RECOVERY_COMPACTION_ATTEMPTS {
            let _ = ctx.event_tx.send(LoopEvent::Message(Message::assistant(
                "Unable to continue: Context limit still exceeded after compaction. Try using a shorter message, a model with a larger context window, or start a new session.",
            )));
            return Ok(ErrorRecovery::Propagate);
        }

        self.emit_compaction_start(ctx, "Context limit reached. Compacting to continue conversation...");

        match self.do_compaction(ctx) {
            Ok(()) => Ok(ErrorRecovery::Retry),
            Err(e) => {
                let _ = ctx.event_tx.send(LoopEvent::Message(Message::assistant(format!(
                    "Ran into this error trying to compact: {e}.\n\nPlease try again or create a new session"
                ))));
                Ok(ErrorRecovery::Propagate)
            }
        }
    }
}
