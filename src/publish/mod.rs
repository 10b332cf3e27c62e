//! A game's results posted to forums by webhook: Discord (a channel's
//! webhook URL) and Discourse (a topic, with an API key). What a game
//! publishes (its results in Markdown, broadcasts, the end of the game) is
//! queued with the phase ([`queue`]) and posted after the commit by
//! [`flush`], with the outbox's retries and give-up. A URL comes from a
//! game's master: it is checked against the judge's `[webhooks]` settings
//! when set and again before every post ([`check_url`]).

pub mod http;

use crate::config::Webhooks as Policy;
pub use crate::store::values::{UrlError, Webhook, WebhookKind as Kind};
use std::net::{IpAddr, ToSocketAddrs};

/// The most webhooks one game may have.
pub const MAX_WEBHOOKS: usize = 3;
/// Discord's longest message; longer posts are split at line ends.
pub const DISCORD_MAX: usize = 2000;
/// Discourse's default longest post.
pub const DISCOURSE_MAX: usize = 32_000;

/// The host and port of an `http(s)://host[:port]/...` URL.
fn host_port(url: &str) -> Result<(bool, String, u16), UrlError> {
    let (https, rest) = if let Some(r) = url.strip_prefix("https://") {
        (true, r)
    } else if let Some(r) = url.strip_prefix("http://") {
        (false, r)
    } else {
        return Err(UrlError::Malformed);
    };
    if url.len() > 2000 || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(UrlError::Malformed);
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') || authority.is_empty() {
        return Err(UrlError::Malformed);
    }
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(']') || h.starts_with('[') => (h, p.parse::<u16>().map_err(|_| UrlError::Malformed)?),
        _ => (authority, if https { 443 } else { 80 }),
    };
    let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    if host.is_empty() || !host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':')) {
        return Err(UrlError::Malformed);
    }
    Ok((https, host, port))
}

/// Not a public unicast address: loopback, private, link-local,
/// unspecified, "this network", shared, benchmarking, multicast, reserved,
/// broadcast; IPv6 unique-local, site-local, link-local, multicast, and the
/// forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4),
/// judged by that address.
pub(crate) fn private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => {
            let o = a.octets();
            a.is_loopback()
                || a.is_private()
                || a.is_link_local()
                || a.is_unspecified()
                || a.is_broadcast()
                || a.is_multicast()
                || o[0] == 0
                || o[0] >= 240
                || o[0] == 100 && (o[1] & 0xc0) == 64
                || o[0] == 198 && (o[1] & 0xfe) == 18
                || o[0] == 192 && o[1] == 0 && o[2] == 0
        }
        IpAddr::V6(a) => {
            let s = a.segments();
            let v4 = |hi: u16, lo: u16| IpAddr::V4(std::net::Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8));
            a.is_loopback()
                || a.is_unspecified()
                || a.is_multicast()
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80
                || (s[0] & 0xffc0) == 0xfec0
                || a.to_ipv4_mapped().is_some_and(|v| private(IpAddr::V4(v)))
                // ::a.b.c.d (IPv4-compatible)
                || s[..6] == [0; 6] && private(v4(s[6], s[7]))
                // 64:ff9b::a.b.c.d (NAT64)
                || s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] && private(v4(s[6], s[7]))
                // 2002:aabb:ccdd:: (6to4)
                || s[0] == 0x2002 && private(v4(s[1], s[2]))
        }
    }
}

/// Whether the judge may post to `url`: https (unless allowed otherwise),
/// an allowed host, and (unless allowed) not one on a private network.
pub fn check_url(policy: &Policy, url: &str) -> Result<(), UrlError> {
    let (https, host, port) = host_port(url)?;
    if policy.https_only && !https {
        return Err(UrlError::NotHttps);
    }
    if !policy.allowed_hosts.contains(&host) {
        return Err(UrlError::HostNotAllowed(host));
    }
    if !policy.allowed_ports.contains(&port) {
        return Err(UrlError::PortNotAllowed(port));
    }
    if !policy.allow_private {
        let addrs: Vec<IpAddr> = (host.as_str(), port).to_socket_addrs().map_err(|_| UrlError::Unresolved(host.clone()))?.map(|a| a.ip()).collect();
        if addrs.is_empty() {
            return Err(UrlError::Unresolved(host));
        }
        if addrs.into_iter().any(private) {
            return Err(UrlError::Private(host));
        }
    }
    Ok(())
}

