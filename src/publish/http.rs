//! Posting over HTTP with ureq (rustls, ring): ten seconds at most a post,
//! no redirects followed, an answer's body read to at most 64 KiB.

use super::{Posted, Poster};
use std::io::Read;
use std::time::Duration;

/// The most bytes of an answer read (the rest is dropped).
pub const MAX_ANSWER: u64 = 64 * 1024;

pub struct Http {
    agent: ureq::Agent,
}

impl Default for Http {
    fn default() -> Self {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(10)))
            .max_redirects(0)
            .max_redirects_will_error(false)
            .http_status_as_error(false)
            .user_agent("mailjudge")
            .build()
            .into();
        Http { agent }
    }
}

impl Poster for Http {
    fn post(&mut self, url: &str, headers: &[(&'static str, String)], body: &str) -> Posted {
        let mut req = self.agent.post(url).header("Content-Type", "application/json");
        for (k, v) in headers {
            req = req.header(*k, v);
        }
        match req.send(body) {
            Ok(resp) => {
                let status = resp.status().as_u16();
                let retry_after = resp.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|s| s.trim().parse::<u64>().ok());
                let answer = answer(resp.into_body().into_reader());
                match status {
                    200..=299 => Posted::Sent,
                    429 | 500..=599 => Posted::Retry(format!("HTTP {status}: {answer}"), retry_after),
                    401 | 403 | 404 | 410 | 100..=199 | 300..=399 | 600.. => Posted::Refused(format!("HTTP {status}: {answer}")),
                    _ => Posted::Rejected(format!("HTTP {status}: {answer}")),
                }
            }
            Err(e) => Posted::Retry(e.to_string(), None),
        }
    }
}

/// The start of an answer's body to log: at most `MAX_ANSWER` bytes read
/// (the rest is never pulled), at most 200 characters kept.
fn answer(body: impl Read) -> String {
    let mut bytes = Vec::new();
    let _ = body.take(MAX_ANSWER).read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A body of `len` bytes that counts how many were pulled from it.
    struct Counted {
        len: u64,
        pulled: std::rc::Rc<std::cell::Cell<u64>>,
    }

    impl Read for Counted {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = (self.len - self.pulled.get()).min(buf.len() as u64) as usize;
            buf[..n].fill(b'x');
            self.pulled.set(self.pulled.get() + n as u64);
            Ok(n)
        }
    }

    fn pulled(len: u64) -> (u64, String) {
        let pulled = std::rc::Rc::new(std::cell::Cell::new(0));
        let a = answer(Counted { len, pulled: pulled.clone() });
        (pulled.get(), a)
    }

    #[test]
    fn an_answer_is_read_to_its_limit_and_no_further() {
        assert_eq!(pulled(MAX_ANSWER), (MAX_ANSWER, "x".repeat(200)), "at the limit: all of it");
        assert_eq!(pulled(MAX_ANSWER + 1).0, MAX_ANSWER, "past it: the limit");
        assert_eq!(pulled(1 << 30).0, MAX_ANSWER, "a gigabyte: the limit");
        assert_eq!(pulled(5), (5, "xxxxx".into()));
    }
}
