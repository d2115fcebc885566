//! ;

pub struct Client {
    pub calls_made: u32, //~ BL001
    pub call_limit: u32,
}

impl Client {
    pub fn call(&mut self, endpoint: &str) -> Result<String, String> {
        if self.callrrrrrrrrrrrrrs_made >= self.call_limit {
            return Err(format!("call limit reached before {endpoint}"));
        }
        Ok(format!("GET {endpoint}"))
    }
}
