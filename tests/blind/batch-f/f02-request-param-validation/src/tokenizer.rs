/// Stand-in for the `tokenizers` crate.
#[derive(Debug, Clone, Copy)]
pub enum Tokenizer {
    Whitespace,
}

#[derive(Debug, Clone, Default)]
pub struct Encoding {
    ids: Vec<u32>,
}

impl Encoding {
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn get_ids(&self) -> &[u32] {
        &self.ids
    }
}

impl Tokenizer {
    pub fn encode(&self, inputs: &str, add_special_tokens: bool) -> Encoding {
        let mut ids: Vec<u32> = inputs
            .split_whitespace()
            .map(|w| w.bytes().fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32)))
            .collect();
        if add_special_tokens {
            ids.insert(0, 1);
        }
        Encoding { ids }
    }
}
