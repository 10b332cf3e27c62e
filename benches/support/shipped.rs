//! The judge the judge and memory benches run: the shipped default configuration on
//! a temporary spool (a club's domain trusted, no per-sender rate limit), and the
//! plain order mail they spool. Included by each with `#[path]`.

use mailjudge::config::{Config, DEFAULT_TOML};
use std::path::Path;

pub fn config(dir: &Path) -> Config {
    let text = DEFAULT_TOML
        .replace("address = \"judge@localhost\"", "address = \"judge@example.test\"")
        .replace("path = \"./var/inbox\"", &format!("path = {:?}", dir.join("inbox")))
        .replace("path = \"./var/outbox\"", &format!("path = {:?}", dir.join("outbox")))
        .replace("database = \"./var/mailjudge.db\"", &format!("database = {:?}", dir.join("judge.db")))
        .replace("mails_per_sender_per_hour = 60", "mails_per_sender_per_hour = 1000000")
        // players of a club: their mail is sent, not held for consent
        .replace("trusted_domains = []", "trusted_domains = [\"example.test\"]");
    Config::from_toml(&text).unwrap()
}

pub fn mail(from: &str, id: &str, body: &str) -> Vec<u8> {
    format!("From: {from}\r\nTo: judge@example.test\r\nSubject: orders\r\nDate: Mon, 23 Nov 2026 12:00:00 +0000\r\nMessage-ID: <{id}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}").into_bytes()
}

pub const LETTERS: &str = "AEFGIRT";
