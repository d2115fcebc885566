use std::time::Duration;

use crate::time::Time;
use crate::World;

/// The fixed timestep game clock following virtual time.
#[derive(Debug, Copy, Clone)]
pub struct Fixed {
    timestep: Duration,
    overstep: Duration,
}

impl Default for Fixed {
    fn default() -> Self {
        Self { timestep: Time::<Fixed>::DEFAULT_TIMESTEP, overstep: Duration::ZERO }
    }
}

/// How many fixed steps one rendered frame may run before the remaining
/// overstep is dropped (the "spiral of death" guard).
#[derive(Debug, Clone)]
pub struct FixedCatchUp {
    pub max_steps_per_frame: u32,
    pub steps_this_frame: u32, //@ BL001
}

impl Default for FixedCatchUp {
    fn default() -> Self {
        FixedCatchUp { max_steps_per_frame: 8, steps_this_frame: 0 }
    }
}

impl Time<Fixed> {
    /// Corresponds to 64 Hz.
    const DEFAULT_TIMESTEP: Duration = Duration::from_micros(15625);

    pub fn from_seconds(seconds: f64) -> Self {
        let mut ret = Self::new_with(Fixed::default());
        ret.set_timestep(Duration::from_secs_f64(seconds));
        ret
    }

    #[inline]
    pub fn timestep(&self) -> Duration {
        self.context().timestep
    }

    #[inline]
    pub fn set_timestep(&mut self, timestep: Duration) {
        assert_ne!(timestep, Duration::ZERO, "attempted to set fixed timestep to zero");
        self.context_mut().timestep = timestep;
    }

    #[inline]
    pub fn overstep(&self) -> Duration {
        self.context().overstep
    }

    /// Discard a part of the overstep amount.
    #[inline]
    pub fn discard_overstep(&mut self, discard: Duration) {
        let context = self.context_mut();
        context.overstep = context.overstep.saturating_sub(discard);
    }

    #[inline]
    pub fn overstep_fraction(&self) -> f32 {
        self.context().overstep.as_secs_f32() / self.context().timestep.as_secs_f32()
    }

    fn accumulate(&mut self, delta: Duration) {
        self.context_mut().overstep += delta;
    }

    fn expend(&mut self) -> bool {
        let timestep = self.timestep();
        if let Some(new_value) = self.context_mut().overstep.checked_sub(timestep) {
            // reduce accumulated and increase elapsed by period
            self.context_mut().overstep = new_value;
            self.advance_by(timestep);
            true
        } else {
            // no more periods left in accumulated
            false
        }
    }
}

/// Runs the fixed main schedule zero or more times based on delta of
/// virtual time and the accumulated overstep.
pub fn run_fixed_main_schedule(world: &mut World) {
    let delta = world.virtual_time.delta();
    world.fixed_time.accumulate(delta);
    world.catch_up.steps_this_frame = 0;

    // Run the schedule until we run out of accumulated time
    while world.catch_up.steps_this_frame < world.catch_up.max_steps_per_frame
        && world.fixed_time.expend()
    {
        world.generic_time = world.fixed_time.as_generic();
        (world.fixed_main)(&world.generic_time);
    }

    if world.catch_up.steps_this_frame >= world.catch_up.max_steps_per_frame {
        let overstep = world.fixed_time.overstep();
        world.fixed_time.discard_overstep(overstep);
    }

    world.generic_time = world.virtual_time.as_generic();
}

#[cfg(test)]
mod test {
    use super::*;
    use crate::virt::Virtual;

    fn world() -> World {
        World {
            virtual_time: Time::new_with(Virtual::default()),
            fixed_time: Time::<Fixed>::from_seconds(1.0),
            generic_time: Time::default(),
            catch_up: FixedCatchUp::default(),
            fixed_main: Box::new(|_| {}),
        }
    }

    #[test]
    fn test_expend_multiple() {
        let mut time = Time::<Fixed>::from_seconds(2.0);
        time.accumulate(Duration::from_secs(7));
        assert!(time.expend());
        assert!(time.expend());
        assert!(time.expend());
        assert!(!time.expend());
        assert_eq!(time.overstep(), Duration::from_secs(1));
    }

    #[test]
    fn catch_up_drops_overstep() {
        let mut w = world();
        w.fixed_time.accumulate(Duration::from_secs(3));
        w.catch_up.steps_this_frame = 8;
        if w.catch_up.steps_this_frame >= w.catch_up.max_steps_per_frame {
            let o = w.fixed_time.overstep();
            w.fixed_time.discard_overstep(o);
        }
        assert_eq!(w.fixed_time.overstep(), Duration::ZERO);
    }
}
