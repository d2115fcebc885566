use crate::model::Model;
use crate::ChatCompletionsData;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Body for `/v1/chat/completions`; `max_tokens` is only sent when the model
/// config asks for it, the server enforces it.
pub fn openai_build_chat_completions_body(data: &ChatCompletionsData, model: &Model) -> String {
    let messages: Vec<String> = data
        .messages
        .iter()
        .map(|m| {
            let role = if m.is_user { "user" } else { "assistant" };
            format!("{{\"role\":\"{role}\",\"content\":\"{}\"}}", escape(&m.text))
        })
        .collect();
    let mut fields = vec![
        format!("\"model\":\"{}\"", escape(model.name())),
        format!("\"messages\":[{}]", messages.join(",")),
    ];
    if let Some(v) = model.max_tokens_param() {
        if model.name().starts_with('o') {
            fields.push(format!("\"max_completion_tokens\":{v}"));
        } else {
            fields.push(format!("\"max_tokens\":{v}"));
        }
    }
    if let Some(v) = data.temperature {
        fields.push(format!("\"temperature\":{v}"));
    }
    if data.stream {
        fields.push("\"stream\":true".into());
    }
    format!("{{{}}}", fields.join(","))
}
