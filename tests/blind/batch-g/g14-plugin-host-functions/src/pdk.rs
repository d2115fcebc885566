//! All the functions in the file are exposed from inside WASM plugins
use std::io::Read;

use crate::{CurrentPlugin, Error, Val};

/// This macro unwraps input arguments to prevent functions from panicking,
/// it should be used instead of `Val::unwrap_*` functions
macro_rules! args {
    ($input:expr, $index:expr, $ty:ident) => {
        match $input[$index].$ty() {
            Some(x) => x,
            None => return Err("Invalid input type".to_string())
        }
    };
}

/// Performs the request; stands in for the blocking HTTP agent.
pub trait HttpAgent {
    fn call(&self, method: &str, url: &str, timeout: Option<std::time::Duration>) -> Result<(u16, Box<dyn Read>), Error>;
}

/// Set a variable, if the value offset is 0 then the provided key will be removed
pub fn var_set(data: &mut CurrentPlugin, input: &[Val], _output: &mut [Val]) -> Result<(), Error> {
    if data.manifest.memory.max_var_bytes.is_some_and(|x| x == 0) {
        return Err("Vars are disabled by this host".to_string());
    }

    let voffset = args!(input, 1, i64) as u64;
    let key_offs = args!(input, 0, i64) as u64;

    let key = {
        let handle = match data.memory_handle(key_offs) {
            Some(h) => h,
            None => return Err(format!("invalid handle offset for var key: {key_offs}")),
        };
        String::from_utf8_lossy(data.memory_bytes(handle)?).into_owned()
    };

    // Remove if the value offset is 0
    if voffset == 0 {
        data.vars.remove(&key);
        return Ok(());
    }

    let handle = match data.memory_handle(voffset) {
        Some(h) => h,
        None => return Err(format!("invalid handle offset for var value: {voffset}")),
    };

    let mut size =
        std::mem::size_of::<String>() + std::mem::size_of::<Vec<u8>>() + key.len() + handle.length as usize;

    for (k, v) in data.vars.iter() {
        size += k.len();
        size += v.len();
        size += std::mem::size_of::<String>() + std::mem::size_of::<Vec<u8>>();
    }

    // If the store is larger than the configured size, or 1mb by default, then stop adding things
    if size > data.manifest.memory.max_var_bytes.unwrap_or(1024 * 1024) as usize && voffset != 0 {
        return Err("Variable store is full".to_string());
    }

    let value = data.memory_bytes(handle)?.to_vec();

    // Insert the value from memory into the `vars` map
    data.vars.insert(key, value);

    Ok(())
}

/// Make an HTTP request. Params: i64 (offset to URL). Returns: i64 (offset)
pub fn http_request(data: &mut CurrentPlugin, agent: &dyn HttpAgent, input: &[Val], output: &mut [Val]) -> Result<(), Error> {
    let url_offset = args!(input, 0, i64) as u64;
    let handle = match data.memory_handle(url_offset) {
        Some(h) => h,
        None => return Err(format!("invalid handle offset for http request: {url_offset}")),
    };
    let url = String::from_utf8_lossy(data.memory_bytes(handle)?).into_owned();

    let host_str = url.split("://").nth(1).and_then(|r| r.split('/').next()).unwrap_or_default();
    let host_matches = data.manifest.allowed_hosts.as_ref().is_some_and(|hosts| {
        hosts.iter().any(|pat| pat == host_str || pat.strip_prefix("*.").is_some_and(|s| host_str.ends_with(s)))
    });
    if !host_matches {
        return Err(format!("HTTP request to {} is not allowed", url));
    }

    // Set HTTP timeout to respect the manifest timeout
    let timeout = data.time_remaining();
    let (status, reader) = agent.call("GET", &url, timeout)?;
    data.http_status = status;

    let mut buf = Vec::new();
    let max = if let Some(max) = &data.manifest.memory.max_http_response_bytes {
        reader.take(*max + 1).read_to_end(&mut buf).map_err(|e| e.to_string())?;
        *max
    } else {
        reader.take(1024 * 1024 * 50 + 1).read_to_end(&mut buf).map_err(|e| e.to_string())?;
        1024 * 1024 * 50
    };

    if buf.len() > max as usize {
        return Err(format!("HTTP response exceeds the configured maximum number of bytes: {max}"));
    }

    let mem = data.memory_new(&buf)?;
    output[0] = Val::I64(mem.offset as i64);
    Ok(())
}
