//! Intentionally empty: this package only pins the crates to vendor.
