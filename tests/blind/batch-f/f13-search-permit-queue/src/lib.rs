//! Queue of searches to process, controlling how many searches run in parallel.
//! We don't want to process more search requests than the available CPU
//! cores: that slows down everything and consumes RAM for no reason.

pub mod search_queue;

use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

#[derive(Debug, PartialEq, Eq)]
pub enum MeilisearchHttpError {
    SearchLimiterIsDown,
    TooManySearchRequests(usize),
}

impl std::fmt::Display for MeilisearchHttpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::SearchLimiterIsDown => write!(f, "The search limiter is down."),
            Self::TooManySearchRequests(capacity) => {
                write!(f, "Too many search requests running at the same time: {capacity}. Retry after 10s.")
            }
        }
    }
}

pub enum Selected<A, B> {
    First(Option<A>),
    Second(Option<B>),
}

/// Blocks until one of the two receivers is ready, checking them in order.
pub fn select_two<A, B>(first: &Receiver<A>, second: &Receiver<B>) -> Selected<A, B> {
    loop {
        match first.try_recv() {
            Ok(v) => return Selected::First(Some(v)),
            Err(TryRecvError::Disconnected) => return Selected::First(None),
            Err(TryRecvError::Empty) => {}
        }
        match second.try_recv() {
            Ok(v) => return Selected::Second(Some(v)),
            Err(TryRecvError::Disconnected) => return Selected::Second(None),
            Err(TryRecvError::Empty) => {}
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `tokio::select!` stand-in over two std receivers, same branch syntax.
#[macro_export]
macro_rules! select {
    (biased; $p1:pat = $rx1:ident.recv() => $b1:block, $p2:pat = $rx2:ident.recv() => $b2:block $(,)?) => {
        match $crate::select_two(&$rx1, &$rx2) {
            $crate::Selected::First(value) => {
                let $p1 = value;
                $b1
            }
            $crate::Selected::Second(value) => {
                let $p2 = value;
                $b2
            }
        }
    };
}
