/// A stream slot in the connection's store.
#[derive(Debug)]
pub struct Stream {
    pub id: u32,
    pub is_counted: bool,
    pub closed: bool,
    pub pending_reset_expiration: bool,
}

impl Stream {
    pub fn new(id: u32) -> Self {
        Stream {
            id,
            is_counted: false,
            closed: false,
            pending_reset_expiration: false,
        }
    }

    pub fn is_closed(&self) -> bool {
        self.closed
    }

    pub fn is_pending_reset_expiration(&self) -> bool {
        self.pending_reset_expiration
    }
}
