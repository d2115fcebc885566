//! Fixed-timestep clock driving a game's physics schedule.

pub mod fixed;
pub mod time;
pub mod virt;

pub use fixed::{run_fixed_main_schedule, Fixed, FixedCatchUp};
pub use time::Time;
pub use virt::Virtual;

/// The pieces of the ECS world the time systems touch.
pub struct World {
    pub virtual_time: Time<Virtual>,
    pub fixed_time: Time<Fixed>,
    pub generic_time: Time<()>,
    pub catch_up: FixedCatchUp,
    pub fixed_main: Box<dyn FnMut(&Time<()>)>,
}
