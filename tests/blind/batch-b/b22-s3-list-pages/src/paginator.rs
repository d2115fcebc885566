use crate::request::ListObjectsV2;

/// One page of results.
#[derive(Debug, Clone, Default)]
pub struct ListPage {
    pub keys: Vec<String>,
    pub next_continuation_token: Option<String>,
}

pub trait ListClient {
    fn list(&mut self, req: &ListObjectsV2) -> Result<ListPage, String>;
}

/// Walks all pages of a listing, stopping early once `limit` keys (if
/// given) have been returned to the caller.
pub struct Paginator<C> {
    client: C,
    request: ListObjectsV2,
    page_size: u32,
    keys_remaining: usize, //@ BL001
    done: bool,
}

impl<C: ListClient> Paginator<C> {
    pub fn new(client: C, request: ListObjectsV2, page_size: u32, limit: Option<usize>) -> Self {
        Paginator {
            client,
            request,
            page_size: page_size.clamp(1, 1000),
            keys_remaining: limit.unwrap_or(usize::MAX),
            done: false,
        }
    }

    /// Fetches the next page; `None` when the listing or the limit is used up.
    pub fn next_page(&mut self) -> Option<Result<Vec<String>, String>> {
        if self.done || self.keys_remaining == 0 {
            return None;
        }
        let want = (self.page_size as usize).min(self.keys_remaining);
        let req = ListObjectsV2 { max_keys: Some(want as u32), ..self.request.clone() };
        let page = match self.client.list(&req) {
            Ok(page) => page,
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        match page.next_continuation_token {
            Some(token) => self.request.continuation_token = Some(token),
            None => self.done = true,
        }
        let mut keys = page.keys;
        keys.truncate(want);
        Some(Ok(keys))
    }

    /// Collects every key, page after page.
    pub fn collect_all(mut self) -> Result<Vec<String>, String> {
        let mut all = Vec::new();
        while let Some(page) = self.next_page() {
            all.extend(page?);
        }
        Ok(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Serves keys `k000..k{total}` in pages of whatever `max-keys` asks for.
    struct Fake {
        total: usize,
    }

    impl ListClient for Fake {
        fn list(&mut self, req: &ListObjectsV2) -> Result<ListPage, String> {
            let start: usize = req.continuation_token.as_deref().map_or(0, |t| t.parse().unwrap());
            let n = req.max_keys.unwrap_or(1000) as usize;
            let end = (start + n).min(self.total);
            Ok(ListPage {
                keys: (start..end).map(|i| format!("k{i:03}")).collect(),
                next_continuation_token: (end < self.total).then(|| end.to_string()),
            })
        }
    }

    #[test]
    fn walks_every_page() {
        let req = ListObjectsV2 { bucket: "logs".into(), ..Default::default() };
        let keys = Paginator::new(Fake { total: 25 }, req, 10, None).collect_all().unwrap();
        assert_eq!(keys.len(), 25);
    }

    #[test]
    fn uri_carries_page_size() {
        let req = ListObjectsV2 { bucket: "b".into(), max_keys: Some(5), prefix: Some("a b".into()), ..Default::default() };
        assert_eq!(req.to_uri(), "/b?list-type=2&max-keys=5&prefix=a%20b");
    }
}
