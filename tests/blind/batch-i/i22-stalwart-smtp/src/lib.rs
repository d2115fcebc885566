//! Inbound SMTP session handling: per-session throttles and quotas.

#[macro_use]
mod trc {
    //! Minimal structured event reporting.

    use std::sync::Mutex;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum SmtpEvent {
        RcptErrorsExceeded,
        TooManyRecipients,
        TooManyMessages,
        MessageTooLarge,
        TransferLimit,
        LoiterTimeout,
        IdleTimeout,
    }

    pub static EVENTS: Mutex<Vec<(SmtpEvent, Vec<(&'static str, String)>)>> = Mutex::new(Vec::new());

    pub fn record(event: SmtpEvent, keys: Vec<(&'static str, String)>) {
        if let Ok(mut events) = EVENTS.lock() {
            events.push((event, keys));
        }
    }

    /// `event!(Smtp(SmtpEvent::X), Key = value, ...)`
    macro_rules! event {
        (Smtp($event:expr) $(, $key:ident = $value:expr)* $(,)?) => {
            $crate::trc::record($event, vec![$((stringify!($key), format!("{:?}", $value))),*])
        };
    }
}
pub mod core;
pub mod session;
pub mod spawn;

pub use crate::core::{Session, SessionData, SessionParameters, State};
