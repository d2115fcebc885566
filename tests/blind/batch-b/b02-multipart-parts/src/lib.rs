//! Multipart upload driver for S3-compatible object stores.
//!
//! The store rejects an upload with more than 10 000 parts or an object
//! bigger than 5 TiB, but only when the upload is completed, after every
//! byte has been paid for. The driver refuses earlier.

use std::fmt;

/// Hard limits of the object store, plus our own retry allowance.
#[derive(Debug, Clone, Copy)]
pub struct UploadLimits {
    pub max_parts: u32,
    pub max_object_bytes: u64,
    pub min_part_bytes: u64,
    pub max_part_retries: u32,
}

impl Default for UploadLimits {
    fn default() -> Self {
        UploadLimits {
            max_parts: 10_000,
            max_object_bytes: 5 * 1024 * 1024 * 1024 * 1024,
            min_part_bytes: 5 * 1024 * 1024,
            max_part_retries: 20,
        }
    }
}

/// Progress of one upload, reported to the caller after every part.
#[derive(Debug, Default, Clone)]
pub struct UploadProgress {
    pub parts_uploaded: u32,
    pub bytes_uploaded: u64,
    pub retries_spent: u32,
}

#[derive(Debug)]
pub enum UploadError {
    TooManyParts { limit: u32 },
    ObjectTooLarge { limit: u64 },
    PartTooSmall { part: u32, len: u64 },
    RetriesExhausted { part: u32, last: String },
}

impl fmt::Display for UploadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UploadError::TooManyParts { limit } => write!(f, "upload would exceed {limit} parts"),
            UploadError::ObjectTooLarge { limit } => write!(f, "object would exceed {limit} bytes"),
            UploadError::PartTooSmall { part, len } => {
                write!(f, "part {part} is {len} bytes, below the store minimum")
            }
            UploadError::RetriesExhausted { part, last } => {
                write!(f, "part {part} kept failing: {last}")
            }
        }
    }
}

/// Sends one part; returns its ETag.
pub trait PartSink {
    fn put_part(&mut self, part_number: u32, body: &[u8]) -> Result<String, String>;
}

pub struct MultipartUpload<S> {
    sink: S,
    limits: UploadLimits,
    progress: UploadProgress,
    etags: Vec<(u32, String)>,
}

impl<S: PartSink> MultipartUpload<S> {
    pub fn new(sink: S, limits: UploadLimits) -> Self {
        MultipartUpload {
            sink,
            limits,
            progress: UploadProgress::default(),
            etags: Vec::new(),
        }
    }

    /// Refuses a part that would take the upload past the store's limits.
    fn admit_part(&self, len: u64, is_last: bool) -> Result<u32, UploadError> {
        let next = self.progress.parts_uploaded + 1;
        if self.progress.parts_uploaded >= self.limits.max_parts {
            return Err(UploadError::TooManyParts { limit: self.limits.max_parts });
        }
        if self.progress.bytes_uploaded + len > self.limits.max_object_bytes {
            return Err(UploadError::ObjectTooLarge { limit: self.limits.max_object_bytes });
        }
        if !is_last && len < self.limits.min_part_bytes {
            return Err(UploadError::PartTooSmall { part: next, len });
        }
        Ok(next)
    }

    /// Sends a part, retrying transient failures while the upload's retry
    /// allowance lasts.
    fn send_with_retries(&mut self, part_number: u32, body: &[u8]) -> Result<String, UploadError> {
        loop {
            match self.sink.put_part(part_number, body) {
                Ok(etag) => return Ok(etag),
                Err(last) => {
                    if self.progress.retries_spent >= self.limits.max_part_retries {
                        return Err(UploadError::RetriesExhausted { part: part_number, last });
                    }
                    self.progress.retries_spent += 1;
                }
            }
        }
    }

    pub fn upload_part(&mut self, body: &[u8], is_last: bool) -> Result<&UploadProgress, UploadError> {
        let part_number = self.admit_part(body.len() as u64, is_last)?;
        let etag = self.send_with_retries(part_number, body)?;
        self.etags.push((part_number, etag));
        self.progress.parts_uploaded += 1;
        self.progress.bytes_uploaded += body.len() as u64;
        Ok(&self.progress)
    }

    /// The `CompleteMultipartUpload` manifest.
    pub fn manifest(&self) -> String {
        let mut xml = String::from("<CompleteMultipartUpload>");
        for (n, etag) in &self.etags {
            xml.push_str(&format!("<Part><PartNumber>{n}</PartNumber><ETag>{etag}</ETag></Part>"));
        }
        xml.push_str("</CompleteMultipartUpload>");
        xml
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Flaky {
        fail_first: u32,
    }

    impl PartSink for Flaky {
        fn put_part(&mut self, n: u32, _body: &[u8]) -> Result<String, String> {
            if self.fail_first > 0 {
                self.fail_first -= 1;
                return Err("503 SlowDown".into());
            }
            Ok(format!("etag-{n}"))
        }
    }

    #[test]
    fn refuses_part_past_the_part_limit() {
        let limits = UploadLimits { max_parts: 2, min_part_bytes: 1, ..UploadLimits::default() };
        let mut up = MultipartUpload::new(Flaky { fail_first: 0 }, limits);
        up.upload_part(b"aa", false).unwrap();
        up.upload_part(b"bb", false).unwrap();
        assert!(matches!(up.upload_part(b"c", true), Err(UploadError::TooManyParts { .. })));
    }

    #[test]
    fn retry_allowance_is_shared_by_parts() {
        let limits = UploadLimits { max_part_retries: 2, min_part_bytes: 1, ..UploadLimits::default() };
        let mut up = MultipartUpload::new(Flaky { fail_first: 3 }, limits);
        assert!(up.upload_part(b"aa", true).is_err());
    }
}
