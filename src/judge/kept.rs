//! What of an inbound mail is stored: passwords redacted; a small mail
//! whole, of a large one its headers and the text the judge read.

use crate::context::Ctx;
use crate::mail::read::{self, Verdict};
use crate::mail::redact::JudgeText;
use crate::report::say;
use crate::store;
use rusqlite::Connection;
use sha2::{Digest, Sha256};

/// A mail of at most this many bytes (passwords redacted) is kept whole;
/// of a larger one, what replay and audit need: its headers (at most
/// [`KEPT_HEAD_BYTES`]) and the text the judge read (at most
/// [`KEPT_TEXT_BYTES`]), its attachments, HTML alternatives and other parts
/// dropped once read. Past a sender's [`KEPT_BYTES_PER_SENDER_PER_DAY`], each
/// of these is [`KEPT_TIGHT_BYTES`] (a mail's headers and text at most half
/// of it each). Deferred mail is kept whole (it is read again) until it is
/// handled, within [`WAITING_BYTES_PER_SENDER`].
pub const KEPT_WHOLE_BYTES: usize = 32 * 1024;
/// The most of a large mail's header block kept (see [`KEPT_WHOLE_BYTES`]).
pub const KEPT_HEAD_BYTES: usize = 16 * 1024;
/// The most of a large mail's text kept (see [`KEPT_WHOLE_BYTES`]).
pub const KEPT_TEXT_BYTES: usize = 32 * 1024;
/// The bytes of one sender's mails received within a day (deferred mail left
/// out) past which their mail is kept tight ([`KEPT_TIGHT_BYTES`]).
pub const KEPT_BYTES_PER_SENDER_PER_DAY: i64 = 2_000_000;
/// What is kept of a mail past its sender's day ([`KEPT_BYTES_PER_SENDER_PER_DAY`]),
/// and of a mail that is not one (no headers): its first bytes.
pub const KEPT_TIGHT_BYTES: usize = 4 * 1024;
/// The most bytes of one sender's deferred mail (kept whole until handled):
/// past it, as past `limits.waiting_mails_per_sender`, more mail is dropped.
/// Never less than one mail of the size limit.
pub const WAITING_BYTES_PER_SENDER: i64 = 8 << 20;
/// The header that says what of a mail larger than [`KEPT_WHOLE_BYTES`] was kept.
pub const KEPT_HEADER: &str = "X-Mailjudge-Kept";

/// The MIME fields of a large mail as kept: plain text, UTF-8.
const KEPT_MIME: [(&str, &str); 3] = [("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=utf-8"), ("Content-Transfer-Encoding", "8bit")];

/// What of a large mail is kept (see [`KEPT_WHOLE_BYTES`]).
#[derive(Clone, Copy)]
struct Caps {
    whole: usize,
    head: usize,
    text: usize,
}

const ROOMY: Caps = Caps { whole: KEPT_WHOLE_BYTES, head: KEPT_HEAD_BYTES, text: KEPT_TEXT_BYTES };
const TIGHT: Caps = Caps { whole: KEPT_TIGHT_BYTES, head: KEPT_TIGHT_BYTES / 2, text: KEPT_TIGHT_BYTES / 2 };

/// An inbound mail as the judge keeps it.
pub(super) struct Kept {
    /// The raw mail with its passwords redacted.
    pub(super) redacted: Vec<u8>,
    /// The secrets found in it (longest first).
    secrets: Vec<String>,
    /// SHA-256 (hex) of `redacted`: with the Message-ID, what the mail is known by.
    /// Of the redacted mail, not the raw one: a hash of the raw mail next to the
    /// redacted text would let anyone with the database test password guesses
    /// (the price: a correction of nothing but a password, to one of the same
    /// length, under the same Message-ID and otherwise the same bytes, reads as
    /// the same mail again).
    pub(super) hash: String,
    /// Its Message-ID; for a mail without one, the reader's content id is taken
    /// of the redacted mail (for the same reason).
    pub(super) message_id: String,
    /// The command lines the judge read (not yet redacted).
    lines: Vec<String>,
    /// Over the size limit: nothing in it was read.
    too_large: bool,
    /// Not a mail at all (no headers).
    unreadable: bool,
}

