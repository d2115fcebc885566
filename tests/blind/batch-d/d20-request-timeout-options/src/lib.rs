pub mod service;

pub use service::{Peer, PeerRequestOptions, RequestHandle, ServiceError};

/// Polls the branches in order (like a `biased;` `select!`), running the
/// body of the first branch whose guard holds and whose expression is ready
/// (`Some`). Waits a little between rounds.
macro_rules! select_biased {
    ($( $pat:pat = $ready:expr $(, if $guard:expr)? => $body:block )+) => {{
        loop {
            $(
                if true $(&& $guard)? {
                    if let Some($pat) = $ready {
                        $body
                        #[allow(unreachable_code)]
                        break;
                    }
                }
            )+
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }};
}
pub(crate) use select_biased;
