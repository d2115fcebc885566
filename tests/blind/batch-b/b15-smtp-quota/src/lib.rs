//! Outbound mail relay client that stays inside the provider's daily quota.

mod ledger;
mod sender;

pub use ledger::{DailyQuota, Ledger};
pub use sender::{Envelope, MailTransport, QuotaError, Sender};