impl Kept {
    pub(super) fn new(verdict: &Verdict, raw: &[u8], own: &JudgeText) -> Kept {
        let lines: &[String] = match verdict {
            Verdict::Answer(i) => &i.lines,
            Verdict::Ignore { .. } => &[],
        };
        let secrets = crate::mail::redact::mail_secrets(lines, raw, own);
        let redacted = crate::mail::redact::redact_secrets(&secrets, lines, raw, own);
        let hash = Sha256::digest(&redacted).iter().map(|b| format!("{b:02x}")).collect();
        let mut message_id = verdict.message_id().to_string();
        if message_id == read::content_id(raw) {
            message_id = read::content_id(&redacted);
        }
        let too_large = matches!(verdict, Verdict::Answer(i) if i.too_large);
        let unreadable = matches!(verdict, Verdict::Ignore { unreadable: true, .. });
        Kept { redacted, secrets, hash, message_id, lines: lines.to_vec(), too_large, unreadable }
    }

    /// What is stored of the mail once handled (or ignored), from `sender`:
    /// the redacted mail, whole if it is small, else its headers and the text
    /// read (see [`KEPT_WHOLE_BYTES`]); of a mail that is not one, its first
    /// [`KEPT_TIGHT_BYTES`]. Never more than the size limit.
    pub(super) fn stored(&self, conn: &Connection, ctx: &Ctx, sender: &str) -> rusqlite::Result<Vec<u8>> {
        let r = &self.redacted;
        let max = ctx.cfg.limits.max_message_bytes;
        if self.unreadable {
            return Ok(r[..r.len().min(KEPT_TIGHT_BYTES).min(max)].to_vec());
        }
        if r.len() <= TIGHT.whole.min(max) {
            return Ok(r.clone());
        }
        let day = store::mails::kept_bytes_since(conn, sender, ctx.now() - 86_400)?;
        let caps = if day < KEPT_BYTES_PER_SENDER_PER_DAY { ROOMY } else { TIGHT };
        if r.len() <= caps.whole.min(max) {
            return Ok(r.clone());
        }
        let trimmed = trimmed(r, &self.lines, self.too_large, caps);
        // the lines read are not redacted yet, and the text was decoded: every
        // secret of the mail is blanked in what is kept of it (plain text now)
        let kept = crate::mail::redact::redact_secrets(&self.secrets, &self.lines, &trimmed, &ctx.judge_text);
        Ok(kept[..kept.len().min(max)].to_vec())
    }

    /// A subject with this mail's secrets (and any of its own) masked.
    pub(super) fn subject(&self, subject: &str, own: &JudgeText) -> String {
        crate::mail::redact::redact_text(subject, &self.secrets, own)
    }
}

