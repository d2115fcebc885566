//! Splits documents into embedding requests that respect both the provider's
//! per-request input limit and a per-request token limit.

pub type Embedding = Vec<f32>;

#[derive(Debug)]
pub enum EmbedError {
    Provider(String),
    DocumentTooLong { index: usize, tokens: usize },
}

/// A provider endpoint that turns texts into vectors.
pub trait EmbeddingModel {
    /// Most inputs the provider accepts in one request.
    const MAX_DOCUMENTS: usize;

    fn embed_texts(&self, texts: &[String]) -> Result<Vec<Embedding>, EmbedError>;

    /// Rough token estimate; providers with a tokenizer override it.
    fn count_tokens(&self, text: &str) -> usize {
        text.len() / 4 + 1
    }
}

pub struct Batcher<M> {
    model: M,
    batch_size: usize,
    max_batch_tokens: usize,
}

impl<M: EmbeddingModel> Batcher<M> {
    pub fn new(model: M) -> Self {
        Self {
            model,
            batch_size: 96,
            max_batch_tokens: 8_191,
        }
    }

    pub fn batch_size(mut self, n: usize) -> Self {
        self.batch_size = n;
        self
    }

    pub fn max_batch_tokens(mut self, n: usize) -> Self {
        self.max_batch_tokens = n;
        self
    }

    pub fn embed_all(&self, documents: Vec<String>) -> Result<Vec<Embedding>, EmbedError> {
        let per_request = self.batch_size.clamp(1, M::MAX_DOCUMENTS);
        let mut out = Vec::with_capacity(documents.len());
        let mut batch: Vec<String> = Vec::with_capacity(per_request);
        let mut batch_tokens = 0usize;

        for (index, doc) in documents.into_iter().enumerate() {
            let tokens = self.model.count_tokens(&doc);
            if tokens > self.max_batch_tokens {
                return Err(EmbedError::DocumentTooLong { index, tokens });
            }
            let full = batch.len() >= per_request;
            let too_big = batch_tokens + tokens > self.max_batch_tokens;
            if !batch.is_empty() && (full || too_big) {
                out.extend(self.model.embed_texts(&batch)?);
                batch.clear();
                batch_tokens = 0;
            }
            batch_tokens += tokens;
            batch.push(doc);
        }
        if !batch.is_empty() {
            out.extend(self.model.embed_texts(&batch)?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    struct Fake {
        calls: RefCell<Vec<usize>>,
    }

    impl EmbeddingModel for Fake {
        const MAX_DOCUMENTS: usize = 4;

        fn embed_texts(&self, texts: &[String]) -> Result<Vec<Embedding>, EmbedError> {
            self.calls.borrow_mut().push(texts.len());
            Ok(texts.iter().map(|t| vec![t.len() as f32]).collect())
        }
    }

    #[test]
    fn respects_provider_maximum() {
        let batcher = Batcher::new(Fake { calls: RefCell::new(vec![]) }).batch_size(100);
        let docs: Vec<String> = (0..10).map(|i| format!("doc {i}")).collect();
        let vectors = batcher.embed_all(docs).unwrap();
        assert_eq!(vectors.len(), 10);
        assert_eq!(*batcher.model.calls.borrow(), vec![4, 4, 2]);
    }
}
