#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SequenceState {
    Waiting,
    RunningPrompt,
    RunningCompletion,
    FinishedIgnored,
}

#[derive(Debug)]
pub struct Sequence {
    id: usize,
    tokens: Vec<u32>,
    num_computed_tokens: usize,
    timestamp: u128,
    state: SequenceState,
}

impl Sequence {
    pub fn new(id: usize, tokens: Vec<u32>, timestamp: u128) -> Self {
        Self { id, tokens, num_computed_tokens: 0, timestamp, state: SequenceState::Waiting }
    }
    pub fn id(&self) -> &usize { &self.id }
    pub fn len(&self) -> usize { self.tokens.len() }
    pub fn is_empty(&self) -> bool { self.tokens.is_empty() }
    pub fn get_toks(&self) -> &[u32] { &self.tokens }
    pub fn timestamp(&self) -> u128 { self.timestamp }
    pub fn num_uncomputed_tokens(&self) -> usize { self.tokens.len() - self.num_computed_tokens }
    pub fn set_num_computed_tokens(&mut self, n: usize) { self.num_computed_tokens = n }
    pub fn set_state(&mut self, state: SequenceState) { self.state = state }
    pub fn getstate(&self) -> SequenceState { self.state }
    pub fn is_prompt(&self) -> bool { self.state == SequenceState::RunningPrompt }
    pub fn is_completion(&self) -> bool { self.state == SequenceState::RunningCompletion }
}

/// Block-level KV cache bookkeeping.
#[derive(Debug)]
pub struct KVCacheManager {
    num_gpu_blocks: usize,
    block_size: usize,
    allocated: std::collections::HashMap<usize, usize>,
}

impl KVCacheManager {
    pub fn new(num_gpu_blocks: usize, block_size: usize) -> Self {
        Self { num_gpu_blocks, block_size, allocated: Default::default() }
    }
    pub fn num_gpu_blocks(&self) -> usize { self.num_gpu_blocks }
    pub fn num_free_blocks(&self) -> usize { self.num_gpu_blocks - self.allocated.values().sum::<usize>() }

    pub fn allocate_slots(&mut self, seq_id: usize, num_tokens: usize) -> Option<usize> {
        let needed = num_tokens.div_ceil(self.block_size);
        let have = self.allocated.get(&seq_id).copied().unwrap_or(0);
        if needed.saturating_sub(have) > self.num_free_blocks() {
            return None;
        }
        self.allocated.insert(seq_id, needed.max(have));
        Some(needed)
    }

    pub fn free(&mut self, seq_id: usize) {
        self.allocated.remove(&seq_id);
    }
}
