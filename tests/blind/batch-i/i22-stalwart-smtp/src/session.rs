use std::io::{Read, Write};

use crate::core::{Session, State};
use crate::trc::SmtpEvent;

impl<T: Read + Write> Session<T> {
    pub fn ingest(&mut self, bytes: &[u8]) -> Result<bool, ()> {
        match self.state {
            State::Data | State::DataTooLarge => return self.ingest_data(bytes),
            State::Request => {}
        }

        let text = String::from_utf8_lossy(bytes).into_owned();
        for line in text.split("\r\n").filter(|l| !l.is_empty()) {
            let (verb, arg) = line.split_once(' ').unwrap_or((line, ""));
            match verb.to_ascii_uppercase().as_str() {
                "EHLO" | "HELO" => {
                    self.data.helo_domain = arg.to_string();
                    let greeting = format!(
                        "250-{} you had me at EHLO\r\n250 SIZE {}\r\n",
                        self.hostname, self.params.max_message_size
                    );
                    self.write(greeting.as_bytes())?;
                }
                "MAIL" => {
                    self.data.mail_from = Some(arg.trim_start_matches("FROM:").to_string());
                    self.write(b"250 2.1.0 OK\r\n")?;
                }
                "RCPT" => self.handle_rcpt_to(arg.trim_start_matches("TO:").trim())?,
                "DATA" => {
                    if self.can_send_data()? {
                        self.write(b"354 Start mail input; end with <CRLF>.<CRLF>\r\n")?;
                        self.data.message = Vec::with_capacity(1024);
                        self.state = State::Data;
                    }
                }
                "RSET" => {
                    self.reset();
                    self.write(b"250 2.0.0 OK\r\n")?;
                }
                "QUIT" => {
                    self.write(b"221 2.0.0 Bye.\r\n")?;
                    return Err(());
                }
                _ => self.write(b"500 5.5.1 Invalid command.\r\n")?,
            }
        }
        Ok(true)
    }

    fn handle_rcpt_to(&mut self, to: &str) -> Result<(), ()> {
        if self.data.mail_from.is_none() {
            return self.write(b"503 5.5.1 MAIL is required first.\r\n");
        }
        if self.data.rcpt_to.len() >= self.params.rcpt_max {
            event!(
                Smtp(SmtpEvent::TooManyRecipients),
                SpanId = self.data.session_id,
                Limit = self.params.rcpt_max,
            );
            return self.write(b"455 4.5.3 Too many recipients.\r\n");
        }
        let address = to.trim_matches(|c| c == '<' || c == '>').to_lowercase();
        if self.directory.iter().any(|d| *d == address) {
            self.data.rcpt_to.push(address);
            return self.write(b"250 2.1.5 OK\r\n");
        }
        self.rcpt_error(b"550 5.1.2 Mailbox does not exist.\r\n")
    }

    fn rcpt_error(&mut self, response: &[u8]) -> Result<(), ()> {
        std::thread::sleep(self.params.rcpt_errors_wait);
        self.data.rcpt_errors += 1;
        self.write(response)?;
        if self.data.rcpt_errors < self.params.rcpt_errors_max {
            Ok(())
        } else {
            event!(
                Smtp(SmtpEvent::RcptErrorsExceeded),
                SpanId = self.data.session_id,
                Total = self.data.rcpt_errors,
            );
            self.write(b"451 4.3.0 Too many errors, disconnecting.\r\n")?;
            Err(())
        }
    }

    pub fn can_send_data(&mut self) -> Result<bool, ()> {
        if self.data.rcpt_to.is_empty() {
            self.write(b"503 5.5.1 RCPT is required first.\r\n")?;
            return Ok(false);
        }
        if self.data.messages_sent < self.params.max_messages {
            Ok(true)
        } else {
            event!(
                Smtp(SmtpEvent::TooManyMessages),
                SpanId = self.data.session_id,
                Limit = self.params.max_messages,
            );
            self.write(b"452 4.4.5 Maximum number of messages per session exceeded.\r\n")?;
            Ok(false)
        }
    }

    fn ingest_data(&mut self, bytes: &[u8]) -> Result<bool, ()> {
        if let State::Data = self.state {
            if self.data.message.len() + bytes.len() < self.params.max_message_size {
                self.data.message.extend_from_slice(bytes);
            } else {
                self.state = State::DataTooLarge;
            }
        }

        let finished = bytes.ends_with(b"\r\n.\r\n");
        if !finished {
            return Ok(true);
        }

        match std::mem::take(&mut self.state) {
            State::DataTooLarge => {
                event!(Smtp(SmtpEvent::MessageTooLarge), SpanId = self.data.session_id);
                self.data.message = Vec::with_capacity(0);
                self.write(b"552 5.3.4 Message too big for system.\r\n")?;
            }
            _ => {
                let message = std::mem::take(&mut self.data.message);
                let from = self.data.mail_from.clone().unwrap_or_default();
                self.queued.push((from, self.data.rcpt_to.clone(), message));
                self.data.messages_sent += 1;
                self.write(b"250 2.0.0 Message queued for delivery.\r\n")?;
            }
        }
        self.reset();
        Ok(true)
    }

    pub fn reset(&mut self) {
        self.data.mail_from = None;
        self.data.rcpt_to.clear();
        self.data.message = Vec::with_capacity(0);
    }
}
