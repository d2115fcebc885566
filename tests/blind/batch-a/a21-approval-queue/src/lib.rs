//! Human-in-the-loop approvals for risky agent actions.

mod queue;

pub use queue::{ActionRequest, ApprovalConfig, ApprovalQueue, Decision, Ticket};

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn resolve_frees_a_slot() {
        let q = ApprovalQueue::new(ApprovalConfig::default());
        let t = q.submit(ActionRequest { agent: "coder".into(), command: "rm -rf target".into() });
        assert!(q.status_line().starts_with("1 of 16"));
        assert!(q.resolve(t, Decision::Approved).is_some());
        assert!(q.status_line().starts_with("0 of 16"));
    }

    #[test]
    fn stale_requests_expire() {
        let q = ApprovalQueue::new(ApprovalConfig {
            auto_deny_after: Duration::from_millis(1),
            ..ApprovalConfig::default()
        });
        q.submit(ActionRequest { agent: "a".into(), command: "ls".into() });
        let later = Instant::now() + Duration::from_secs(1);
        assert_eq!(q.expire_stale(later).len(), 1);
    }
}
