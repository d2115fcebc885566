//! Utilities for measuring the sizes of prompts, to keep them within the
//! context window size supported by a given model.

use crate::{Executor, Options};

#[derive(Clone, Debug)]
pub enum PromptTokensError {
    NotAvailable,
    UnableToCompute,
}

/// An extension trait for the `Executor` trait that provides additional methods for working
/// with token counts.
pub trait ExecutorTokenCountExt: Executor {
    /// Splits a text into multiple smaller texts that fit within the context window,
    /// after the prompt that will wrap each part.
    fn split_to_fit(&self, options: &Options, prompt: &str, text: &str, chunk_overlap: Option<usize>) -> Result<Vec<String>, PromptTokensError> {
        let tokens_used = self.tokens_used(options, prompt)?;
        let chunk_overlap = chunk_overlap.unwrap_or(0);
        let chunk_size = tokens_used.max_tokens as usize - tokens_used.tokens_used as usize;
        if chunk_size <= chunk_overlap {
            return Err(PromptTokensError::UnableToCompute);
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut parts = Vec::new();
        let mut start = 0;
        while start < words.len() {
            let end = (start + chunk_size).min(words.len());
            parts.push(words[start..end].join(" "));
            if end == words.len() {
                break;
            }
            start = end - chunk_overlap;
        }
        Ok(parts)
    }
}

/// Blanket implementation of ExecutorTokenCountExt for all Executors
impl<E: Executor> ExecutorTokenCountExt for E {}

/// Struct representing token count information, including the maximum tokens allowed and the
/// total number of tokens used.
pub struct TokenCount {
    /// The maximum number of tokens allowed.
    max_tokens: i32,
    /// The total number of tokens used.
    tokens_used: i32,
}

impl TokenCount {
    /// Creates a new `TokenCount` instance with the given maximum tokens and tokens used.
    pub fn new(max_tokens: i32, tokens_used: i32) -> Self {
        Self { max_tokens, tokens_used }
    }

    /// Returns the number of tokens that could be added to the context window.
    pub fn tokens_remaining(&self) -> i32 {
        self.max_tokens - self.tokens_used
    }

    /// Returns true if there is still room in the context window.
    pub fn has_tokens_remaining(&self) -> bool {
        self.has_room_for(1)
    }

    /// Returns true if there is room for the given number of tokens.
    pub fn has_room_for(&self, tokens: i32) -> bool {
        self.tokens_remaining() >= tokens
    }
}
