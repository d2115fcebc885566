//! Fixed-timestep main loop.
//!
//! Simulation runs in fixed ticks; after a long stall only a bounded number
//! of catch-up ticks run (the rest of the backlog is dropped, the "spiral of
//! death" guard). Whatever remains of the frame budget is spent on queued
//! background jobs such as texture uploads.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

pub trait World {
    fn update(&mut self, dt: Duration);
    fn render(&mut self, alpha: f32);
}

pub type Job = Box<dyn FnOnce()>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopConfig {
    pub tick: Duration,
    pub max_catchup_ticks: u32,
    /// Wall time one frame should take, including background jobs.
    pub frame_budget: Duration,
}

impl Default for LoopConfig {
    fn default() -> Self {
        Self {
            tick: Duration::from_micros(16_667),
            max_catchup_ticks: 5,
            frame_budget: Duration::from_micros(16_667),
        }
    }
}

/// Running statistics for the debug overlay.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FrameStats {
    pub frames: u64,
    pub ticks_run: u64,
    pub ticks_dropped: u64,
    pub jobs_run: u64,
    pub frames_over_budget: u64,
}

pub struct MainLoop<C: Fn() -> Instant> {
    cfg: LoopConfig,
    clock: C,
    last: Instant,
    accumulator: Duration,
    jobs: VecDeque<Job>,
    pub stats: FrameStats,
}

impl<C: Fn() -> Instant> MainLoop<C> {
    pub fn new(cfg: LoopConfig, clock: C) -> Self {
        let last = clock();
        Self { cfg, clock, last, accumulator: Duration::ZERO, jobs: VecDeque::new(), stats: FrameStats::default() }
    }

    pub fn queue_job(&mut self, job: Job) {
        self.jobs.push_back(job);
    }

    pub fn pending_jobs(&self) -> usize {
        self.jobs.len()
    }

    /// Runs one frame: catch-up ticks, render, then background jobs.
    pub fn frame(&mut self, world: &mut impl World) {
        let frame_start = (self.clock)();
        self.accumulator += frame_start - self.last;
        self.last = frame_start;

        let mut ticks = 0;
        while self.accumulator >= self.cfg.tick && ticks < self.cfg.max_catchup_ticks {
            world.update(self.cfg.tick);
            self.accumulator -= self.cfg.tick;
            ticks += 1;
        }
        if ticks == self.cfg.max_catchup_ticks && self.accumulator >= self.cfg.tick {
            let backlog = self.accumulator.as_nanos() / self.cfg.tick.as_nanos();
            self.stats.ticks_dropped += backlog as u64;
            self.accumulator = Duration::ZERO;
        }
        self.stats.ticks_run += u64::from(ticks);

        world.render(self.accumulator.as_secs_f32() / self.cfg.tick.as_secs_f32());

        let deadline = frame_start + self.cfg.frame_budget;
        while (self.clock)() < deadline {
            let Some(job) = self.jobs.pop_front() else { break };
            job();
            self.stats.jobs_run += 1;
        }
        if (self.clock)() - frame_start > self.cfg.frame_budget {
            self.stats.frames_over_budget += 1;
        }
        self.stats.frames += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    struct Counter(u32);

    impl World for Counter {
        fn update(&mut self, _: Duration) {
            self.0 += 1;
        }
        fn render(&mut self, _: f32) {}
    }

    #[test]
    fn stall_drops_backlog() {
        let base = Instant::now();
        let offset = Rc::new(Cell::new(Duration::ZERO));
        let o = offset.clone();
        let mut main = MainLoop::new(LoopConfig::default(), move || base + o.get());
        offset.set(Duration::from_secs(1));
        let mut w = Counter(0);
        main.frame(&mut w);
        assert_eq!(w.0, 5);
        assert!(main.stats.ticks_dropped > 50);
    }

    #[test]
    fn jobs_stop_at_deadline() {
        let base = Instant::now();
        let offset = Rc::new(Cell::new(Duration::ZERO));
        let o = offset.clone();
        let mut main = MainLoop::new(LoopConfig::default(), move || base + o.get());
        for _ in 0..10 {
            let o = offset.clone();
            main.queue_job(Box::new(move || o.set(o.get() + Duration::from_millis(5))));
        }
        main.frame(&mut Counter(0));
        assert_eq!(main.stats.jobs_run, 4);
        assert_eq!(main.pending_jobs(), 6);
    }
}
