use crate::get_mut_arcmutex;
use crate::sequence::{KVCacheManager, Sequence, SequenceState};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Allow sequences to wait for 64 scheduling passes before warning of deprivation.
const WAITING_TIMEOUT: usize = 64;

pub struct PagedAttentionSchedulerOutput {
    /// Either ALL prompt or ALL completion.
    pub scheduled: Vec<Arc<Mutex<Sequence>>>,
    /// Per-sequence prompt chunk size selected from the batch-wide token budget.
    pub prompt_chunk_size: Option<usize>,
}

pub struct PagedAttentionSchedulerConfig {
    pub max_num_seqs: usize,
    pub max_num_batched_tokens: usize,
    pub max_decode_steps_before_prefill: usize,
}

pub struct PagedAttentionScheduler {
    waiting: VecDeque<Arc<Mutex<Sequence>>>,
    running: VecDeque<Arc<Mutex<Sequence>>>,
    config: PagedAttentionSchedulerConfig,
    pub kv_cache_manager: Arc<Mutex<KVCacheManager>>,
    block_size: usize,
    decode_steps_since_prefill: usize,
    completion_cursor: usize,
    /// Per-sequence waitlist counter for starvation detection.
    waiting_counts: HashMap<usize, usize>,
}

impl PagedAttentionScheduler {
    pub fn new(config: PagedAttentionSchedulerConfig, num_gpu_blocks: usize, block_size: usize) -> Self {
        assert!(config.max_num_seqs > 0);
        assert!(config.max_num_batched_tokens > 0);
        assert!(config.max_decode_steps_before_prefill > 0);
        Self {
            waiting: VecDeque::new(),
            running: VecDeque::new(),
            kv_cache_manager: Arc::new(Mutex::new(KVCacheManager::new(num_gpu_blocks, block_size))),
            block_size,
            config,
            decode_steps_since_prefill: 0,
            completion_cursor: 0,
            waiting_counts: HashMap::new(),
        }
    }

    pub fn add_seq(&mut self, seq: Sequence) {
        self.waiting.push_back(Arc::new(Mutex::new(seq)));
    }

    fn prompt_chunk_size(&self, batch_size: usize) -> Option<usize> {
        (batch_size > 0).then(|| (self.config.max_num_batched_tokens / batch_size).max(1))
    }

    fn completion_is_due(&self) -> bool {
        let has_completion = self.running.iter().any(|seq| get_mut_arcmutex!(seq).is_completion());
        if !has_completion {
            return false;
        }
        let running_prompt_tokens = self
            .running
            .iter()
            .filter_map(|seq| {
                let seq = get_mut_arcmutex!(seq);
                seq.is_prompt().then(|| seq.num_uncomputed_tokens())
            })
            .sum::<usize>();
        if running_prompt_tokens > 0 && running_prompt_tokens <= self.config.max_num_batched_tokens {
            return false;
        }

        let has_running_prompt = running_prompt_tokens > 0;
        let has_waiting_prompt = !self.waiting.is_empty();
        if !has_running_prompt
            && has_waiting_prompt
            && self.running.len() < self.config.max_num_seqs
            && self.waiting_prompt_fits_free_blocks()
            && self.decode_steps_since_prefill > 0
        {
            return false;
        }

        let has_prompt = has_running_prompt || has_waiting_prompt;
        !has_prompt || self.decode_steps_since_prefill < self.config.max_decode_steps_before_prefill
    }

    fn waiting_prompt_fits_free_blocks(&self) -> bool {
        let Some(prompt) = self.waiting.front() else {
            return false;
        };
        let prompt_blocks = get_mut_arcmutex!(prompt).get_toks().len().div_ceil(self.block_size);
        let decode_reserve = self.running.iter().filter(|seq| get_mut_arcmutex!(seq).is_completion()).count();
        prompt_blocks.saturating_add(decode_reserve) <= get_mut_arcmutex!(self.kv_cache_manager).num_free_blocks()
    }

    fn completion_token_cost(seq: &Sequence) -> usize {
        seq.num_uncomputed_tokens().max(1)
    }

    fn completion_batch_indices(rows: &[Arc<Mutex<Sequence>>], cursor: usize, token_budget: usize) -> (Vec<usize>, usize) {
        if rows.is_empty() {
            return (Vec::new(), cursor);
        }
        let len = rows.len();
        let start = cursor % len;
        let mut remaining_tokens = token_budget;
        let mut selected = Vec::with_capacity(len);
        let mut last_selected = start;

        for offset in 0..len {
            let index = (start + offset) % len;
            let seq = get_mut_arcmutex!(rows[index]);
            let token_cost = Self::completion_token_cost(&seq);
            drop(seq);
            if token_cost <= remaining_tokens || selected.is_empty() {
                remaining_tokens = remaining_tokens.saturating_sub(token_cost);
                selected.push(index);
                last_selected = index;
            }
        }
        (selected, (last_selected + 1) % len)
    }

