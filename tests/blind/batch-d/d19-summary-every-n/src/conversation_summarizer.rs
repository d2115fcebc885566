//! The summarizer counts number of completions in an agent, and if the count surpasses a set
//! value, the conversation is summarized and a summary is added to the conversation.
use std::sync::{atomic::AtomicUsize, Arc};

use crate::backoff;
use crate::config::{BackoffConfiguration, Config};
use crate::{Agent, ChatCompletion, ChatMessage};

#[derive(Clone)]
pub struct ConversationSummarizer {
    llm: Arc<dyn ChatCompletion>,
    available_tools: Vec<String>,
    num_completions_since_summary: Arc<AtomicUsize>,
    git_start_sha: String,
    num_completions_for_summary: usize,
    backoff: BackoffConfiguration,
}

impl ConversationSummarizer {
    pub fn new(
        llm: Box<dyn ChatCompletion>,
        available_tools: &[String],
        git_start_sha: impl Into<String>,
        config: &Config,
    ) -> Self {
        Self {
            llm: llm.into(),
            available_tools: available_tools.into(),
            num_completions_since_summary: Arc::new(0.into()),
            git_start_sha: git_start_sha.into(),
            num_completions_for_summary: config.num_completions_for_summary,
            backoff: config.backoff,
        }
    }

    #[must_use]
    pub fn summarize_hook(self) -> impl Fn(&mut Agent) -> Result<(), String> {
        move |agent| {
            let current_count = self
                .num_completions_since_summary
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);

            if current_count < self.num_completions_for_summary || agent.is_stopped() {
                return Ok(());
            }

            self.num_completions_since_summary
                .store(0, std::sync::atomic::Ordering::SeqCst);

            let prompt = self.prompt();

            // Search for the last user message before the first agent message
            let initial_user_message = agent
                .history
                .iter()
                .enumerate()
                .find(|(idx, m)| {
                    m.is_user() && agent.history.get(idx + 1).is_none_or(ChatMessage::is_assistant)
                })
                .and_then(|(_, m)| match m {
                    ChatMessage::User(message) => Some(message.clone()),
                    _ => None,
                });

            let mut messages = filter_messages_since_summary(agent.history.clone());
            messages.push(ChatMessage::User(prompt));

            let summary = backoff::retry(self.backoff.into(), || self.llm.complete(&messages))?;

            if let Some(summary) = summary {
                let summary = match initial_user_message {
                    Some(goal) => format!("# Original Goal for Reference: \n```\n{goal}\n```\n\n{summary}"),
                    None => summary,
                };
                agent.add_message(ChatMessage::Summary(summary));
            }
            Ok(())
        }
    }

    fn prompt(&self) -> String {
        let available_tools = self
            .available_tools
            .iter()
            .map(|tool| format!("- **{tool}**"))
            .collect::<Vec<_>>()
            .join("\n");
        format!(
            "Summarize the conversation so far. Changes are relative to {}.\n\nAvailable tools:\n{available_tools}",
            self.git_start_sha
        )
    }
}

fn filter_messages_since_summary(messages: Vec<ChatMessage>) -> Vec<ChatMessage> {
    let mut filtered = Vec::new();
    for message in messages.into_iter().rev() {
        let is_summary = matches!(message, ChatMessage::Summary(_));
        filtered.push(message);
        if is_summary {
            break;
        }
    }
    filtered.reverse();
    filtered
}
