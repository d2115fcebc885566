/// A container with a fixed capacity.
pub trait Bounded {
    fn stored(&self) -> usize;
    fn capacity(&self) -> usize;

    fn is_full(&self) -> bool {
        self.stored() >= self.capacity()
    }

    fn headroom(&self) -> usize {
        self.capacity().saturating_sub(self.stored())
    }
}
