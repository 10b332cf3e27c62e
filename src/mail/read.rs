//! Reading inbound mail: who sent it, its command lines, and whether to answer.
//!
//! mail-parser does the MIME work (multipart, charsets, quoted-printable, base64,
//! HTML-only mail turned into text). Here: the judge-specific part — which text
//! is commands (not quoted reply text, not a signature) and which mail must never
//! be answered (bounces, auto-replies, list traffic, the judge's own mail).

use mail_parser::MessageParser;
use sha2::{Digest, Sha256};

/// Limits applied while reading.
#[derive(Clone, Copy, Debug)]
pub struct ReadLimits {
    pub max_bytes: usize,
    pub max_lines: usize,
}

/// A mail the judge will answer.
#[derive(Clone, Debug)]
pub struct Incoming {
    pub message_id: String,
    /// The sender's address (from Reply-To if given, else From).
    pub reply_to: String,
    /// The From address, lowercased (for rate limits and records).
    pub from: String,
    pub subject: String,
    /// Body lines that may hold commands, in order.
    pub lines: Vec<String>,
    /// Lines cut because of the line limit.
    pub cut_lines: usize,
    /// The mail was over the size limit: nothing in it is read.
    pub too_large: bool,
    /// The References chain to continue in the reply.
    pub references: Vec<String>,
}

/// What to do with a mail.
#[derive(Clone, Debug)]
pub enum Verdict {
    Answer(Incoming),
    /// Never answered (logged and kept).
    /// `unreadable`: not a mail at all (set aside for the keeper).
    Ignore { message_id: String, from: String, reason: String, unreadable: bool },
}

impl Verdict {
    pub fn message_id(&self) -> &str {
        match self {
            Verdict::Answer(i) => &i.message_id,
            Verdict::Ignore { message_id, .. } => message_id,
        }
    }
    pub fn from(&self) -> &str {
        match self {
            Verdict::Answer(i) => &i.from,
            Verdict::Ignore { from, .. } => from,
        }
    }
}

/// A stable identity for a mail: its Message-ID, or a hash of its content.
pub fn content_id(raw: &[u8]) -> String {
    let h = Sha256::digest(raw);
    let hex: String = h.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("<sha256-{hex}@content>")
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim())
}

/// Reads a raw mail. `judge` is the judge's own address.
pub fn read(raw: &[u8], judge: &str, limits: ReadLimits) -> Verdict {
    let too_large = raw.len() > limits.max_bytes;
    // headers are at the start: for an oversized mail, read only a prefix
    let view = if too_large { &raw[..raw.len().min(64 * 1024)] } else { raw };
    let parsed = MessageParser::default().parse(view);
    let Some(msg) = parsed else {
        return Verdict::Ignore { message_id: content_id(raw), from: String::new(), reason: "not a mail message (no headers)".into(), unreadable: true };
    };
    let headers: Vec<(String, String)> = msg.headers_raw().map(|(n, v)| (n.to_string(), v.to_string())).collect();
    if !["From", "Sender", "To", "Subject", "Date", "Message-ID"].iter().any(|h| header(&headers, h).is_some()) {
        return Verdict::Ignore { message_id: content_id(raw), from: String::new(), reason: "not a mail message (no mail headers)".into(), unreadable: true };
    }
    let message_id = match msg.message_id() {
        Some(id) if !id.trim().is_empty() && id.len() < 500 => format!("<{}>", id.trim().trim_matches(['<', '>'])),
        _ => content_id(raw),
    };
    let from_addr = msg.from().and_then(|a| a.first()).and_then(|a| a.address()).map(|s| s.trim().to_ascii_lowercase());
    let from = from_addr.clone().unwrap_or_default();
    let ignore = |reason: &str| Verdict::Ignore { message_id: message_id.clone(), from: from.clone(), reason: reason.to_string(), unreadable: false };
    let Some(from_addr) = from_addr.filter(|a| a.parse::<lettre::Address>().is_ok()) else {
        return ignore("no usable From address");
    };
    let judge = judge.to_ascii_lowercase();
    if from_addr == judge {
        return ignore("sent by the judge itself");
    }
    if header(&headers, "X-Loop").is_some_and(|v| v.to_ascii_lowercase().contains(&judge)) {
        return ignore("mail loop (X-Loop names this judge)");
    }
    if let Some(v) = header(&headers, "Auto-Submitted")
        && !v.to_ascii_lowercase().starts_with("no")
    {
        return ignore("automatic mail (Auto-Submitted)");
    }
    if let Some(v) = header(&headers, "Precedence") {
        let v = v.to_ascii_lowercase();
        if ["bulk", "junk", "list", "auto_reply"].iter().any(|p| v.contains(p)) {
            return ignore("bulk or list mail (Precedence)");
        }
    }
    if header(&headers, "X-Autoreply").is_some() || header(&headers, "X-Autorespond").is_some() {
        return ignore("automatic reply");
    }
    if ["List-Id", "List-Unsubscribe", "List-Post"].iter().any(|h| header(&headers, h).is_some()) {
        return ignore("mailing-list traffic");
    }
    if header(&headers, "Return-Path").is_some_and(|v| v.replace(' ', "") == "<>") {
        return ignore("bounce (empty Return-Path)");
    }
    let local = from_addr.split('@').next().unwrap_or_default();
    if ["mailer-daemon", "noreply", "no-reply", "do-not-reply", "donotreply"].contains(&local) {
        return ignore("sent by a mail system (MAILER-DAEMON or no-reply)");
    }
    if header(&headers, "Content-Type").is_some_and(|v| v.to_ascii_lowercase().contains("multipart/report")) {
        return ignore("delivery report (bounce)");
    }
    let reply_to = msg
        .reply_to()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|s| s.trim().to_string())
        .filter(|a| a.parse::<lettre::Address>().is_ok() && !a.eq_ignore_ascii_case(&judge))
        .unwrap_or_else(|| from_addr.clone());
    let subject = msg.subject().unwrap_or("").chars().filter(|c| !c.is_control()).take(200).collect();
    let mut references: Vec<String> = msg.references().as_text_list().map(|l| l.iter().map(|s| format!("<{}>", s.trim_matches(['<', '>']))).collect()).unwrap_or_default();
    if references.is_empty()
        && let Some(r) = msg.references().as_text()
    {
        references.push(format!("<{}>", r.trim_matches(['<', '>'])));
    }
    let (lines, cut_lines) = if too_large {
        (Vec::new(), 0)
    } else {
        let html_only = msg.text_body_count() > 0 && msg.text_part(0).is_some_and(|p| matches!(p.body, mail_parser::PartType::Html(_)));
        let text = if html_only {
            msg.body_html(0).map(|h| html_text(&h)).unwrap_or_default()
        } else {
            msg.body_text(0).map(|t| t.into_owned()).unwrap_or_default()
        };
        command_lines(&text, limits.max_lines)
    };
    Verdict::Answer(Incoming { message_id, reply_to, from: from_addr, subject, lines, cut_lines, too_large, references })
}

