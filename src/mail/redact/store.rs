//! The mail as stored: secrets masked in place where that leaves the MIME structure whole, else its headers and decoded text, redacted.

use super::raw::{blank, body_start, contains_any, crlf_view, fields, flowed_text, is_subject, parts_text, shape, texts, unquote};
use super::{MAX_SECRETS, REDACTED_HEADER};
use crate::mail::signon::{JudgeText, MASK, join_signons, secrets, subject_spans, unjoined_passwords};
use mail_parser::{Message, MessageParser, PartType};

/// `raw` with the passwords of `lines` (the command lines the judge read) and
/// of every line of its text parts replaced: see the module's documentation.
/// A mail without a secret is returned unchanged.
pub fn redact(lines: &[String], raw: &[u8], own: &JudgeText) -> Vec<u8> {
    redact_secrets(&mail_secrets(lines, raw, own), lines, raw, own)
}

/// The secrets of a mail: of `lines` (the command lines the judge read), and of
/// every line of its text parts and of its raw body, quoted or not. Longest first.
pub fn mail_secrets(lines: &[String], raw: &[u8], own: &JudgeText) -> Vec<String> {
    let view = crlf_view(raw);
    let parsed = MessageParser::default().parse(&view[..]);
    let body_at = body_start(raw);
    let mut found: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    // in the order they appear, the command lines first, so that the cap keeps a
    // sign-on line's password over the words of a long press
    let mut keep = |s: &str| {
        if found.len() < MAX_SECRETS && !s.bytes().all(|b| b == b'*') && seen.insert(s.to_string()) {
            found.push(s.to_string());
        }
    };
    // `words`: secrets as they are; `lines`: lines to find them in
    let mut add = |words: &[&str], lines: &[String]| {
        words.iter().copied().for_each(&mut keep);
        lines.iter().flat_map(|l| secrets(unquote(l), own)).for_each(&mut keep);
        unjoined_passwords(lines, own).into_iter().for_each(&mut keep);
    };
    add(&[], lines);
    let mut decoded = Vec::new();
    if let Some(m) = &parsed {
        // a subject that is a sign-on line (read strictly, as it is masked)
        if let Some(subject) = m.subject() {
            let bare = subject_text(subject);
            let words: Vec<&str> = subject_spans(bare, own).into_iter().map(|r| &bare[r]).collect();
            add(&words, &[]);
        }
        texts(m, &mut decoded);
    }
    decoded.push(String::from_utf8_lossy(&raw[body_at..]).into_owned());
    for t in &decoded {
        let unquoted: Vec<String> = t.split(['\r', '\n']).map(|l| unquote(l).to_string()).collect();
        add(&[], &join_signons(unquoted, own));
    }
    // longest first: a secret inside a longer one does not leave the rest of it
    found.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    found
}

/// `raw` with `secrets` (from [`mail_secrets`]) replaced, as [`redact`].
pub fn redact_secrets(secrets: &[String], lines: &[String], raw: &[u8], own: &JudgeText) -> Vec<u8> {
    if secrets.is_empty() {
        return raw.to_vec();
    }
    let body_at = body_start(raw);
    let view = crlf_view(raw);
    let original = MessageParser::default().parse(&view[..]);
    let subject = original.as_ref().and_then(|m| m.subject());
    let mut out = redacted_head(&raw[..body_at], secrets, subject, own);
    let mut body = raw[body_at..].to_vec();
    blank(&mut body, secrets);
    out.extend_from_slice(&body);
    let Some(original) = original else {
        // not MIME: the literal replacement is all there is to do
        return out;
    };
    if clean(&out, &original, secrets) {
        return out;
    }
    reencoded(&view, &original, secrets, lines, own)
}

/// The prefixes of replies and forwards in a subject (`Re:`, `Fwd:`, German
/// `AW:` and `WG:`, French `TR:`, ...), compared without case.
pub(super) const SUBJECT_PREFIXES: &[&str] = &["re:", "fwd:", "fw:", "aw:", "wg:", "tr:", "sv:", "vs:", "antw:", "rif:", "odp:", "r:"];

/// A subject without its reply and forward prefixes ([`SUBJECT_PREFIXES`],
/// also counted as `Re[2]:`).
pub fn subject_text(subject: &str) -> &str {
    let mut s = subject.trim_start();
    loop {
        if let Some(p) = SUBJECT_PREFIXES.iter().find(|p| s.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p))) {
            s = s[p.len()..].trim_start();
        } else if let Some(rest) =
            s.get(..3).filter(|h| h.eq_ignore_ascii_case("re[")).and_then(|_| s[3..].split_once("]:")).filter(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
        {
            s = rest.1.trim_start();
        } else {
            return s;
        }
    }
}

/// Whether a subject is itself a sign-on line (or another line with a secret:
/// `SET PASSWORD ...`), its reply prefixes left out and read strictly
/// ([`Reading::Subject`](crate::mail::signon::Reading::Subject)): only then is it masked.
pub(super) fn secret_subject(subject: &str, own: &JudgeText) -> bool {
    !subject_spans(subject_text(subject), own).is_empty()
}

