//! The MIME side of reading: the text part read, and mail whose multipart structure is broken (missing or mistyped closing boundaries, CR-only line ends) put right first.

use super::html::html_text;
use crate::mail::flowed;
use mail_parser::{MessageParser, MimeHeaders};

/// The text of a mail's first text part (HTML-only mail turned into text,
/// `format=flowed` text decoded: see [`flowed`]).
pub(super) fn body_text(msg: &mail_parser::Message) -> Option<String> {
    let part = msg.text_part(0)?;
    if matches!(part.body, mail_parser::PartType::Html(_)) {
        return msg.body_html(0).map(|h| html_text(&h));
    }
    let text = msg.body_text(0)?.into_owned();
    Some(match part.content_type() {
        Some(ct) if ct.ctype().eq_ignore_ascii_case("text") && ct.subtype().is_none_or(|s| s.eq_ignore_ascii_case("plain")) => {
            match flowed::params(ct.attribute("format"), ct.attribute("delsp")) {
                (true, delsp) => flowed::decode(&text, delsp),
                _ => text,
            }
        }
        _ => text,
    })
}

/// The body of a multipart mail whose parts could not be found. If a line
/// `--something` followed by a `Content-...` header line is in it, that is taken
/// as the boundary and the body parsed again (once); otherwise, or if that finds
/// no text, the body is read as plain text.
pub(super) fn broken_multipart_text(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let lines: Vec<&str> = text.lines().collect();
    let guess = lines.windows(2).find_map(|w| {
        let b = w[0].trim_end().strip_prefix("--")?;
        let plausible = !b.is_empty() && b.len() <= 200 && !b.contains('"') && !b.chars().any(|c| c.is_control());
        (plausible && w[1].get(..8).is_some_and(|h| h.eq_ignore_ascii_case("content-"))).then_some(b)
    });
    if let Some(boundary) = guess {
        let mut wrapped = format!("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"{boundary}\"\r\n\r\n").into_bytes();
        wrapped.extend_from_slice(body);
        if let Some(t) = MessageParser::default().parse(&wrapped).and_then(|m| body_text(&m)) {
            return t;
        }
    }
    text.into_owned()
}

/// The most multipart boundaries [`close_boundaries`] puts right in one mail:
/// each costs a pass over it. A mail with more missing closes is read as it is.
pub const MAX_CLOSED_BOUNDARIES: usize = 16;

/// A raw mail as the reader parses it: CR-only line ends made CRLF, and
/// missing or mistyped closing boundaries put right ([`close_boundaries`]).
pub fn mime_view(raw: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let crlf = cr_only_to_crlf(raw);
    let view = crlf.as_deref().unwrap_or(raw);
    match (close_boundaries(view), crlf) {
        (Some(closed), _) => closed.into(),
        (None, Some(crlf)) => crlf.into(),
        (None, None) => raw.into(),
    }
}

/// `raw` with the closing delimiter (`--boundary--`) of each multipart put
/// right where it is missing or mistyped; `None` if none is (or more than
/// [`MAX_CLOSED_BOUNDARIES`] are). Without its close, mail-parser takes the
/// last part of a multipart raw, its base64 or quoted-printable not decoded.
///
/// A boundary is a `boundary=` parameter whose opening delimiter line `--b`
/// is in the mail. After its last delimiter, a line of dashes around the
/// boundary in another case or within two edits of it (of eight characters or
/// more) is its mistyped close, and is made `--b--`; with none, `--b--` is put
/// before the next delimiter of another boundary (the enclosing multipart's),
/// or at the end.
pub fn close_boundaries(raw: &[u8]) -> Option<Vec<u8>> {
    let lower = raw.to_ascii_lowercase();
    let mut declared: Vec<Vec<u8>> = Vec::new();
    let mut at = 0;
    while let Some(k) = find_bytes(&lower[at..], b"boundary=") {
        let v = &raw[at + k + b"boundary=".len()..];
        at += k + 1;
        let b: Vec<u8> = match v.first() {
            Some(b'"') => v[1..].iter().take_while(|&&c| c != b'"' && c != b'\r' && c != b'\n').copied().collect(),
            _ => v.iter().take_while(|&&c| !c.is_ascii_whitespace() && c != b';' && c != b'"').copied().collect(),
        };
        if !b.is_empty() && b.len() <= 200 && !declared.contains(&b) {
            declared.push(b);
        }
    }
    if declared.is_empty() {
        return None;
    }
    let mut out = raw.to_vec();
    let mut closed = 0;
    // the innermost (declared last) first: its close goes before the enclosing one's delimiter
    for b in declared.iter().rev() {
        let lines = line_spans(&out);
        let is_open = |l: &[u8]| delimiter_rest(l, b).is_some_and(|r| r.trim_ascii().is_empty());
        let is_close = |l: &[u8]| delimiter_rest(l, b).is_some_and(|r| r.trim_ascii() == b"--");
        let Some(last) = lines.iter().rposition(|r| is_open(&out[r.clone()])) else { continue };
        if lines.iter().any(|r| is_close(&out[r.clone()])) {
            continue;
        }
        closed += 1;
        if closed > MAX_CLOSED_BOUNDARIES {
            return None;
        }
        let others: Vec<&Vec<u8>> = declared.iter().filter(|o| *o != b).collect();
        let other_delim = |l: &[u8]| others.iter().any(|o| l.strip_prefix(b"--").is_some_and(|r| r.starts_with(o)));
        let mistyped = lines[last + 1..].iter().position(|r| mistyped_close(&out[r.clone()], b));
        let before_other = lines[last + 1..].iter().position(|r| other_delim(&out[r.clone()]));
        let close = [b"--".as_slice(), b, b"--"].concat();
        match (mistyped, before_other) {
            (Some(m), o) if o.is_none_or(|o| m < o) => {
                let r = lines[last + 1 + m].clone();
                out.splice(r, close);
            }
            (_, Some(o)) => {
                let at = lines[last + 1 + o].start;
                out.splice(at..at, [close, b"\r\n".to_vec()].concat());
            }
            (_, None) => {
                if !out.ends_with(b"\n") {
                    out.extend_from_slice(b"\r\n");
                }
                out.extend_from_slice(&close);
                out.extend_from_slice(b"\r\n");
            }
        }
    }
    (closed > 0).then_some(out)
}

