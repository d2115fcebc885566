//! The send/recv halves that consult `Counts` before touching a stream.

use crate::counts::Counts;
use crate::store;

#[derive(Debug, PartialEq, Eq)]
pub enum Error {
    RefusedStream(u32),
    GoAway { reason: &'static str, limit: usize },
    Pending,
}

/// Server side: a HEADERS frame opened a new remote stream.
pub fn recv_headers(counts: &mut Counts, stream: &mut store::Ptr) -> Result<(), Error> {
    if !stream.is_counted {
        if !counts.can_inc_num_recv_streams() {
            return Err(Error::RefusedStream(stream.id));
        }
        counts.inc_num_recv_streams(stream);
    }
    Ok(())
}

/// Client side: open a locally initiated stream if the peer's
/// SETTINGS_MAX_CONCURRENT_STREAMS allows it.
pub fn send_headers(counts: &mut Counts, stream: &mut store::Ptr) -> Result<bool, Error> {
    if !stream.is_counted {
        if !counts.can_inc_num_send_streams() {
            return Err(Error::Pending);
        }
        counts.inc_num_send_streams(stream);
    }
    Ok(counts.next_send_stream_will_reach_capacity())
}

/// A RST_STREAM arrived for a stream the application has not accepted yet.
pub fn recv_reset(counts: &mut Counts, stream: &mut store::Ptr) -> Result<(), Error> {
    if stream.is_pending_reset_expiration() {
        return Ok(());
    }
    if !counts.can_inc_num_remote_reset_streams() {
        return Err(Error::GoAway {
            reason: "too_many_resets",
            limit: counts.max_remote_reset_streams(),
        });
    }
    counts.inc_num_remote_reset_streams();
    stream.closed = true;
    Ok(())
}

/// The application accepted a stream that had been reset by the peer.
pub fn accept_reset(counts: &mut Counts) {
    counts.dec_num_remote_reset_streams();
}

/// We reset a stream because the peer violated the protocol on it.
pub fn reset_on_error(counts: &mut Counts, stream: &mut store::Ptr) -> Result<(), Error> {
    if !counts.can_inc_num_local_error_resets() {
        return Err(Error::GoAway {
            reason: "too_many_internal_resets",
            limit: counts.max_local_error_resets().unwrap_or(usize::MAX),
        });
    }
    counts.inc_num_local_error_resets();
    schedule_reset(counts, stream);
    Ok(())
}

/// Keep the reset stream around for a while so late frames are ignored.
pub fn schedule_reset(counts: &mut Counts, stream: &mut store::Ptr) {
    if counts.can_inc_num_reset_streams() {
        counts.inc_num_reset_streams();
        stream.pending_reset_expiration = true;
    }
    stream.closed = true;
}

/// Summary used by the connection's Debug output and by `ping` diagnostics.
pub fn describe_limits(counts: &Counts) -> String {
    format!(
        "peer={:?} max_send={} max_recv={}",
        counts.peer(),
        counts.max_send_streams(),
        counts.max_recv_streams()
    )
}
