//! Posting over HTTP with ureq (rustls, ring): ten seconds at most a post,
//! no redirects followed, an answer's body read to at most 64 KiB, and
//! (unless the keeper allows private addresses) the addresses a host
//! resolves to checked by the resolver ureq connects with, so that a name
//! cannot resolve to a public address for the check and to a private one
//! for the connection.

use super::{Posted, Poster};
use std::io::Read;
use std::time::Duration;

/// The most bytes of an answer read (the rest is dropped).
pub const MAX_ANSWER: u64 = 64 * 1024;

#[derive(Default)]
pub struct Http {
    /// The agents made so far: refusing private addresses, allowing them.
    agents: [Option<ureq::Agent>; 2],
}

impl Http {
    /// `allow_private`: the keeper's `webhooks.allow_private`.
    fn agent(&mut self, allow_private: bool) -> &ureq::Agent {
        self.agents[allow_private as usize].get_or_insert_with(|| Http::make(allow_private))
    }

    fn make(allow_private: bool) -> ureq::Agent {
        let config = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(10)))
            .max_redirects(0)
            .max_redirects_will_error(false)
            .http_status_as_error(false)
            .user_agent("mailjudge")
            // no proxy from the environment: through a proxy the resolver
            // below would check the proxy's address, not the forum's
            .proxy(None)
            .build();
        // ureq's resolver and connector are "unversioned" API: pinned by
        // Cargo.lock, and this is the one place that uses them
        ureq::Agent::with_parts(config, ureq::unversioned::transport::DefaultConnector::default(), Checked { allow_private })
    }
}

/// ureq's own resolver, refusing a host any of whose addresses is not
/// public (unless allowed).
#[derive(Debug)]
struct Checked {
    allow_private: bool,
}

impl ureq::unversioned::resolver::Resolver for Checked {
    fn resolve(
        &self,
        uri: &ureq::http::Uri,
        config: &ureq::config::Config,
        timeout: ureq::unversioned::transport::NextTimeout,
    ) -> Result<ureq::unversioned::resolver::ResolvedSocketAddrs, ureq::Error> {
        let addrs = ureq::unversioned::resolver::DefaultResolver::default().resolve(uri, config, timeout)?;
        if !self.allow_private && addrs.iter().any(|a| super::private(a.ip())) {
            return Err(ureq::Error::Io(std::io::Error::other(crate::report::say::judge::webhook_not_public(uri.host().unwrap_or("")))));
        }
        Ok(addrs)
    }
}

impl Poster for Http {
    fn post(&mut self, url: &str, headers: &[(&'static str, String)], body: &str, allow_private: bool) -> Posted {
        let mut req = self.agent(allow_private).post(url).header("Content-Type", "application/json");
        for (k, v) in headers {
            req = req.header(*k, v);
        }
        match req.send(body) {
            Ok(resp) => {
                let status = resp.status().as_u16();
                let retry_after = resp.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|s| s.trim().parse::<u64>().ok());
                let answer = scrub(&answer(resp.into_body().into_reader()), url, headers);
                match status {
                    200..=299 => Posted::Sent,
                    429 | 500..=599 => Posted::Retry(format!("HTTP {status}: {answer}"), retry_after),
                    401 | 403 | 404 | 410 | 100..=199 | 300..=399 | 600.. => Posted::Refused(format!("HTTP {status}: {answer}")),
                    _ => Posted::Rejected(format!("HTTP {status}: {answer}")),
                }
            }
            Err(e) => Posted::Retry(scrub(&e.to_string(), url, headers), None),
        }
    }
}

/// `text` (an error or a server's answer, to be logged and stored) with
/// the URL, its path and every header value (the key) taken out: they are
/// secrets (a Discord webhook's token is in its path).
fn scrub(text: &str, url: &str, headers: &[(&'static str, String)]) -> String {
    let path = url.splitn(4, '/').nth(3).map(|p| format!("/{p}"));
    let mut out = text.replace(url, "[webhook]");
    for secret in path.iter().map(String::as_str).chain(headers.iter().map(|(_, v)| v.as_str())) {
        if secret.len() >= 4 {
            out = out.replace(secret, "[secret]");
        }
    }
    out
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

    #[test]
    fn errors_never_carry_the_url_or_the_key() {
        let url = "https://discord.com/api/webhooks/12/TOKEN";
        let h = [("Api-Key", "k3y-s3cret".to_string())];
        let t = scrub(&format!("io error for {url}: refused (GET /api/webhooks/12/TOKEN, key k3y-s3cret)"), url, &h);
        assert!(!t.contains("TOKEN") && !t.contains("k3y-s3cret") && t.contains("refused"), "{t}");
    }

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