/// `text` in posts of at most `max` characters, cut at line ends (a line
/// longer than `max` is cut where it must be).
pub fn split(text: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        let mut line = line.to_string();
        while line.chars().count() > max {
            let cut: String = line.chars().take(max).collect();
            line = line.chars().skip(max).collect();
            if !cur.trim().is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            cur.clear();
            // a part of blanks alone would be refused as an empty post
            if !cut.trim().is_empty() {
                out.push(cut);
            }
        }
        if cur.chars().count() + line.chars().count() + 1 > max && !cur.is_empty() {
            if !cur.trim().is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            cur.clear();
        }
        if !cur.is_empty() {
            cur.push('\n');
        }
        cur.push_str(&line);
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

/// `text` with every `@name` that would notify a forum user (an `@` at the
/// start or after a character that is not a letter, digit or `_`, before a
/// letter, digit or `_`) broken by a zero-width space: it reads the same and
/// mentions nobody; mail addresses and the like are left as they are.
pub fn no_mentions(text: &str) -> String {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '@' && !prev.is_some_and(word) && chars.peek().is_some_and(|&n| word(n)) {
            out.push('\u{200B}');
        }
        prev = Some(c);
    }
    out
}

/// What one post sends: the headers and the JSON body.
pub fn request(w: &Webhook, content: &str) -> (Vec<(&'static str, String)>, String) {
    match w.kind {
        Kind::Discord => (vec![], serde_json::json!({ "content": content, "allowed_mentions": { "parse": [] } }).to_string()),
        Kind::Discourse => {
            let mut h = Vec::new();
            if let Some(k) = &w.key {
                h.push(("Api-Key", k.clone()));
            }
            if let Some(u) = &w.user {
                h.push(("Api-Username", u.clone()));
            }
            (h, serde_json::json!({ "topic_id": w.topic, "raw": content }).to_string())
        }
    }
}

/// Where a webhook posts: Discord's URL as it is, Discourse's `/posts.json`.
pub fn endpoint(w: &Webhook) -> String {
    match w.kind {
        Kind::Discord => w.url.clone(),
        Kind::Discourse => format!("{}/posts.json", w.url.trim_end_matches('/')),
    }
}

/// Queues `markdown` for each of the game's webhooks (split to fit).
pub fn queue(conn: &rusqlite::Connection, game: &crate::game::Game, markdown: &str, now: i64) -> rusqlite::Result<usize> {
    let mut n = 0;
    for w in &game.settings.webhooks {
        let max = match w.kind {
            Kind::Discord => DISCORD_MAX,
            Kind::Discourse => DISCOURSE_MAX,
        };
        let target = serde_json::to_string(w).unwrap_or_else(|e| unreachable!("a webhook serializes: {e}"));
        let text = match w.kind {
            Kind::Discord => std::borrow::Cow::Borrowed(markdown),
            Kind::Discourse => std::borrow::Cow::Owned(no_mentions(markdown)),
        };
        for part in split(&text, max) {
            crate::store::webhooks::insert(conn, game.id, &w.url, &target, &part, now)?;
            n += 1;
        }
    }
    Ok(n)
}

/// What came of one post.
pub enum Posted {
    /// Taken (2xx).
    Sent,
    /// Try again (429, 5xx, no answer), after at least this many seconds if the server said.
    Retry(String, Option<u64>),
    /// This post refused (a 4xx but for the ones below): it is dropped,
    /// the webhook's later posts still go.
    Rejected(String),
    /// The webhook refused for good (401, 403, 404, 410, another answer that
    /// is not HTTP's, a URL no longer allowed): its pending posts are dropped.
    Refused(String),
}

/// Posts over HTTP: the real one is [`http::Http`].
pub trait Poster {
    /// `allow_private`: whether the host may resolve to an address that is
    /// not public (checked on the addresses connected to).
    fn post(&mut self, url: &str, headers: &[(&'static str, String)], body: &str, allow_private: bool) -> Posted;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_post_is_split_at_line_ends_at_and_past_the_limit() {
        let line = "x".repeat(99);
        let at = vec![line.as_str(); 20].join("\n"); // 20 * 99 + 19 = 1999
        let at = format!("{at}y");
        assert_eq!(at.chars().count(), DISCORD_MAX);
        assert_eq!(split(&at, DISCORD_MAX), vec![at.clone()]);
        let past = format!("{at}\nz");
        let parts = split(&past, DISCORD_MAX);
        assert_eq!(parts, vec![at.clone(), "z".to_string()]);
        // a line longer than a post is cut
        let long = "w".repeat(DISCORD_MAX + 5);
        let parts = split(&long, DISCORD_MAX);
        assert_eq!(parts.iter().map(|p| p.chars().count()).collect::<Vec<_>>(), vec![DISCORD_MAX, 5]);
        assert!(parts.iter().all(|p| p.chars().count() <= DISCORD_MAX));
    }

    #[test]
    fn urls_are_read_strictly() {
        let mut open = crate::config::Webhooks { allowed_hosts: vec!["discord.com".into()], https_only: true, allow_private: true, allowed_ports: vec![443] };
        assert_eq!(check_url(&open, "https://discord.com/api/webhooks/1/x"), Ok(()));
        assert_eq!(check_url(&open, "https://discord.com:443/x"), Ok(()));
        // only 443 unless the keeper allows another port
        assert_eq!(check_url(&open, "https://discord.com:8443/x"), Err(UrlError::PortNotAllowed(8443)));
        assert_eq!(check_url(&open, "https://discord.com:444/x"), Err(UrlError::PortNotAllowed(444)));
        open.allowed_ports.push(8443);
        assert_eq!(check_url(&open, "https://discord.com:8443/x"), Ok(()));
        assert_eq!(check_url(&open, "https://DISCORD.com/x"), Ok(()));
        assert_eq!(check_url(&open, "https://discord.com.evil.org/x"), Err(UrlError::HostNotAllowed("discord.com.evil.org".into())));
        assert_eq!(check_url(&open, "https://a@discord.com/x"), Err(UrlError::Malformed));
        assert_eq!(check_url(&open, "https://discord.com/x y"), Err(UrlError::Malformed));
        assert_eq!(check_url(&open, "https://discord.com:99999/x"), Err(UrlError::Malformed));
        assert!(private("10.1.2.3".parse().unwrap()) && private("169.254.1.1".parse().unwrap()) && private("::1".parse().unwrap()));
        assert!(private("::ffff:192.168.1.1".parse().unwrap()) && private("fd00::1".parse().unwrap()) && private("100.64.0.1".parse().unwrap()));
        assert!(!private("162.159.128.233".parse().unwrap()));
        for ip in ["0.1.2.3", "224.0.0.1", "240.0.0.1", "198.18.0.1", "192.0.0.8", "::7f00:1", "64:ff9b::a00:1", "2002:c0a8:101::1", "fec0::1", "ff02::1"] {
            assert!(private(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["64:ff9b::a29f:80e9", "2002:a29f:80e9::1", "2606:4700::6810:85e5", "198.20.0.1"] {
            assert!(!private(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn no_post_is_blanks_alone() {
        let text = format!("a\n{}\nb", " ".repeat(DISCORD_MAX * 2 + 3));
        let parts = split(&text, DISCORD_MAX);
        assert_eq!(parts.len(), 2, "{parts:?}");
        assert_eq!((parts[0].as_str(), parts[1].trim()), ("a", "b"));
        assert!(split(&" ".repeat(DISCORD_MAX), DISCORD_MAX).is_empty());
    }

    #[test]
    fn a_discourse_post_mentions_nobody() {
        assert_eq!(no_mentions("@admins look (@all), mail p2@example.test @ noon"), "@\u{200B}admins look (@\u{200B}all), mail p2@example.test @ noon");
        assert_eq!(no_mentions("x\n@_bot"), "x\n@\u{200B}_bot");
    }
}