/// What follows `--b` in a delimiter line of boundary `b` (nothing for an
/// opening one, `--` for the close); `None` for another line.
pub(super) fn delimiter_rest<'a>(line: &'a [u8], b: &[u8]) -> Option<&'a [u8]> {
    line.strip_prefix(b"--")?.strip_prefix(b)
}

/// Whether `line` is a mistyped close of boundary `b` (see [`close_boundaries`]).
pub(super) fn mistyped_close(line: &[u8], b: &[u8]) -> bool {
    let t = line.trim_ascii();
    if !t.starts_with(b"--") {
        return false;
    }
    let core = t.trim_ascii_start().strip_prefix(b"--").unwrap_or(t).trim_ascii();
    let core = core.strip_suffix(b"--").unwrap_or(core).trim_ascii_end();
    let core = core.strip_suffix(b"-").unwrap_or(core);
    if core.is_empty() || core.len() > 2 * b.len() + 8 {
        return false;
    }
    core.eq_ignore_ascii_case(b)
        || (b.len() >= 8 && core.len() >= 8 && crate::mail::signon::edit_distance(&core.to_ascii_lowercase(), &b.to_ascii_lowercase()) <= 2)
}

/// The byte ranges of the lines of `raw` (without their line ends).
pub(super) fn line_spans(raw: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in raw.iter().enumerate() {
        if c == b'\n' {
            let end = if i > start && raw[i - 1] == b'\r' { i - 1 } else { i };
            out.push(start..end);
            start = i + 1;
        }
    }
    if start < raw.len() {
        out.push(start..raw.len());
    }
    out
}

pub(super) fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A copy of `raw` with CRLF line ends if its lines end with CR alone (old Mac
/// mail): its first KiB (several header lines, each at most 998 characters)
/// has a CR and no LF. `None` if the mail needs no change.
pub(super) fn cr_only_to_crlf(raw: &[u8]) -> Option<Vec<u8>> {
    let head = &raw[..raw.len().min(1024)];
    if head.contains(&b'\n') || !head.contains(&b'\r') {
        return None;
    }
    let mut out = Vec::with_capacity(raw.len() + raw.len() / 16);
    for (i, &b) in raw.iter().enumerate() {
        out.push(b);
        if b == b'\r' && raw.get(i + 1) != Some(&b'\n') {
            out.push(b'\n');
        }
    }
    Some(out)
}

/// The text read from a mail (see [`body_text`]); a multipart whose parts
/// cannot be found is read as best it can be ([`broken_multipart_text`]).
pub(super) fn text_of(msg: &mail_parser::Message, view: &[u8]) -> String {
    let root = msg.root_part();
    match body_text(msg) {
        Some(t) => t,
        // declared multipart, but no part was found (no boundary parameter, or a
        // boundary that never appears): read what is there rather than nothing
        None if root.content_type().is_some_and(|c| c.ctype().eq_ignore_ascii_case("multipart")) && !root.is_multipart() => {
            let body = view.get(root.raw_body_offset() as usize..root.raw_end_offset() as usize).unwrap_or_default();
            broken_multipart_text(body)
        }
        None => String::new(),
    }
}
