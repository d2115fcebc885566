use std::io::{ErrorKind, Read, Write};
use std::time::Instant;

use crate::core::Session;
use crate::trc::SmtpEvent;

/// Streams that can have a read timeout applied.
pub trait SessionStream: Read + Write {
    fn set_read_timeout(&mut self, timeout: std::time::Duration) -> std::io::Result<()>;
}

impl SessionStream for std::net::TcpStream {
    fn set_read_timeout(&mut self, timeout: std::time::Duration) -> std::io::Result<()> {
        std::net::TcpStream::set_read_timeout(self, Some(timeout))
    }
}

impl<T: SessionStream> Session<T> {
    pub fn handle_conn(&mut self) -> bool {
        let mut buf = vec![0; 8192];
        self.eval_session_params();
        if self.stream.set_read_timeout(self.params.timeout).is_err() {
            return false;
        }
        if self.write(b"220 ESMTP at your service.\r\n").is_err() {
            return false;
        }

        loop {
            match self.stream.read(&mut buf) {
                Ok(bytes_read) => {
                    if bytes_read > 0 {
                        if Instant::now() < self.data.valid_until && bytes_read <= self.data.bytes_left {
                            self.data.bytes_left -= bytes_read;
                            match self.ingest(&buf[..bytes_read]) {
                                Ok(true) => (),
                                Ok(false) => {
                                    return true;
                                }
                                Err(_) => {
                                    break;
                                }
                            }
                        } else if bytes_read > self.data.bytes_left {
                            let _ = self.write(
                                format!("451 4.7.28 {} Session exceeded transfer quota.\r\n", self.hostname)
                                    .as_bytes(),
                            );
                            event!(
                                Smtp(SmtpEvent::TransferLimit),
                                SpanId = self.data.session_id,
                                Limit = self.params.transfer_limit,
                            );
                            break;
                        } else {
                            let _ = self.write(
                                format!("453 4.3.2 {} Session open for too long.\r\n", self.hostname)
                                    .as_bytes(),
                            );
                            event!(
                                Smtp(SmtpEvent::LoiterTimeout),
                                SpanId = self.data.session_id,
                                Limit = self.params.duration,
                            );
                            break;
                        }
                    } else {
                        break;
                    }
                }
                Err(err) if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    event!(Smtp(SmtpEvent::IdleTimeout), SpanId = self.data.session_id);
                    let _ = self.write(
                        format!("221 2.0.0 {} Disconnecting inactive client.\r\n", self.hostname)
                            .as_bytes(),
                    );
                    break;
                }
                Err(_) => break,
            }
        }

        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::SessionParameters;
    use std::collections::VecDeque;
    use std::time::Duration;

    struct Script {
        input: VecDeque<Vec<u8>>,
        output: Vec<u8>,
    }

    impl Read for Script {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.input.pop_front() {
                Some(chunk) => {
                    buf[..chunk.len()].copy_from_slice(&chunk);
                    Ok(chunk.len())
                }
                None => Ok(0),
            }
        }
    }

    impl Write for Script {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.output.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl SessionStream for Script {
        fn set_read_timeout(&mut self, _timeout: Duration) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn session(chunks: &[&str], params: SessionParameters) -> Session<Script> {
        let stream = Script {
            input: chunks.iter().map(|c| c.as_bytes().to_vec()).collect(),
            output: Vec::new(),
        };
        let mut s = Session::new(stream, 1, params);
        s.directory.push("jane@example.org".to_string());
        s
    }

    #[test]
    fn message_limit() {
        let params = SessionParameters { max_messages: 1, ..Default::default() };
        let mut s = session(
            &[
                "EHLO x\r\nMAIL FROM:<a@b>\r\nRCPT TO:<jane@example.org>\r\nDATA\r\n",
                "hello\r\n.\r\n",
                "MAIL FROM:<a@b>\r\nRCPT TO:<jane@example.org>\r\nDATA\r\n",
            ],
            params,
        );
        s.handle_conn();
        assert_eq!(s.queued.len(), 1);
        let out = String::from_utf8_lossy(&s.stream.output).into_owned();
        assert!(out.contains("452 4.4.5"));
    }

    #[test]
    fn transfer_quota() {
        let params = SessionParameters { transfer_limit: 10, ..Default::default() };
        let mut s = session(&["EHLO a-rather-long-hostname.example\r\n"], params);
        s.handle_conn();
        let out = String::from_utf8_lossy(&s.stream.output).into_owned();
        assert!(out.contains("451 4.7.28"));
    }
}
