//! Recursive directory iterator with depth bounds and a cap on open
//! directory handles.

use std::cmp::min;
use std::collections::BTreeMap;
use std::vec;

/// An in-memory file system stand-in: path -> children (None for files).
pub type Fs = BTreeMap<String, Option<Vec<String>>>;

#[derive(Debug, Clone)]
pub struct DirEntry {
    pub path: String,
    pub depth: usize,
    pub is_dir: bool,
}

#[derive(Debug)]
pub struct Error(pub String);

pub type Result<T> = std::result::Result<T, Error>;

struct WalkDirOptions {
    follow_links: bool,
    max_open: usize,
    min_depth: usize,
    max_depth: usize,
    contents_first: bool,
}

/// A builder to create an iterator for recursively walking a directory.
pub struct WalkDir<'fs> {
    fs: &'fs Fs,
    opts: WalkDirOptions,
    root: String,
}

impl<'fs> WalkDir<'fs> {
    pub fn new(fs: &'fs Fs, root: &str) -> Self {
        WalkDir {
            fs,
            opts: WalkDirOptions {
                follow_links: false,
                max_open: 10,
                min_depth: 0,
                max_depth: usize::MAX,
                contents_first: false,
            },
            root: root.to_string(),
        }
    }

    /// Set the minimum depth of entries yielded by the iterator.
    pub fn min_depth(mut self, depth: usize) -> Self {
        self.opts.min_depth = depth;
        if self.opts.min_depth > self.opts.max_depth {
            self.opts.min_depth = self.opts.max_depth;
        }
        self
    }

    /// Set the maximum depth of entries yield by the iterator.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.opts.max_depth = depth;
        if self.opts.max_depth < self.opts.min_depth {
            self.opts.max_depth = self.opts.min_depth;
        }
        self
    }

    pub fn follow_links(mut self, yes: bool) -> Self {
        self.opts.follow_links = yes;
        self
    }

    /// Set the maximum number of simultaneously open file descriptors used
    /// by the iterator.
    pub fn max_open(mut self, mut n: usize) -> Self {
        if n == 0 {
            n = 1;
        }
        self.opts.max_open = n;
        self
    }

    pub fn contents_first(mut self, yes: bool) -> Self {
        self.opts.contents_first = yes;
        self
    }

    pub fn into_iter(self) -> IntoIter<'fs> {
        IntoIter {
            fs: self.fs,
            opts: self.opts,
            start: Some(self.root),
            stack_list: vec![],
            oldest_opened: 0,
            depth: 0,
            deferred_dirs: vec![],
        }
    }
}

/// A sequence of unconsumed directory entries: an open handle, or the rest
/// of a handle that was closed to keep the number of open handles down.
enum DirList {
    Opened { depth: usize, it: vec::IntoIter<String> },
    Closed(vec::IntoIter<String>),
}

impl DirList {
    fn close(&mut self) {
        if let DirList::Opened { it, .. } = self {
            let rest: Vec<String> = it.collect();
            *self = DirList::Closed(rest.into_iter());
        }
    }

    fn next(&mut self) -> Option<String> {
        match self {
            DirList::Opened { it, .. } | DirList::Closed(it) => it.next(),
        }
    }
}

pub struct IntoIter<'fs> {
    fs: &'fs Fs,
    opts: WalkDirOptions,
    start: Option<String>,
    stack_list: Vec<DirList>,
    oldest_opened: usize,
    depth: usize,
    deferred_dirs: Vec<DirEntry>,
}

impl<'fs> Iterator for IntoIter<'fs> {
    type Item = Result<DirEntry>;

    fn next(&mut self) -> Option<Result<DirEntry>> {
        if let Some(start) = self.start.take() {
            let is_dir = matches!(self.fs.get(&start), Some(Some(_)));
            let dent = DirEntry { path: start, depth: 0, is_dir };
            if let Some(result) = self.handle_entry(dent) {
                return Some(result);
            }
        }
        while !self.stack_list.is_empty() {
            self.depth = self.stack_list.len();
            if let Some(dentry) = self.get_deferred_dir() {
                return Some(Ok(dentry));
            }
            if self.depth > self.opts.max_depth {
                // If we've exceeded the max depth, pop the current dir
                // so that we don't descend.
                self.pop();
                continue;
            }
            let next = self.stack_list.last_mut().expect("BUG: stack should be non-empty").next();
            match next {
                None => self.pop(),
                Some(path) => {
                    let is_dir = matches!(self.fs.get(&path), Some(Some(_)));
                    let dent = DirEntry { path, depth: self.depth, is_dir };
                    if let Some(result) = self.handle_entry(dent) {
                        return Some(result);
                    }
                }
            }
        }
        if self.opts.contents_first {
            self.depth = self.stack_list.len();
            if let Some(dentry) = self.get_deferred_dir() {
                return Some(Ok(dentry));
            }
        }
        None
    }
}

impl<'fs> IntoIter<'fs> {
    fn handle_entry(&mut self, dent: DirEntry) -> Option<Result<DirEntry>> {
        let is_normal_dir = dent.is_dir;
        if is_normal_dir {
            if let Err(e) = self.push(&dent) {
                return Some(Err(e));
            }
        }
        if is_normal_dir && self.opts.contents_first {
            self.deferred_dirs.push(dent);
            None
        } else if self.skippable() {
            None
        } else {
            Some(Ok(dent))
        }
    }

    fn get_deferred_dir(&mut self) -> Option<DirEntry> {
        if self.opts.contents_first && self.depth < self.deferred_dirs.len() {
            // Unwrap is safe here because we've guaranteed that
            // `self.deferred_dirs.len()` can never be less than 1
            let deferred = self.deferred_dirs.pop().expect("BUG: deferred_dirs should be non-empty");
            if !self.skippable() {
                return Some(deferred);
            }
        }
        None
    }

    fn push(&mut self, dent: &DirEntry) -> Result<()> {
        // Make room for another open file descriptor if we've hit the max.
        let free = self.stack_list.len().checked_sub(self.oldest_opened).unwrap();
        if free == self.opts.max_open {
            self.stack_list[self.oldest_opened].close();
        }
        // Open a handle to reading the directory's entries.
        let children = match self.fs.get(&dent.path) {
            Some(Some(children)) => children.clone(),
            _ => return Err(Error(format!("{}: not a directory", dent.path))),
        };
        let list = DirList::Opened { depth: self.depth, it: children.into_iter() };
        if let DirList::Opened { depth, .. } = &list {
            debug_assert!(*depth <= self.stack_list.len());
        }
        self.stack_list.push(list);
        // If we had to close out a previous directory stream, then we need to
        // increment our index the oldest still-open stream. We do this only
        // after adding to our stack, in order to ensure that the oldest_opened
        // index remains valid.
        if free == self.opts.max_open {
            // Unwrap is safe here because self.oldest_opened is guaranteed to
            // never be greater than `self.stack_list.len()`.
            self.oldest_opened = self.oldest_opened.checked_add(1).unwrap();
        }
        Ok(())
    }

    fn pop(&mut self) {
        self.stack_list.pop().expect("BUG: cannot pop from empty stack");
        // If everything in the stack is already closed, then there is
        // room for at least one more open descriptor and it will
        // always be at the top of the stack.
        self.oldest_opened = min(self.oldest_opened, self.stack_list.len());
    }

    fn skippable(&self) -> bool {
        self.depth < self.opts.min_depth || self.depth > self.opts.max_depth
    }

    /// Whether the walk follows symbolic links (the stand-in has none).
    pub fn follows_links(&self) -> bool {
        self.opts.follow_links
    }
}
