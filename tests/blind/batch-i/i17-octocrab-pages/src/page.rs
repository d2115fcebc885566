use crate::{Issue, Octocrab, Result, Transport};

/// A Page of GitHub results, with links to the next and previous page.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub incomplete_results: Option<bool>,
    pub total_count: Option<u64>,
    pub next: Option<String>,
    pub prev: Option<String>,
    pub first: Option<String>,
    pub last: Option<String>,
}

impl<T> Page<T> {
    /// Returns the current set of items, replacing it with an empty Vec.
    pub fn take_items(&mut self) -> Vec<T> {
        std::mem::take(&mut self.items)
    }

    /// If `last` is present, return the number of pages for this navigation.
    pub fn number_of_pages(&self) -> Option<u32> {
        let last = self.last.as_ref()?;
        let query = last.split_once('?')?.1;
        query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(k, _)| *k == "page")
            .and_then(|(_, v)| v.parse().ok())
    }
}

impl<T> Default for Page<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            incomplete_results: None,
            total_count: None,
            next: None,
            prev: None,
            first: None,
            last: None,
        }
    }
}

impl<T> IntoIterator for Page<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<Self::Item>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

/// Iterates over the items of a listing, following `next` links lazily.
pub struct PageIter<'c, T: Transport> {
    crab: &'c Octocrab<T>,
    next: Option<String>,
    buffer: std::vec::IntoIter<Issue>,
    /// Items received from the API so far.
    received: usize,
    /// Stop requesting further pages once this many items have arrived.
    max_items: Option<usize>,
}

impl<'c, T: Transport> PageIter<'c, T> {
    pub fn new(crab: &'c Octocrab<T>, first_page: Page<Issue>, max_items: Option<usize>) -> Self {
        let mut iter = PageIter {
            crab,
            next: None,
            buffer: Vec::new().into_iter(),
            received: 0,
            max_items,
        };
        iter.absorb(first_page);
        iter
    }

    fn absorb(&mut self, mut page: Page<Issue>) {
        self.received += page.items.len();
        if let Some(max_items) = self.max_items {
            if self.received == max_items { //@ BL006
                page.next = None;
            }
        }
        self.next = page.next.take();
        self.buffer = page.take_items().into_iter();
    }
}

impl<T: Transport> Iterator for PageIter<'_, T> {
    type Item = Result<Issue>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.buffer.next() {
                return Some(Ok(item));
            }
            let url = self.next.take()?;
            match self.crab.get_page(&url) {
                Ok(page) => self.absorb(page),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}
