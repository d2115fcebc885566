use std::time::{Duration, Instant};

use b21_webhook_dispatch::{Dispatcher, Poster, WebhookConfig};

struct FailOnce {
    calls: u32,
}

impl Poster for FailOnce {
    fn post(&mut self, _url: &str, _body: &[u8], sig: &str, _t: Duration) -> Result<u16, String> {
        assert!(sig.starts_with("v1="));
        self.calls += 1;
        if self.calls == 1 { Ok(503) } else { Ok(204) }
    }
}

#[test]
fn failed_delivery_is_retried_later() {
    let config = WebhookConfig {
        max_attempts: 3,
        request_timeout: Duration::from_secs(5),
        backoff_base: Duration::from_secs(1),
        signing_secret: "whsec_test".into(),
    };
    let t0 = Instant::now();
    let mut d = Dispatcher::new(config, FailOnce { calls: 0 });
    d.enqueue("evt_1", "https://example.com/hook", b"{}".to_vec(), t0);
    d.run_due(t0);
    assert_eq!((d.delivered(), d.backlog()), (0, 1));
    d.run_due(t0 + Duration::from_millis(500));
    assert_eq!(d.backlog(), 1);
    d.run_due(t0 + Duration::from_secs(3));
    assert_eq!((d.delivered(), d.backlog()), (1, 0));
}