/// HTML to text with one line per block (`<div>`, `<p>`, `<br>`, list items,
/// table rows), as mail programs write one line of the editor per block.
pub fn html_text(html: &str) -> String {
    let html = &strip_blockquotes(html);
    let mut s = String::with_capacity(html.len() + 64);
    let lower = html.to_ascii_lowercase();
    let mut last = 0;
    for (i, _) in lower.match_indices('<') {
        let tag = &lower[i + 1..];
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if matches!(name.as_str(), "br" | "div" | "p" | "li" | "tr" | "h1" | "h2" | "h3" | "blockquote" | "pre") {
            s.push_str(&html[last..i]);
            s.push_str("<br>");
            last = i;
        }
    }
    s.push_str(&html[last..]);
    // a <br> per block boundary: html_to_text turns each into a line break
    let text = mail_parser::decoders::html::html_to_text(&s);
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Drops `<blockquote>` sections (quoted replies in HTML mail), nested or not.
fn strip_blockquotes(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut depth = 0usize;
    let mut i = 0;
    while i < html.len() {
        if lower[i..].starts_with("<blockquote") {
            depth += 1;
        } else if lower[i..].starts_with("</blockquote") {
            depth = depth.saturating_sub(1);
            i += lower[i..].find('>').map(|k| k + 1).unwrap_or(html.len() - i);
            continue;
        }
        let ch = html[i..].chars().next().expect("in range");
        if depth == 0 {
            out.push(ch);
        }
        i += ch.len_utf8();
    }
    out
}

/// The lines of a body that may hold commands: quoted text (`>`), everything
/// after a signature separator (`-- `) or a quoted-reply header ("On ... wrote:",
/// "-----Original Message-----") is left out. Returns the lines and how many were
/// cut by `max_lines`.
pub fn command_lines(text: &str, max_lines: usize) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let mut cut = 0;
    for raw in text.lines() {
        let line = raw.trim_end_matches('\r');
        if line == "-- " || line == "--" {
            break;
        }
        let t = line.trim();
        let lower = t.to_ascii_lowercase();
        if lower.starts_with("-----original message") || lower.starts_with("________________________________") {
            break;
        }
        if (lower.starts_with("on ") && lower.ends_with("wrote:")) || (lower.starts_with("le ") && lower.ends_with("a écrit :")) {
            break;
        }
        if t.starts_with('>') {
            continue;
        }
        // non-breaking spaces and tabs from HTML mail
        let clean: String = t.chars().map(|c| if c == '\u{a0}' || c == '\t' { ' ' } else { c }).filter(|c| !c.is_control()).collect();
        if out.len() >= max_lines {
            cut += 1;
            continue;
        }
        out.push(clean);
    }
    while out.last().is_some_and(|l: &String| l.is_empty()) {
        out.pop();
    }
    (out, cut)
}
