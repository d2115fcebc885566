//! A small blocking HTTP client: request preparation, redirects, response
//! parsing.

mod error {
    use std::fmt;

    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum InvalidResponseKind {
        /// Invalid or missing Location header in redirection
        LocationHeader,
        /// Invalid redirection URL
        RedirectionUrl,
        /// Status line
        StatusLine,
        /// Header
        Header,
        /// Too many headers in the response.
        TooManyHeaders,
    }

    #[derive(Debug)]
    pub enum ErrorKind {
        /// IO Error
        Io(std::io::Error),
        /// Invalid response
        InvalidResponse(InvalidResponseKind),
        /// Too many redirections
        TooManyRedirections,
        /// The overall request timeout elapsed.
        Timeout,
    }

    #[derive(Debug)]
    pub struct Error(pub(crate) Box<ErrorKind>);

    impl Error {
        pub fn kind(&self) -> &ErrorKind {
            &self.0
        }
    }

    impl fmt::Display for Error {
        fn fmt(&self, w: &mut fmt::Formatter) -> fmt::Result {
            match self.kind() {
                ErrorKind::Io(e) => write!(w, "Io Error: {}", e),
                ErrorKind::InvalidResponse(k) => write!(w, "InvalidResponse: {:?}", k),
                ErrorKind::TooManyRedirections => write!(w, "Too many redirections"),
                ErrorKind::Timeout => write!(w, "Request timed out"),
            }
        }
    }

    impl std::error::Error for Error {}

    impl From<ErrorKind> for Error {
        fn from(err: ErrorKind) -> Error {
            Error(Box::new(err))
        }
    }

    impl From<InvalidResponseKind> for Error {
        fn from(kind: InvalidResponseKind) -> Error {
            ErrorKind::InvalidResponse(kind).into()
        }
    }

    impl From<std::io::Error> for Error {
        fn from(err: std::io::Error) -> Error {
            ErrorKind::Io(err).into()
        }
    }

    pub type Result<T = ()> = std::result::Result<T, Error>;
}
mod parsing;
mod request;
mod settings;

pub use error::{Error, ErrorKind, InvalidResponseKind, Result};
pub use parsing::Response;
pub use request::{ConnectInfo, Method, PreparedRequest, Transport};
pub use settings::BaseSettings;
