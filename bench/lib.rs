// The corpus crate builds nothing.
