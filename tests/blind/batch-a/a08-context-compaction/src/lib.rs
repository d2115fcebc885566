//! Keeps a conversation inside its model's context window by summarising old
//! items once a soft threshold is crossed and refusing input past the hard limit.

mod window;

pub use window::ModelWindow;

#[derive(Debug, Clone)]
pub struct Item {
    pub text: String,
    pub tokens: u64,
}

#[derive(Debug, Default)]
pub struct Conversation {
    items: Vec<Item>,
    pub tokens_in_use: u64,
}

#[derive(Debug, PartialEq)]
pub enum Admission {
    Fits,
    CompactFirst,
    Reject { over_by: u64 },
}

impl Conversation {
    pub fn push(&mut self, item: Item) {
        self.tokens_in_use += item.tokens;
        self.items.push(item);
    }

    /// Share of the full window in use, for the "% context left" indicator.
    pub fn fullness(&self, window: &ModelWindow) -> f64 {
        self.tokens_in_use as f64 / window.context_window as f64
    }

    /// Decides what to do before `incoming` more tokens are added.
    pub fn admit(&self, window: &ModelWindow, incoming: u64) -> Admission {
        let projected = self.tokens_in_use + incoming;
        let hard = window.usable();
        let soft = window.auto_compact_limit.unwrap_or(hard / 10 * 9);

        if incoming > hard {
            return Admission::Reject {
                over_by: incoming - hard,
            };
        }
        if projected > hard || projected >= soft {
            return Admission::CompactFirst;
        }
        Admission::Fits
    }

    /// Replaces everything but the last `keep` items with one summary item.
    pub fn compact(&mut self, keep: usize, summarise: impl FnOnce(&[Item]) -> Item) {
        if self.items.len() <= keep {
            return;
        }
        let split = self.items.len() - keep;
        let summary = summarise(&self.items[..split]);
        let tail = self.items.split_off(split);
        self.items = std::iter::once(summary).chain(tail).collect();
        self.tokens_in_use = self.items.iter().map(|i| i.tokens).sum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_threshold_asks_for_compaction() {
        let mut window = ModelWindow::lookup("gpt-4o").unwrap();
        window.auto_compact_limit = Some(1_000);
        let mut conv = Conversation::default();
        conv.push(Item { text: "hi".into(), tokens: 900 });
        assert_eq!(conv.admit(&window, 50), Admission::Fits);
        assert_eq!(conv.admit(&window, 200), Admission::CompactFirst);
        conv.compact(0, |_| Item { text: "summary".into(), tokens: 40 });
        assert_eq!(conv.tokens_in_use, 40);
    }
}
