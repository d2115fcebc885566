use std::collections::{hash_map::Entry, HashMap, VecDeque};
use std::time::{Duration, Instant};

use crate::settings::{Limits, Settings};
use crate::ChatIdHash;

const MINUTE: Duration = Duration::from_secs(60);
const SECOND: Duration = Duration::from_secs(1);

/// Identifies a request waiting in the queue.
pub type RequestId = u64;

type RequestsSent = u32;

// I wish there was special data structure for history which removed the
// need in 2 hashmaps
#[derive(Default)]
struct RequestsSentToChats {
    per_min: HashMap<ChatIdHash, RequestsSent>,
    per_sec: HashMap<ChatIdHash, RequestsSent>,
}

/// The worker stores a history of requests sent in the last minute (and to
/// which chats they were sent) and a queue of pending requests. Every
/// `tick`:
///
/// 1. Clear the history from records whose time < (current time - minute).
/// 2. Count all requests which were sent last second, `allowed =
///    limit.messages_per_sec_overall - count`.
/// 3. If `allowed == 0` wait for the next tick.
/// 4. Count how many requests were sent to which chats in the last second.
///    (The same map, but for last minute also exists, but it's updated,
///    instead of recreation.)
/// 5. While `allowed >= 0` search for requests which chat haven't exceed the
///    limits (i.e.: map[chat] < limit), if one is found, decrease `allowed`,
///    release the request, increase counts, add record to the history.
pub struct Worker {
    limits: Limits,
    retry: bool,
    queue: Vec<(ChatIdHash, RequestId)>,
    history: VecDeque<(ChatIdHash, Instant)>,
    requests_sent: RequestsSentToChats,
}

#[derive(Debug, PartialEq, Eq)]
pub struct QueueFull(pub usize);

impl Worker {
    pub fn new(settings: Settings) -> Self {
        Worker {
            queue: Vec::with_capacity(settings.limits.messages_per_sec_overall as usize),
            limits: settings.limits,
            retry: settings.retry,
            history: VecDeque::new(),
            requests_sent: RequestsSentToChats::default(),
        }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    pub fn set_limits(&mut self, new: Limits) {
        self.limits = new;
    }

    /// Whether requests that got `RetryAfter` should be re-queued.
    pub fn retries(&self) -> bool {
        self.retry
    }

    /// Queues a request. Don't grow queue bigger than the limit to limit DOS
    /// possibility.
    pub fn push(&mut self, chat: ChatIdHash, id: RequestId) -> Result<(), QueueFull> {
        if self.queue.len() >= self.limits.messages_per_sec_overall as usize {
            return Err(QueueFull(self.queue.len()));
        }
        self.queue.push((chat, id));
        Ok(())
    }

    /// Releases the requests that can be sent at `now`.
    pub fn tick(&mut self, now: Instant) -> Vec<RequestId> {
        let min_back = now.checked_sub(MINUTE).unwrap_or(now);
        let sec_back = now.checked_sub(SECOND).unwrap_or(now);

        // make history and requests_sent up-to-date
        while let Some((_, time)) = self.history.front() {
            // history is sorted, we found first up-to-date thing
            if time >= &min_back {
                break;
            }

            if let Some((chat, _)) = self.history.pop_front() {
                let entry = self.requests_sent.per_min.entry(chat).and_modify(|count| {
                    *count -= 1;
                });

                if let Entry::Occupied(entry) = entry {
                    if *entry.get() == 0 {
                        entry.remove_entry();
                    }
                }
            }
        }

        // as truncates which is ok since in case of truncation it would always be >=
        // limits.overall_s
        let used = self.history.iter().rev().take_while(|(_, time)| time > &sec_back).count() as u32;
        let mut allowed = self.limits.messages_per_sec_overall.saturating_sub(used);

        if allowed == 0 {
            self.requests_sent.per_sec.clear();
            return Vec::new();
        }

        for (chat, _) in self.history.iter().rev().take_while(|(_, time)| time > &sec_back) {
            *self.requests_sent.per_sec.entry(*chat).or_insert(0) += 1;
        }

        let mut released = Vec::new();
        let mut i = 0;
        while i < self.queue.len() {
            let chat = self.queue[i].0;

            let requests_sent_per_sec_count = self.requests_sent.per_sec.get(&chat).copied().unwrap_or(0);
            let requests_sent_per_min_count = self.requests_sent.per_min.get(&chat).copied().unwrap_or(0);

            let messages_per_min_limit = if chat.is_channel_or_supergroup() {
                self.limits.messages_per_min_channel_or_supergroup
            } else {
                self.limits.messages_per_min_chat
            };

            let limits_not_exceeded = requests_sent_per_sec_count < self.limits.messages_per_sec_overall //@ BL005
                && requests_sent_per_min_count < messages_per_min_limit;

            if !limits_not_exceeded {
                i += 1;
                continue;
            }

            let (chat, id) = self.queue.remove(i);
            *self.requests_sent.per_sec.entry(chat).or_insert(0) += 1;
            *self.requests_sent.per_min.entry(chat).or_insert(0) += 1;
            self.history.push_back((chat, now));
            released.push(id);

            // We have "sent" one request, so now we can send one less.
            allowed -= 1;
            if allowed == 0 {
                break;
            }
        }

        // It's easier to just recompute last second stats, instead of keeping
        // track of it alongside with minute stats, so we just throw this away.
        self.requests_sent.per_sec.clear();
        released
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overall_limit_per_second() {
        let mut w = Worker::new(Settings::default());
        for i in 0..30 {
            w.push(ChatIdHash::Id(i), i as u64).unwrap();
        }
        assert_eq!(w.push(ChatIdHash::Id(99), 99), Err(QueueFull(30)));
        let t0 = Instant::now();
        assert_eq!(w.tick(t0).len(), 30);
        w.push(ChatIdHash::Id(100), 100).unwrap();
        assert!(w.tick(t0).is_empty());
        assert_eq!(w.tick(t0 + Duration::from_millis(1500)), vec![100]);
    }

    #[test]
    fn channel_minute_limit() {
        let channel = ChatIdHash::Id(-1_001_234_567_890_1);
        let mut w = Worker::new(Settings::default());
        let mut t = Instant::now();
        let mut sent = 0;
        for i in 0..15 {
            w.push(channel, i).unwrap();
            sent += w.tick(t).len();
            t += Duration::from_secs(2);
        }
        assert_eq!(sent, 10);
    }
}
