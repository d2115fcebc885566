use std::time::Duration;

use crate::time::Time;

/// The virtual game clock representing game time.
#[derive(Debug, Copy, Clone)]
pub struct Virtual {
    max_delta: Duration,
    paused: bool,
    relative_speed: f64,
}

impl Default for Virtual {
    fn default() -> Self {
        Self { max_delta: Time::<Virtual>::DEFAULT_MAX_DELTA, paused: false, relative_speed: 1.0 }
    }
}

impl Time<Virtual> {
    /// The default amount of time that can added in a single update.
    pub const DEFAULT_MAX_DELTA: Duration = Duration::from_millis(250);

    pub fn max_delta(&self) -> Duration {
        self.context().max_delta
    }

    pub fn set_max_delta(&mut self, max_delta: Duration) {
        assert_ne!(max_delta, Duration::ZERO, "tried to set max delta to zero");
        self.context_mut().max_delta = max_delta;
    }

    pub fn pause(&mut self) {
        self.context_mut().paused = true;
    }

    pub fn is_paused(&self) -> bool {
        self.context().paused
    }

    pub fn set_relative_speed_f64(&mut self, ratio: f64) {
        assert!(ratio.is_finite() && ratio >= 0.0);
        self.context_mut().relative_speed = ratio;
    }

    /// Advances virtual time by the real time that passed, clamped to `max_delta`.
    pub fn advance_with_raw_delta(&mut self, raw_delta: Duration) {
        let max_delta = self.context().max_delta;
        let clamped_delta = if raw_delta > max_delta {
            eprintln!("delta time larger than maximum delta, clamping to {max_delta:?}");
            max_delta
        } else {
            raw_delta
        };
        let effective_speed = if self.context().paused { 0.0 } else { self.context().relative_speed };
        let delta = if effective_speed != 1.0 {
            clamped_delta.mul_f64(effective_speed)
        } else {
            clamped_delta
        };
        self.advance_by(delta);
    }
}
