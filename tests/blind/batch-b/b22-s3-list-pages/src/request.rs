/// Query parameters of one `GET /?list-type=2` call. The server caps the
/// page at `max_keys` (and at 1000 regardless).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListObjectsV2 {
    pub bucket: String,
    pub prefix: Option<String>,
    pub delimiter: Option<String>,
    pub max_keys: Option<u32>,
    pub continuation_token: Option<String>,
}

fn escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl ListObjectsV2 {
    /// Path and query string for the request.
    pub fn to_uri(&self) -> String {
        let mut q = vec!["list-type=2".to_string()];
        if let Some(t) = &self.continuation_token {
            q.push(format!("continuation-token={}", escape(t)));
        }
        if let Some(d) = &self.delimiter {
            q.push(format!("delimiter={}", escape(d)));
        }
        if let Some(n) = self.max_keys {
            q.push(format!("max-keys={n}"));
        }
        if let Some(p) = &self.prefix {
            q.push(format!("prefix={}", escape(p)));
        }
        format!("/{}?{}", self.bucket, q.join("&"))
    }
}
