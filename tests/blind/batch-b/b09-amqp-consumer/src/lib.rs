//! Consumer side of an AMQP 0-9-1 style broker client.
//!
//! The broker stops pushing once `prefetch_count` deliveries are unacked on
//! the channel; the consumer additionally caps how many handlers run at
//! once and dead-letters messages the broker has redelivered too often.

mod frames;
mod consumer;

pub use consumer::{Consumer, ConsumerOptions, Disposition};
pub use frames::{BasicQos, Delivery};
