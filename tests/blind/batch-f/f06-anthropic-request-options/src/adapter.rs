//! Anthropic adapter: request payload and usage normalization.

use crate::chat::{ChatOptionsSet, ChatRequest, Tool, ToolConfig, ToolName, Usage};
use crate::json::Value;

// NOTE: For Anthropic, the max_tokens must be specified.
//       To avoid surprises, the default value is the maximum for a given model.
pub const MAX_TOKENS_64K: u32 = 64000; // claude-sonnet-4 and above, claude-haiku-4-5, claude-3-7-sonnet
pub const MAX_TOKENS_32K: u32 = 32000; // claude-opus-4
pub const MAX_TOKENS_8K: u32 = 8192; // claude-3-5-sonnet, claude-3-5-haiku
pub const MAX_TOKENS_4K: u32 = 4096; // claude-3-opus, claude-3-haiku

const ANTHROPIC_VERSION: &str = "2023-06-01";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnthropicMaxTokens {
    Tokens64K,
    Tokens32K,
    Tokens8K,
    Tokens4K,
}

pub struct AnthropicModelCapabilities {
    pub max_tokens: AnthropicMaxTokens,
}

pub fn capabilities(model_name: &str) -> AnthropicModelCapabilities {
    let max_tokens = if model_name.contains("3-opus") || model_name.contains("3-haiku") {
        AnthropicMaxTokens::Tokens4K
    } else if model_name.contains("3-5") {
        AnthropicMaxTokens::Tokens8K
    } else if model_name.contains("opus-4-0") || model_name.ends_with("opus-4") {
        AnthropicMaxTokens::Tokens32K
    } else {
        AnthropicMaxTokens::Tokens64K
    };
    AnthropicModelCapabilities { max_tokens }
}

pub struct WebRequestData {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub payload: Value,
}

pub struct AnthropicAdapter;

impl AnthropicAdapter {
    /// Resolves the max_tokens value for an Anthropic model, using the user-provided
    /// value if set, or a model-appropriate default.
    pub fn resolve_max_tokens(model_name: &str, options_set: &ChatOptionsSet) -> u32 {
        let capabilities = capabilities(model_name);
        Self::resolve_max_tokens_for_capabilities(&capabilities, options_set)
    }

    fn resolve_max_tokens_for_capabilities(capabilities: &AnthropicModelCapabilities, options_set: &ChatOptionsSet) -> u32 {
        options_set.max_tokens().unwrap_or({
            match capabilities.max_tokens {
                AnthropicMaxTokens::Tokens64K => MAX_TOKENS_64K,
                AnthropicMaxTokens::Tokens32K => MAX_TOKENS_32K,
                AnthropicMaxTokens::Tokens8K => MAX_TOKENS_8K,
                AnthropicMaxTokens::Tokens4K => MAX_TOKENS_4K,
            }
        })
    }

    /// IMPORTANT: For Anthropic, `input_tokens` does not include the cache tokens, so it is
    /// normalized in the OpenAI style, where it includes both cached and written tokens.
    pub fn into_usage(usage_value: &Value) -> Usage {
        let take = |key: &str| usage_value.get(key).and_then(Value::as_i64).unwrap_or(0) as i32;
        let input_tokens = take("input_tokens");
        let cache_creation_input_tokens = take("cache_creation_input_tokens");
        let cache_read_input_tokens = take("cache_read_input_tokens");
        let completion_tokens = take("output_tokens");

        let prompt_tokens = input_tokens + cache_creation_input_tokens + cache_read_input_tokens;
        let total_tokens = prompt_tokens + completion_tokens;

        Usage {
            prompt_tokens: Some(prompt_tokens),
            completion_tokens: Some(completion_tokens),
            total_tokens: Some(total_tokens),
            cached_tokens: (cache_read_input_tokens > 0).then_some(cache_read_input_tokens),
        }
    }

    fn tool_to_anthropic_tool(tool: Tool) -> Value {
        let Tool { name, description, config } = tool;
        let name = match name {
            ToolName::WebSearch => "web_search".to_string(),
            ToolName::Custom(name) => name,
        };
        let mut tool_value = Value::object();
        tool_value.x_insert("name", name.as_str());

        // -- Add type for builtin tool
        if name == "web_search" {
            tool_value.x_insert("type", "web_search_20250305");
        }

        // NOTE: For now, if tool_value.type then, assume builtin and set config as properties
        if tool_value.get("type").is_some() {
            if let Some(ToolConfig::WebSearch(config)) = config {
                if let Some(max_uses) = config.max_uses {
                    tool_value.x_insert("max_uses", max_uses);
                }
                if let Some(allowed_domains) = config.allowed_domains {
                    tool_value.x_insert("allowed_domains", allowed_domains);
                }
                if let Some(blocked_domains) = config.blocked_domains {
                    tool_value.x_insert("blocked_domains", blocked_domains);
                }
            }
        } else if let Some(description) = description {
            tool_value.x_insert("description", description.as_str());
        }
        tool_value
    }

    pub fn to_web_request_data(
        model_name: &str,
        api_key: &str,
        chat_req: ChatRequest,
        options_set: ChatOptionsSet<'_, '_>,
        stream: bool,
    ) -> WebRequestData {
        let url = "https://api.anthropic.com/v1/messages".to_string();
        let headers = vec![
            ("x-api-key".to_string(), api_key.to_string()),
            ("anthropic-version".to_string(), ANTHROPIC_VERSION.to_string()),
        ];
        let capabilities = capabilities(model_name);

        // -- Build the basic payload
        let mut payload = Value::object();
        payload.x_insert("model", model_name);
        payload.x_insert("stream", stream);

        if let Some(system) = chat_req.system {
            payload.x_insert("system", system.as_str());
        }

        // -- Tools (before messages)
        if let Some(tools) = chat_req.tools {
            let tools = tools.into_iter().map(Self::tool_to_anthropic_tool).collect();
            payload.x_insert("tools", Value::Array(tools));
        }
        payload.x_insert("messages", chat_req.messages);

        // -- Add supported ChatOptions
        if let Some(temperature) = options_set.temperature() {
            payload.x_insert("temperature", temperature);
        }
        if !options_set.stop_sequences().is_empty() {
            payload.x_insert("stop_sequences", options_set.stop_sequences().to_vec());
        }

        let max_tokens = Self::resolve_max_tokens_for_capabilities(&capabilities, &options_set);
        payload.x_insert("max_tokens", max_tokens); // required for Anthropic

        if let Some(top_p) = options_set.top_p() {
            payload.x_insert("top_p", top_p);
        }

        WebRequestData { url, headers, payload }
    }

    /// Capture the usage of a response body, if asked for.
    pub fn build_chat_usage(body: &Value, options_set: &ChatOptionsSet) -> Usage {
        match (options_set.capture_usage(), body.get("usage")) {
            (Some(true), Some(usage)) => Self::into_usage(usage),
            _ => Usage::default(),
        }
    }
}