/// A subject with `secrets` replaced by as many `*`, then its own secrets
/// ([`subject_spans`]) shown as [`MASK`] — if the subject is itself a sign-on
/// line (see [`subject_text`], [`Reading::Subject`](crate::mail::signon::Reading::Subject)); any other subject
/// ("Join game rc") is returned as it is, whatever words of it the mail's
/// secrets hold.
pub fn redact_text(text: &str, secrets: &[String], own: &JudgeText) -> String {
    if !secret_subject(text, own) {
        return text.to_string();
    }
    let bare = subject_text(text);
    let prefix = &text[..text.len() - bare.len()];
    let mut b = bare.as_bytes().to_vec();
    blank(&mut b, secrets);
    // only ASCII was replaced by ASCII, at whole words: still UTF-8
    let bare = String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let mut out = String::from(prefix);
    let mut last = 0;
    for r in subject_spans(&bare, own) {
        out.push_str(&bare[last..r.start]);
        out.push_str(MASK);
        last = r.end;
    }
    out.push_str(&bare[last..]);
    out
}

/// A header block with its Subject field redacted, if `subject` (the decoded
/// subject) is a sign-on line: `secrets` replaced where they stand, or, if a
/// secret is still there once the field is decoded (RFC 2047 encoded words),
/// the field written anew from the redacted subject ([`redact_text`]).
pub(super) fn redacted_head(head: &[u8], secrets: &[String], subject: Option<&str>, own: &JudgeText) -> Vec<u8> {
    let mut out = Vec::with_capacity(head.len());
    for f in fields(head) {
        let Some(subject) = subject.filter(|s| is_subject(f) && secret_subject(s, own)) else {
            out.extend_from_slice(f);
            continue;
        };
        let mut b = f.to_vec();
        blank(&mut b, secrets);
        let mut probe = b.clone();
        probe.extend_from_slice(b"\r\n");
        let left = MessageParser::default().parse(&probe[..]).and_then(|m| m.subject().map(|s| contains_any(s, secrets))).unwrap_or(true);
        if left {
            let end: &[u8] = if f.ends_with(b"\r\n") {
                b"\r\n"
            } else if f.ends_with(b"\n") {
                b"\n"
            } else {
                b""
            };
            b = format!("Subject: {}", encode_header_text(&redact_text(subject, secrets, own))).into_bytes();
            b.extend_from_slice(end);
        }
        out.extend_from_slice(&b);
    }
    out
}

/// `text` for a header field: as it is if it is printable ASCII, else as RFC
/// 2047 encoded words (UTF-8, Q encoding), each at most 75 characters.
pub(super) fn encode_header_text(text: &str) -> String {
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) && !text.contains("=?") {
        return text.to_string();
    }
    let mut words = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        let mut buf = [0u8; 4];
        let piece: String = match c {
            ' ' => "_".into(),
            c if c.is_ascii_alphanumeric() => c.to_string(),
            c => c.encode_utf8(&mut buf).bytes().map(|b| format!("={b:02X}")).collect(),
        };
        // `=?utf-8?q?` and `?=` take 12 of the 75
        if word.len() + piece.len() > 75 - 12 {
            words.push(std::mem::take(&mut word));
        }
        word.push_str(&piece);
    }
    words.push(word);
    words.iter().map(|w| format!("=?utf-8?q?{w}?=")).collect::<Vec<_>>().join(" ")
}

/// Whether `candidate` (the mail with its secrets replaced) has the structure
/// of the original, reads as the original with its secrets replaced (a secret
/// cut by a quoted-printable soft line break or written with `=3D` was not),
/// and has no secret left in any decoded text (base64, HTML entities).
pub(super) fn clean(candidate: &[u8], original: &Message, secrets: &[String]) -> bool {
    let view = crlf_view(candidate);
    let Some(m) = MessageParser::default().parse(&view[..]) else { return false };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    shape(original, &mut a);
    shape(&m, &mut b);
    if a != b {
        return false;
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    parts_text(original, &mut a);
    parts_text(&m, &mut b);
    let blanked = a.into_iter().map(|t| {
        let mut t = t.into_bytes();
        blank(&mut t, secrets);
        t
    });
    if !blanked.eq(b.into_iter().map(String::into_bytes)) {
        return false;
    }
    let mut t = Vec::new();
    texts(&m, &mut t);
    !t.iter().any(|t| contains_any(t, secrets))
}

/// The headers (but the MIME ones) of `view`, and its text body decoded and
/// redacted, as 8-bit UTF-8 text, marked with [`REDACTED_HEADER`].
pub(super) fn reencoded(view: &[u8], original: &Message, secrets: &[String], lines: &[String], own: &JudgeText) -> Vec<u8> {
    let at = body_start(view);
    let mut out = Vec::with_capacity(view.len());
    for f in fields(&view[..at]) {
        let name = f.split(|&b| b == b':').next().unwrap_or_default();
        let name = String::from_utf8_lossy(name).trim().to_ascii_lowercase();
        if matches!(name.as_str(), "content-type" | "content-transfer-encoding" | "mime-version") || f.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        let f = redacted_head(f, secrets, original.subject(), own);
        out.extend_from_slice(&f);
        if !f.ends_with(b"\n") {
            out.extend_from_slice(b"\r\n");
        }
    }
    out.extend_from_slice(format!("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n{REDACTED_HEADER}: body decoded and re-encoded to redact passwords; other parts dropped\r\n\r\n").as_bytes());
    let text = original.body_text(0).map(|t| t.into_owned()).unwrap_or_else(|| lines.join("\n"));
    // flowed text as the reader reads it: a password soft-wrapped in two is whole again
    let text = match original.text_part(0).filter(|p| matches!(p.body, PartType::Text(_))) {
        Some(p) => flowed_text(p, &text).unwrap_or(text),
        None => text,
    };
    let mut text = text.into_bytes();
    blank(&mut text, secrets);
    out.extend_from_slice(&text);
    out
}
