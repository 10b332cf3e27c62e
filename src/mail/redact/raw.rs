//! Finding secrets in a raw mail: its header fields, every text of every part (decoded, `format=flowed` joined) and where a secret appears literally.

use mail_parser::{Message, MimeHeaders, PartType};

/// A line of text without the quote marks in front (`> > SIGNON ...`).
pub(super) fn unquote(line: &str) -> &str {
    line.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
}

/// Where the body starts: after the first empty line (LF, CRLF or CR line ends).
pub(super) fn body_start(raw: &[u8]) -> usize {
    [&b"\r\n\r\n"[..], b"\n\n", b"\r\r"].iter().filter_map(|sep| find(raw, sep, 0).map(|i| i + sep.len())).min().unwrap_or(0)
}

pub(super) fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    let last = hay.len() - needle.len();
    let mut i = from;
    while i <= last {
        i += hay[i..=last].iter().position(|&b| b == needle[0])?;
        if &hay[i..i + needle.len()] == needle {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// A byte that belongs to a word (letters, digits, any non-ASCII byte).
pub(super) fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b >= 0x80
}

/// The places where `secret` occurs in `hay` as a whole word: not glued to a
/// letter or digit where the secret itself starts or ends with one (so `pw` is
/// not found in `upwards`).
pub(super) fn occurrences(hay: &[u8], secret: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(at) = find(hay, secret, i) {
        let end = at + secret.len();
        let before_ok = at == 0 || !word_byte(secret[0]) || !word_byte(hay[at - 1]);
        let after_ok = end == hay.len() || !word_byte(secret[secret.len() - 1]) || !word_byte(hay[end]);
        if before_ok && after_ok {
            out.push(at);
            i = end;
        } else {
            i = at + 1;
        }
    }
    out
}

/// Replaces every whole-word occurrence of each secret in `hay` by as many `*`.
pub(super) fn blank(hay: &mut [u8], secrets: &[String]) {
    for s in secrets {
        for at in occurrences(hay, s.as_bytes()) {
            hay[at..at + s.len()].fill(b'*');
        }
    }
}

pub(super) fn contains_any(text: &str, secrets: &[String]) -> bool {
    secrets.iter().any(|s| !occurrences(text.as_bytes(), s.as_bytes()).is_empty())
}

/// The mail as the reader parses it: CR-only line ends made CRLF, closing
/// boundaries put right ([`crate::mail::read::mime_view`]).
pub(super) fn crlf_view(raw: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    crate::mail::read::mime_view(raw)
}

/// The decoded text of every text part (nested messages too), HTML as it is.
pub(super) fn parts_text(m: &Message, out: &mut Vec<String>) {
    for p in &m.parts {
        match &p.body {
            PartType::Text(t) => {
                out.push(t.to_string());
                out.extend(flowed_text(p, t));
            }
            PartType::Html(t) => out.push(t.to_string()),
            PartType::Message(n) => parts_text(n, out),
            _ => {}
        }
    }
}

/// A `format=flowed` text part's text with its soft-wrapped lines joined, as
/// the reader reads it (a password wrapped in two is whole there); `None` for
/// other parts.
pub(super) fn flowed_text(p: &mail_parser::MessagePart, text: &str) -> Option<String> {
    let ct = p.content_type();
    match crate::mail::flowed::params(ct.and_then(|c| c.attribute("format")), ct.and_then(|c| c.attribute("delsp"))) {
        (true, delsp) => Some(crate::mail::flowed::decode(text, delsp)),
        _ => None,
    }
}

/// As [`parts_text`], with HTML also as text (entities decoded, one line per block).
pub(super) fn texts(m: &Message, out: &mut Vec<String>) {
    for p in &m.parts {
        match &p.body {
            PartType::Text(t) => {
                out.push(t.to_string());
                out.extend(flowed_text(p, t));
            }
            PartType::Html(h) => {
                out.push(h.to_string());
                // one line per block, quotes and all (a password quoted is a password);
                // not mail-parser's html_to_text, which glues the blocks of a
                // line into one ("SIGNON Fdemo pwA PAR H" would mask the orders)
                out.push(crate::mail::read::html_block_text(h));
            }
            PartType::Message(n) => texts(n, out),
            _ => {}
        }
    }
}

/// The MIME structure of a mail: each part's type and transfer encoding.
pub(super) fn shape(m: &Message, out: &mut Vec<String>) {
    for p in &m.parts {
        let ct = p.content_type().map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or_default())).unwrap_or_default().to_ascii_lowercase();
        out.push(format!("{ct} {:?}", p.encoding));
        if let PartType::Message(n) = &p.body {
            shape(n, out);
        }
    }
}

/// Whether a header line (the first line of a field) is the Subject.
pub(super) fn is_subject(line: &[u8]) -> bool {
    line.len() >= 8 && line[..8].eq_ignore_ascii_case(b"subject:")
}

/// The header fields of a header block, each with its continuation lines (line ends kept).
pub(super) fn fields(head: &[u8]) -> Vec<&[u8]> {
    let mut out: Vec<&[u8]> = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < head.len() {
        if head[i] == b'\n' {
            let next = head.get(i + 1).copied();
            if !matches!(next, Some(b' ' | b'\t')) {
                out.push(&head[start..i + 1]);
                start = i + 1;
            }
        }
        i += 1;
    }
    if start < head.len() {
        out.push(&head[start..]);
    }
    out
}