/// A large mail (redacted) as kept: its header block (cut to `caps.head`,
/// its MIME fields replaced: it is plain text now), a [`KEPT_HEADER`] saying
/// what was kept, and the text the judge read (`caps.text` at most): the
/// mail's text as the reader took it (HTML-only mail as text, flowed text
/// joined), or, when that is longer, the command lines read (`lines`); for a
/// mail over the size limit, no text (nothing in it was read).
fn trimmed(mail: &[u8], lines: &[String], too_large: bool, caps: Caps) -> Vec<u8> {
    let head = &mail[..head_end(mail)];
    let head = &head[..line_cut(head, caps.head, true)];
    let mut out = Vec::with_capacity(caps.head + caps.text + 512);
    let mut at = 0;
    while at < head.len() {
        // a field: its line and the folded lines after it
        let mut end = head[at..].iter().position(|&b| b == b'\n').map_or(head.len(), |i| at + i + 1);
        while end < head.len() && matches!(head[end], b' ' | b'\t') {
            end = head[end..].iter().position(|&b| b == b'\n').map_or(head.len(), |i| end + i + 1);
        }
        let field = &head[at..end];
        at = end;
        let name = String::from_utf8_lossy(field.split(|&b| b == b':').next().unwrap_or_default()).trim().to_ascii_lowercase();
        if matches!(name.as_str(), "content-type" | "content-transfer-encoding" | "mime-version")
            || name.eq_ignore_ascii_case(KEPT_HEADER)
            || field.trim_ascii().is_empty()
        {
            continue;
        }
        out.extend_from_slice(field);
        if !field.ends_with(b"\n") {
            out.extend_from_slice(b"\r\n");
        }
    }
    let (text, note) = if too_large {
        (String::new(), say::judge::kept_head_note(mail.len()))
    } else {
        let view = read::mime_view(mail);
        let text = mail_parser::MessageParser::default().parse(&view[..]).map(|m| text_read(&m)).unwrap_or_default();
        // a text not found where the lines were read (a broken multipart): the lines
        let lost = text.trim().is_empty() && !lines.is_empty();
        if text.len() <= caps.text && !lost {
            let n = text.len();
            (text, say::judge::kept_text_note(mail.len(), n, false))
        } else if lines.is_empty() {
            let text = text[..line_cut(text.as_bytes(), caps.text, false)].to_string();
            let n = text.len();
            (text, say::judge::kept_text_note(mail.len(), n, true))
        } else {
            let joined = lines.join("\n");
            let end = line_cut(joined.as_bytes(), caps.text, false);
            let cut = end < joined.len();
            let n = if cut { joined[..end].lines().count() } else { lines.len() };
            (joined[..end].to_string(), say::judge::kept_lines_note(mail.len(), n, cut))
        }
    };
    for (name, value) in KEPT_MIME {
        out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    out.extend_from_slice(format!("{KEPT_HEADER}: {note}\r\n\r\n").as_bytes());
    out.extend_from_slice(text.as_bytes());
    if !text.is_empty() && !text.ends_with('\n') {
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// Where a mail's header block ends (after the line end before the empty
/// line); the whole mail if it has no empty line.
fn head_end(mail: &[u8]) -> usize {
    let mut i = 0;
    while let Some(k) = mail[i..].iter().position(|&b| b == b'\n') {
        let next = i + k + 1;
        if mail[next..].starts_with(b"\n") || mail[next..].starts_with(b"\r\n") {
            return next;
        }
        i = next;
    }
    mail.len()
}

/// How much of `text` to keep within `max` bytes: all of it if it fits, else
/// up to the end of its last line that fits (`fields`: a line not followed by
/// a folded one, where one is found), else `max` (at a character boundary
/// when `text` is UTF-8).
fn line_cut(text: &[u8], max: usize, fields: bool) -> usize {
    if text.len() <= max {
        return text.len();
    }
    let ends = (0..max).rev().filter(|&i| text[i] == b'\n');
    let mut first = None;
    for i in ends {
        first.get_or_insert(i + 1);
        if !fields || !matches!(text.get(i + 1), Some(b' ' | b'\t')) {
            return i + 1;
        }
    }
    first.unwrap_or_else(|| {
        let mut end = max;
        // never inside a UTF-8 character
        while end > 0 && (text[end] & 0xC0) == 0x80 {
            end -= 1;
        }
        end
    })
}

/// The text of a mail as the reader takes it (see [`crate::mail::read`]):
/// its first text part, HTML-only mail as text, `format=flowed` joined.
fn text_read(msg: &mail_parser::Message) -> String {
    use mail_parser::MimeHeaders;
    let Some(part) = msg.text_part(0) else { return String::new() };
    if matches!(part.body, mail_parser::PartType::Html(_)) {
        return msg.body_html(0).map(|h| read::html_text(&h)).unwrap_or_default();
    }
    let text = msg.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
    match part.content_type() {
        Some(ct) if ct.ctype().eq_ignore_ascii_case("text") && ct.subtype().is_none_or(|s| s.eq_ignore_ascii_case("plain")) => {
            match crate::mail::flowed::params(ct.attribute("format"), ct.attribute("delsp")) {
                (true, delsp) => crate::mail::flowed::decode(&text, delsp),
                _ => text,
            }
        }
        _ => text,
    }
}
