use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use crate::config::SlowTimeout;

/// A running test process, abstracted so the runner can be driven in tests.
pub trait TestProcess {
    /// Waits up to `timeout` for the process to exit; returns its exit code
    /// if it did.
    fn wait_timeout(&mut self, timeout: Duration) -> Option<i32>;
    /// Asks the process to stop (SIGTERM on Unix).
    fn terminate(&mut self);
    /// Kills the process outright.
    fn kill(&mut self);
}

#[derive(Debug, Clone, PartialEq)]
pub enum RunEvent {
    /// The test has been running for `elapsed`, a multiple of the period.
    Slow { elapsed: Duration, will_terminate: bool },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExecutionResult {
    Pass,
    Fail { code: i32 },
    Timeout,
}

/// Runs one test, reporting it as slow after every elapsed `period` and
/// terminating it once `terminate_after` periods have gone by.
pub fn run_test(
    process: &mut dyn TestProcess,
    slow_timeout: &SlowTimeout,
    mut on_event: impl FnMut(RunEvent),
) -> (ExecutionResult, Duration) {
    let start = Instant::now();
    let mut timeout_hit: usize = 0;

    loop {
        if let Some(code) = process.wait_timeout(slow_timeout.period) {
            let result = if code == 0 {
                ExecutionResult::Pass
            } else {
                ExecutionResult::Fail { code }
            };
            return (result, start.elapsed());
        }

        timeout_hit = timeout_hit.saturating_add(1);
        let will_terminate = match slow_timeout.terminate_after {
            Some(terminate_after) => NonZeroUsize::new(timeout_hit) == Some(terminate_after),
            None => false,
        };

        on_event(RunEvent::Slow {
            // Pass in the slow timeout period times timeout_hit, since
            // stopwatch.elapsed() tends to be slightly longer.
            elapsed: slow_timeout.period * timeout_hit as u32,
            will_terminate,
        });

        if will_terminate {
            process.terminate();
            if process.wait_timeout(slow_timeout.grace_period).is_none() {
                process.kill();
                process.wait_timeout(Duration::from_secs(1));
            }
            return (ExecutionResult::Timeout, start.elapsed());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Sleeper {
        periods_left: Option<usize>,
        terminated: bool,
    }

    impl TestProcess for Sleeper {
        fn wait_timeout(&mut self, _timeout: Duration) -> Option<i32> {
            if self.terminated {
                return Some(143);
            }
            match &mut self.periods_left {
                Some(0) => Some(0),
                Some(n) => {
                    *n -= 1;
                    None
                }
                None => None,
            }
        }
        fn terminate(&mut self) {
            self.terminated = true;
        }
        fn kill(&mut self) {
            self.terminated = true;
        }
    }

    #[test]
    fn terminates_after_configured_periods() {
        let st = SlowTimeout {
            period: Duration::from_millis(1),
            terminate_after: NonZeroUsize::new(3),
            grace_period: Duration::from_millis(1),
        };
        let mut p = Sleeper { periods_left: None, terminated: false };
        let mut events = Vec::new();
        let (res, _) = run_test(&mut p, &st, |e| events.push(e));
        assert_eq!(res, ExecutionResult::Timeout);
        assert_eq!(events.len(), 3);
    }

    #[test]
    fn slow_but_passing() {
        let st = SlowTimeout {
            period: Duration::from_millis(1),
            ..SlowTimeout::default()
        };
        let mut p = Sleeper { periods_left: Some(5), terminated: false };
        let mut slow = 0;
        let (res, _) = run_test(&mut p, &st, |_| slow += 1);
        assert_eq!(res, ExecutionResult::Pass);
        assert_eq!(slow, 5);
    }
}