    fn record_decode_step(&mut self) {
        self.decode_steps_since_prefill = self
            .decode_steps_since_prefill
            .saturating_add(1)
            .min(self.config.max_decode_steps_before_prefill);
    }

    fn select_completion_batch(&mut self) -> Vec<Arc<Mutex<Sequence>>> {
        let mut rows = self.running.iter().cloned().collect::<Vec<_>>();
        rows.sort_by_key(|seq| get_mut_arcmutex!(seq).timestamp());
        let (selected, next_cursor) =
            Self::completion_batch_indices(&rows, self.completion_cursor, self.config.max_num_batched_tokens);
        self.completion_cursor = next_cursor;
        selected.into_iter().map(|index| rows[index].clone()).collect()
    }

    fn preempt(&mut self, seq: Arc<Mutex<Sequence>>) {
        let id = *get_mut_arcmutex!(seq).id();
        get_mut_arcmutex!(self.kv_cache_manager).free(id);
        let mut guard = get_mut_arcmutex!(seq);
        guard.set_num_computed_tokens(0);
        guard.set_state(SequenceState::Waiting);
        drop(guard);
        self.waiting.push_front(seq);
    }

    pub fn schedule(&mut self) -> PagedAttentionSchedulerOutput {
        for seq in &self.running {
            let mut seq = get_mut_arcmutex!(seq);
            if seq.is_prompt() && seq.num_uncomputed_tokens() == 0 {
                seq.set_state(SequenceState::RunningCompletion);
            }
        }
        let mut scheduled: VecDeque<Arc<Mutex<Sequence>>> = VecDeque::new();
        let completion_due = self.completion_is_due();
        while !completion_due && !self.waiting.is_empty() {
            let seq = self.waiting.front().unwrap().clone();

            if self.running.len() >= self.config.max_num_seqs
                || scheduled.len() >= self.config.max_num_batched_tokens //@? BL005
            {
                break;
            }

            let (seq_id, num_tokens) = {
                let guard = get_mut_arcmutex!(seq);
                (*guard.id(), guard.len())
            };

            // A sequence larger than the whole cache can never be scheduled; reject it up front.
            let total_token_capacity = get_mut_arcmutex!(self.kv_cache_manager).num_gpu_blocks() * self.block_size;
            if num_tokens > total_token_capacity {
                let seq = self.waiting.pop_front().unwrap();
                get_mut_arcmutex!(seq).set_state(SequenceState::FinishedIgnored);
                continue;
            }

            let alloc_result = get_mut_arcmutex!(self.kv_cache_manager).allocate_slots(seq_id, num_tokens);
            match alloc_result {
                Some(_) => {
                    self.waiting_counts.remove(&seq_id);
                }
                None => {
                    // Not enough blocks, check starvation
                    let count = self.waiting_counts.entry(seq_id).or_insert(0);
                    *count += 1;

                    if *count > WAITING_TIMEOUT {
                        // Preempt running sequences until the waiting one fits
                        while let Some(seq_to_preempt) = self.running.pop_back() {
                            let waiting_seq = self.waiting.pop_front().unwrap();
                            scheduled.retain(|s| !Arc::ptr_eq(s, &seq_to_preempt));
                            self.preempt(seq_to_preempt);
                            self.waiting.push_front(waiting_seq);
                            if get_mut_arcmutex!(self.kv_cache_manager).allocate_slots(seq_id, num_tokens).is_some() {
                                break;
                            }
                        }
                        self.waiting_counts.remove(&seq_id);
                    } else {
                        break;
                    }
                }
            }

            get_mut_arcmutex!(seq).set_state(SequenceState::RunningPrompt);
            let seq = self.waiting.pop_front().unwrap();
            self.running.push_back(seq.clone());
            scheduled.push_back(seq);
        }

        if !scheduled.is_empty() {
            let prompt_chunk_size = self.prompt_chunk_size(scheduled.len());
            self.decode_steps_since_prefill = 0;
            return PagedAttentionSchedulerOutput { scheduled: scheduled.into_iter().collect(), prompt_chunk_size };
        }

        self.running.iter().for_each(|seq| get_mut_arcmutex!(seq).set_state(SequenceState::RunningCompletion));
        self.record_decode_step();
        let scheduled = self.select_completion_batch();
        PagedAttentionSchedulerOutput { scheduled, prompt_chunk_size: None }
    }
}
