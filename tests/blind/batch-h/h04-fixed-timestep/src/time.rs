use std::time::Duration;

/// A generic clock resource that tracks how much time has advanced since its
/// previous update and since its creation.
#[derive(Debug, Clone, Copy, Default)]
pub struct Time<T: Default = ()> {
    context: T,
    wrap_period: Duration,
    delta: Duration,
    delta_secs: f32,
    elapsed: Duration,
}

impl<T: Default> Time<T> {
    pub fn new_with(context: T) -> Self {
        Self { context, wrap_period: Duration::from_secs(3600), ..Default::default() }
    }

    pub fn advance_by(&mut self, delta: Duration) {
        self.delta = delta;
        self.delta_secs = self.delta.as_secs_f32();
        self.elapsed += delta;
    }

    pub fn delta(&self) -> Duration {
        self.delta
    }

    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    pub fn wrap_period(&self) -> Duration {
        self.wrap_period
    }

    pub fn context(&self) -> &T {
        &self.context
    }

    pub fn context_mut(&mut self) -> &mut T {
        &mut self.context
    }

    pub fn as_generic(&self) -> Time<()> {
        Time {
            context: (),
            wrap_period: self.wrap_period,
            delta: self.delta,
            delta_secs: self.delta_secs,
            elapsed: self.elapsed,
        }
    }
}
