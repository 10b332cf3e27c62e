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
                let mut answer = String::new();
                let _ = resp.into_body().into_reader().take(MAX_ANSWER).read_to_string(&mut answer);
                let answer: String = answer.chars().take(200).collect();
                match status {
                    200..=299 => Posted::Sent,
                    429 | 500..=599 => Posted::Retry(format!("HTTP {status}: {answer}"), retry_after),
                    _ => Posted::Refused(format!("HTTP {status}: {answer}")),
                }
            }
            Err(e) => Posted::Retry(e.to_string(), None),
        }
    }
}
