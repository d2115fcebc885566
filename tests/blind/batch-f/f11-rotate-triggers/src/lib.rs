//! File rotation for writers with modular triggers and rotators: triggers
//! decide *when* to rotate (bytes, lines, ...), rotators decide *how*.

use std::io::{self, Write};

pub mod rotators;
pub mod triggers;

pub use rotators::MemoryRotator;
pub use triggers::{Bytes, LineCount, TriggerCombinator, TriggerExt};

/// Handles *when* to rotate.
pub trait Trigger {
    /// Called for every write. Counts properties of the output stream and decides whether to perform a rotation or not.
    fn trigger(&mut self, bytes: &[u8]) -> Action;
    /// Reset the current state. Called when `trigger` returns Action::Rotate.
    fn reset(&mut self);
}

/// Rotator provides Write instances and handles switching between them
pub trait Rotator {
    type Writer: Write;

    /// Create the initial writer
    fn initial(&mut self) -> io::Result<Self::Writer>;

    /// Rotate to a new writer, taking the previous one for cleanup
    fn rotate(&mut self, current: Self::Writer) -> io::Result<Self::Writer>;
}

/// Decides whether to trigger a log rotation.
pub enum Action {
    /// Rotate the log file, reporting how many bytes the current log has consumed from the
    /// buffer to write to the log file. The remaining bytes will be written to the new log.
    Rotate { consumed: usize },
    /// Do not perform a log rotation.
    None,
}

/// The main writer used for rotating logs.
pub struct FileRotate<R: Rotator, T: Trigger> {
    writer: Option<R::Writer>,
    pub rotator: R,
    trigger: T,
}

impl<R: Rotator, T: Trigger> FileRotate<R, T> {
    pub fn new(mut rotator: R, trigger: T) -> io::Result<Self> {
        let writer = Some(rotator.initial()?);
        Ok(Self { writer, rotator, trigger })
    }
}

impl<R: Rotator, T: Trigger> Write for FileRotate<R, T> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut begin = 0;

        loop {
            match self.trigger.trigger(&buf[begin..]) {
                Action::Rotate { consumed } => {
                    // Take writer, write consumed bytes, then rotate.
                    let mut writer = self.writer.take().ok_or_else(|| io::Error::other("No writer available"))?;
                    let write_res = writer.write_all(&buf[begin..begin + consumed]);

                    // Rotate regardless; if write failed, propagate after rotation to keep state consistent
                    match (write_res, self.rotator.rotate(writer)) {
                        (Ok(()), Ok(new_writer)) => self.writer = Some(new_writer),
                        (Err(e), Ok(new_writer)) => {
                            self.writer = Some(new_writer);
                            return Err(e);
                        }
                        (Ok(()), Err(e)) | (Err(e), Err(_)) => {
                            self.writer = None;
                            return Err(e);
                        }
                    }

                    begin += consumed;
                    self.trigger.reset();
                }
                Action::None => {
                    let writer = self.writer.as_mut().ok_or_else(|| io::Error::other("No writer available"))?;
                    writer.write_all(&buf[begin..])?;
                    return Ok(buf.len());
                }
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.writer {
            Some(writer) => writer.flush(),
            None => Err(io::Error::other("No writer to flush")),
        }
    }
}
