use crate::model::{Message, MessageContent, MessageRole, Model};

#[derive(Debug, Clone, Default)]
pub struct Session {
    model_id: String,
    compress_threshold: Option<usize>,

    compressed_messages: Vec<Message>,
    messages: Vec<Message>,

    model: Model,
    name: String,
    dirty: bool,
    compressing: bool,
    tokens: usize,
}

impl Session {
    pub fn new(model: Model, name: &str) -> Self {
        let (model_id, name) = (model.id(), name.to_string());
        let mut session = Self { model_id, name, model, ..Default::default() };
        session.update_tokens();
        session
    }

    pub fn dirty(&self) -> bool {
        self.dirty
    }

    pub fn model(&self) -> &Model {
        &self.model
    }

    pub fn tokens(&self) -> usize {
        self.tokens
    }

    pub fn update_tokens(&mut self) {
        self.tokens = self.model().total_tokens(&self.messages);
    }

    pub fn has_user_messages(&self) -> bool {
        self.messages.iter().any(|v| v.role.is_user())
    }

    pub fn tokens_usage(&self) -> (usize, f32) {
        let tokens = self.tokens();
        let max_input_tokens = self.model().max_input_tokens().unwrap_or_default();
        let percent = if max_input_tokens == 0 {
            0.0
        } else {
            let percent = tokens as f32 / max_input_tokens as f32 * 100.0;
            (percent * 100.0).round() / 100.0
        };
        (tokens, percent)
    }

    pub fn export(&self) -> String {
        let mut items = vec![
            ("model".to_string(), self.model_id.clone()),
            ("name".to_string(), self.name.clone()),
        ];
        if let Some(compress_threshold) = self.compress_threshold {
            items.push(("compress_threshold".into(), compress_threshold.to_string()));
        }
        let (tokens, percent) = self.tokens_usage();
        items.push(("total_tokens".into(), tokens.to_string()));
        if let Some(max_input_tokens) = self.model().max_input_tokens() {
            items.push(("max_input_tokens".into(), max_input_tokens.to_string()));
        }
        if percent != 0.0 {
            items.push(("total/max".into(), format!("{percent}%")));
        }
        let lines: Vec<String> = items.iter().map(|(k, v)| format!("{k:<20}{v}")).collect();
        lines.join("\n")
    }

    pub fn set_compress_threshold(&mut self, value: Option<usize>) {
        if self.compress_threshold != value {
            self.compress_threshold = value;
            self.dirty = true;
        }
    }

    pub fn need_compress(&self, global_compress_threshold: usize) -> bool {
        if self.compressing {
            return false;
        }
        let threshold = self.compress_threshold.unwrap_or(global_compress_threshold);
        if threshold < 1 {
            return false;
        }
        self.tokens() > threshold
    }

    pub fn compressing(&self) -> bool {
        self.compressing
    }

    pub fn set_compressing(&mut self, compressing: bool) {
        self.compressing = compressing;
    }

    pub fn compress(&mut self, mut prompt: String) {
        if let Some(system_prompt) = self
            .messages
            .first()
            .filter(|v| MessageRole::System == v.role)
            .map(|v| v.content.to_text())
            .filter(|content| !content.is_empty())
        {
            prompt = format!("{system_prompt}\n\n{prompt}");
        }
        self.compressed_messages.append(&mut self.messages);
        self.messages
            .push(Message::new(MessageRole::System, MessageContent::Text(prompt)));
        self.dirty = true;
        self.update_tokens();
    }

    pub fn add_message(&mut self, input: &str, output: &str) {
        let text = |s: &str| MessageContent::Text(s.to_string());
        self.messages.push(Message::new(MessageRole::User, text(input)));
        self.messages.push(Message::new(MessageRole::Assistant, text(output)));
        self.dirty = true;
        self.update_tokens();
    }
}
