use std::time::Duration;

use crate::model::Model;

pub struct RagData {
    pub chunk_size: usize,
    pub batch_size: Option<usize>,
}

pub struct Rag {
    pub embedding_model: Model,
    pub data: RagData,
}

pub trait EmbeddingClient {
    fn embeddings(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, String>;
}

impl Rag {
    pub fn create_embeddings(
        &self,
        client: &dyn EmbeddingClient,
        texts: Vec<String>,
        sleep: impl Fn(Duration),
    ) -> Result<Vec<Vec<f32>>, String> {
        let batch_size = self
            .data
            .batch_size
            .or_else(|| self.embedding_model.max_batch_size());
        let batch_size = match self.embedding_model.max_input_tokens() {
            Some(max_input_tokens) => {
                let x = max_input_tokens / self.data.chunk_size;
                match batch_size {
                    Some(y) => x.min(y),
                    None => x,
                }
            }
            None => batch_size.unwrap_or(1),
        };
        let mut output = vec![];
        let batch_chunks = texts.chunks(batch_size.max(1));
        let retry_limit = std::env::var("AICHAT_EMBEDDINGS_RETRY_LIMIT")
            .ok()
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(2);
        for texts in batch_chunks {
            let mut retry = 0;
            let chunk_output = loop {
                retry += 1;
                match client.embeddings(texts) {
                    Ok(v) => break v,
                    Err(_) if retry < retry_limit => {
                        sleep(Duration::from_secs(2u64.pow(retry - 1)));
                        continue;
                    }
                    Err(e) => {
                        return Err(format!(
                            "Failed to create embedding after {retry_limit} attempts: {e}"
                        ))
                    }
                }
            };
            output.extend(chunk_output);
        }
        Ok(output)
    }
}
