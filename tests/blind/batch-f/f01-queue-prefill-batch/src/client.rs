//! Protobuf messages sent to the model shards (stand-ins for the generated code).
#[derive(Debug, Clone, Default)]
pub struct NextTokenChooserParameters {
    pub temperature: f32,
    pub do_sample: bool,
    pub seed: u64,
}

#[derive(Debug, Clone, Default)]
pub struct StoppingCriteriaParameters {
    pub max_new_tokens: u32,
    pub stop_sequences: Vec<String>,
    pub ignore_eos_token: bool,
}

#[derive(Debug, Clone)]
pub struct Request {
    pub id: u64,
    pub inputs: String,
    pub parameters: Option<NextTokenChooserParameters>,
    pub stopping_parameters: Option<StoppingCriteriaParameters>,
}

/// A batch as sent to the shards. `max_tokens` tells the shard how much KV
/// cache to reserve for the whole batch.
#[derive(Debug, Clone)]
pub struct Batch {
    pub id: u64,
    pub requests: Vec<Request>,
    pub size: u32,
    pub max_tokens: u32,
}

impl Batch {
    pub fn to_json(&self) -> String {
        let ids: Vec<String> = self.requests.iter().map(|r| r.id.to_string()).collect();
        format!(
            "{{\"id\":{},\"requests\":[{}],\"size\":{},\"max_tokens\":{}}}",
            self.id,
            ids.join(","),
            self.size,
            self.max_tokens
        )
    }
}
