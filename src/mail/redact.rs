//! Passwords out of stored mail: the judge keeps every inbound mail raw (table
//! `mails`, and so in every backup), and sign-on mail carries passwords.
//!
//! [`secret_spans`] decides which words of a line are secrets, generously (a
//! stored mail with a word too many masked costs nothing; a password kept in
//! clear is a leak):
//!
//! - a line whose first word is SIGNON, SIGN ON, SIGNIN, SIGN IN, SINGON, LOGIN,
//!   LOG ON, JOIN, CREATE, OBSERVE or WATCH (any case, punctuation ignored), or
//!   within two edits of SIGNON or CREATE (a mistyped sign-on line is still a
//!   password): every word after the command's first two (`SIGNON Fgame pw ...`,
//!   `CREATE ?game pw variant options`, `SIGN ON ?game pw`);
//! - `SET PASSWORD x y z` (also `SET PASS`, `SET PW`, `SET NEW PASSWORD`), or a
//!   line starting with PASSWORD: everything after that word;
//! - `judge=VALUE` anywhere (the judge's creation password): the value.
//!
//! [`mask_line`] shows a line with its secrets as `******` (for the reply's
//! echo). [`redact`] returns a mail's raw bytes with every secret of its lines
//! (the command lines the judge read, and every line of every text part, quoted
//! or not) replaced by as many `*`, where the secret appears literally. If it
//! does not (a base64 or quoted-printable body, HTML entities), or the
//! replacement would change the mail's MIME structure, the mail is stored as its
//! headers plus its decoded text body, redacted, with a [`REDACTED_HEADER`]
//! saying so (other parts are dropped).

use mail_parser::{Message, MessageParser, MimeHeaders, PartType};
use std::ops::Range;

/// The most secrets taken from one mail ([`mail_secrets`]): each is looked for
/// in the whole mail, so a mail made of thousands of sign-on lines must not cost
/// thousands of passes over it. A real mail has a few.
pub const MAX_SECRETS: usize = 100;

/// What a secret is shown as in a line ([`mask_line`]).
pub const MASK: &str = "******";

/// The header added to a mail whose body was decoded and re-encoded to redact it.
pub const REDACTED_HEADER: &str = "X-Mailjudge-Redacted";

/// Commands whose third word on is a password (normalized: uppercase letters and digits).
const SIGNON_WORDS: &[&str] = &["SIGNON", "SIGNIN", "SINGON", "LOGIN", "LOGON", "JOIN", "CREATE", "OBSERVE", "WATCH"];

/// A word as compared with command names: uppercase, letters and digits only
/// (`signon:` and `Sign-On` are SIGNON).
fn norm(word: &str) -> String {
    word.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

/// Levenshtein distance (ASCII words).
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

fn signon_word(w: &str) -> bool {
    !w.is_empty() && (SIGNON_WORDS.contains(&w) || distance(w, "SIGNON") <= 2 || distance(w, "CREATE") <= 2)
}

/// PASSWORD and its short forms (SET's keywords match by prefix).
fn password_word(w: &str, prefix_ok: bool) -> bool {
    w.starts_with("PASSW") || matches!(w, "PW" | "PWD") || (prefix_ok && w.starts_with("PAS"))
}

/// The words of `line` with their byte ranges.
fn words(line: &str) -> Vec<(Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s..i, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s..line.len(), &line[s..]));
    }
    out
}

/// The byte ranges of the secrets in `line` (see the module's documentation), in order.
pub fn secret_spans(line: &str) -> Vec<Range<usize>> {
    let w = words(line);
    let Some((_, first)) = w.first() else { return Vec::new() };
    let w0 = norm(first);
    let w1 = w.get(1).map(|(_, s)| norm(s)).unwrap_or_default();
    let from = if matches!(w0.as_str(), "SIGN" | "LOG") && matches!(w1.as_str(), "ON" | "IN") {
        Some(3)
    } else if signon_word(&w0) {
        Some(2)
    } else if w0 == "SET" {
        (1..w.len().min(3)).find(|&k| password_word(&norm(w[k].1), true)).map(|k| k + 1)
    } else if password_word(&w0, false) {
        Some(1)
    } else {
        None
    };
    let mut spans = Vec::new();
    // `SET WEBHOOK kind url ... KEY k ...`: a webhook URL carries its token,
    // and KEY its API key
    if w0 == "SET" && w1.starts_with("WEBHOOK") {
        for (k, (r, _)) in w.iter().enumerate().skip(3) {
            if k == 3 || norm(w[k - 1].1) == "KEY" {
                spans.push(r.clone());
            }
        }
    }
    let mut i = 0;
    while i < w.len() {
        let (r, s) = &w[i];
        let lower = s.to_ascii_lowercase();
        if let Some(v) = lower.strip_prefix("judge=") {
            if v.is_empty() {
                // `judge= value`
                if let Some((r2, _)) = w.get(i + 1) {
                    spans.push(r2.clone());
                    i += 2;
                    continue;
                }
            } else {
                spans.push(r.start + "judge=".len()..r.end);
            }
        } else if from.is_some_and(|f| i >= f) {
            spans.push(r.clone());
        }
        i += 1;
    }
    spans
}

/// The secrets of `line` (see [`secret_spans`]).
pub fn secrets(line: &str) -> Vec<&str> {
    secret_spans(line).into_iter().map(|r| &line[r]).collect()
}

/// `line` with each secret replaced by [`MASK`]; a line without one is returned as it is.
pub fn mask_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut last = 0;
    for r in secret_spans(line) {
        out.push_str(&line[last..r.start]);
        out.push_str(MASK);
        last = r.end;
    }
    out.push_str(&line[last..]);
    out
}

/// A line of text without the quote marks in front (`> > SIGNON ...`).
fn unquote(line: &str) -> &str {
    line.trim_start_matches(|c: char| c == '>' || c.is_whitespace())
}

/// Where the body starts: after the first empty line (LF, CRLF or CR line ends).
fn body_start(raw: &[u8]) -> usize {
    [&b"\r\n\r\n"[..], b"\n\n", b"\r\r"].iter().filter_map(|sep| find(raw, sep, 0).map(|i| i + sep.len())).min().unwrap_or(0)
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
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
fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b >= 0x80
}

/// The places where `secret` occurs in `hay` as a whole word: not glued to a
/// letter or digit where the secret itself starts or ends with one (so `pw` is
/// not found in `upwards`).
fn occurrences(hay: &[u8], secret: &[u8]) -> Vec<usize> {
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
fn blank(hay: &mut [u8], secrets: &[String]) {
    for s in secrets {
        for at in occurrences(hay, s.as_bytes()) {
            hay[at..at + s.len()].fill(b'*');
        }
    }
}

fn contains_any(text: &str, secrets: &[String]) -> bool {
    secrets.iter().any(|s| !occurrences(text.as_bytes(), s.as_bytes()).is_empty())
}

/// A copy with CRLF line ends if the mail's lines end with CR alone (as the reader does).
fn crlf_view(raw: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let head = &raw[..raw.len().min(1024)];
    if head.contains(&b'\n') || !head.contains(&b'\r') {
        return raw.into();
    }
    let mut out = Vec::with_capacity(raw.len() + raw.len() / 16);
    for (i, &b) in raw.iter().enumerate() {
        out.push(b);
        if b == b'\r' && raw.get(i + 1) != Some(&b'\n') {
            out.push(b'\n');
        }
    }
    out.into()
}

/// The decoded text of every text part (nested messages too), HTML as it is.
fn parts_text(m: &Message, out: &mut Vec<String>) {
    for p in &m.parts {
        match &p.body {
            PartType::Text(t) | PartType::Html(t) => out.push(t.to_string()),
            PartType::Message(n) => parts_text(n, out),
            _ => {}
        }
    }
}

/// As [`parts_text`], with HTML also as text (entities decoded).
fn texts(m: &Message, out: &mut Vec<String>) {
    for p in &m.parts {
        match &p.body {
            PartType::Text(t) => out.push(t.to_string()),
            PartType::Html(h) => {
                out.push(h.to_string());
                out.push(crate::mail::read::html_text(h));
                out.push(mail_parser::decoders::html::html_to_text(h));
            }
            PartType::Message(n) => texts(n, out),
            _ => {}
        }
    }
}

/// The MIME structure of a mail: each part's type and transfer encoding.
fn shape(m: &Message, out: &mut Vec<String>) {
    for p in &m.parts {
        let ct = p.content_type().map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or_default())).unwrap_or_default().to_ascii_lowercase();
        out.push(format!("{ct} {:?}", p.encoding));
        if let PartType::Message(n) = &p.body {
            shape(n, out);
        }
    }
}

/// Whether a header line (the first line of a field) is the Subject.
fn is_subject(line: &[u8]) -> bool {
    line.len() >= 8 && line[..8].eq_ignore_ascii_case(b"subject:")
}

/// The header fields of a header block, each with its continuation lines (line ends kept).
fn fields(head: &[u8]) -> Vec<&[u8]> {
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

/// `raw` with the passwords of `lines` (the command lines the judge read) and
/// of every line of its text parts replaced: see the module's documentation.
/// A mail without a secret is returned unchanged.
pub fn redact(lines: &[String], raw: &[u8]) -> Vec<u8> {
    redact_secrets(&mail_secrets(lines, raw), lines, raw)
}

/// The secrets of a mail: of `lines` (the command lines the judge read), and of
/// every line of its text parts and of its raw body, quoted or not. Longest first.
pub fn mail_secrets(lines: &[String], raw: &[u8]) -> Vec<String> {
    let view = crlf_view(raw);
    let parsed = MessageParser::default().parse(&view[..]);
    let body_at = body_start(raw);
    let mut found: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    // in the order they appear, the command lines first, so that the cap keeps a
    // sign-on line's password over the words of a long press
    let mut add = |line: &str| {
        for s in secrets(unquote(line)) {
            if found.len() < MAX_SECRETS && !s.bytes().all(|b| b == b'*') && seen.insert(s.to_string()) {
                found.push(s.to_string());
            }
        }
    };
    lines.iter().for_each(|l| add(l));
    let mut decoded = Vec::new();
    if let Some(m) = &parsed {
        texts(m, &mut decoded);
    }
    decoded.push(String::from_utf8_lossy(&raw[body_at..]).into_owned());
    for t in &decoded {
        t.split(['\r', '\n']).for_each(&mut add);
    }
    // longest first: a secret inside a longer one does not leave the rest of it
    found.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    found
}

/// `raw` with `secrets` (from [`mail_secrets`]) replaced, as [`redact`].
pub fn redact_secrets(secrets: &[String], lines: &[String], raw: &[u8]) -> Vec<u8> {
    if secrets.is_empty() {
        return raw.to_vec();
    }
    let body_at = body_start(raw);
    let mut out = raw.to_vec();
    blank_subject(&mut out[..body_at], secrets);
    blank(&mut out[body_at..], secrets);
    let view = crlf_view(raw);
    let Some(original) = MessageParser::default().parse(&view[..]) else {
        // not MIME: the literal replacement is all there is to do
        return out;
    };
    if clean(&out, &original, secrets) {
        return out;
    }
    reencoded(&view, &original, secrets, lines)
}

/// A text (a subject, say) with `secrets` replaced by as many `*`, then masked as a line ([`mask_line`]).
pub fn redact_text(text: &str, secrets: &[String]) -> String {
    let mut b = text.as_bytes().to_vec();
    blank(&mut b, secrets);
    // only ASCII was replaced by ASCII, at whole words: still UTF-8
    mask_line(&String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

fn blank_subject(head: &mut [u8], secrets: &[String]) {
    let lens: Vec<(usize, bool)> = fields(head).iter().map(|f| (f.len(), is_subject(f))).collect();
    let mut at = 0;
    for (len, subject) in lens {
        if subject {
            blank(&mut head[at..at + len], secrets);
        }
        at += len;
    }
}

/// Whether `candidate` (the mail with its secrets replaced) has the structure
/// of the original, reads as the original with its secrets replaced (a secret
/// cut by a quoted-printable soft line break or written with `=3D` was not),
/// and has no secret left in any decoded text (base64, HTML entities).
fn clean(candidate: &[u8], original: &Message, secrets: &[String]) -> bool {
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
fn reencoded(view: &[u8], original: &Message, secrets: &[String], lines: &[String]) -> Vec<u8> {
    let at = body_start(view);
    let mut out = Vec::with_capacity(view.len());
    for f in fields(&view[..at]) {
        let name = f.split(|&b| b == b':').next().unwrap_or_default();
        let name = String::from_utf8_lossy(name).trim().to_ascii_lowercase();
        if matches!(name.as_str(), "content-type" | "content-transfer-encoding" | "mime-version") || f.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        let mut f = f.to_vec();
        if is_subject(&f) {
            blank(&mut f, secrets);
        }
        out.extend_from_slice(&f);
        if !f.ends_with(b"\n") {
            out.extend_from_slice(b"\r\n");
        }
    }
    out.extend_from_slice(format!("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n{REDACTED_HEADER}: body decoded and re-encoded to redact passwords; other parts dropped\r\n\r\n").as_bytes());
    let text = original.body_text(0).map(|t| t.into_owned()).unwrap_or_else(|| lines.join("\n"));
    let mut text = text.into_bytes();
    blank(&mut text, secrets);
    out.extend_from_slice(&text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_lines() {
        let cases = [
            ("SIGNON Fdemo secret", "SIGNON Fdemo ******"),
            ("SET WEBHOOK DISCOURSE https://f.example.org TOPIC 7 KEY abc123 USER bot", "SET WEBHOOK DISCOURSE ****** TOPIC 7 KEY ****** USER bot"),
            ("SET WEBHOOK DISCORD https://discord.com/api/webhooks/1/tok", "SET WEBHOOK DISCORD ******"),
            ("signon ?demo secret", "signon ?demo ******"),
            ("SIGN ON ?demo secret", "SIGN ON ?demo ******"),
            ("Sign-on: Fdemo secret", "Sign-on: Fdemo ******"),
            ("SINGON Fdemo secret", "SINGON Fdemo ******"),
            ("SIGNOM Fdemo secret", "SIGNOM Fdemo ******"),
            ("SGINON Fdemo secret", "SGINON Fdemo ******"),
            ("SIGNIN Fdemo secret", "SIGNIN Fdemo ******"),
            ("LOGIN Fdemo secret", "LOGIN Fdemo ******"),
            ("log in Fdemo secret", "log in Fdemo ******"),
            ("JOIN demo secret", "JOIN demo ******"),
            ("CREATE ?demo secret standard press=grey", "CREATE ?demo ****** ****** ******"),
            ("CRAETE ?demo secret", "CRAETE ?demo ******"),
            ("CREATE ?demo secret standard judge=letmein", "CREATE ?demo ****** ****** judge=******"),
            ("OBSERVE demo secret", "OBSERVE demo ******"),
            ("watch demo secret", "watch demo ******"),
            ("OBSERVE demo", "OBSERVE demo"),
            ("SET PASSWORD new one", "SET PASSWORD ****** ******"),
            ("set   password  newpw", "set   password  ******"),
            ("SET PASS newpw", "SET PASS ******"),
            ("SET NEW PASSWORD newpw", "SET NEW PASSWORD ******"),
            ("Password: newpw", "Password: ******"),
            ("please use judge=letmein", "please use judge=******"),
            ("x JUDGE= letmein y", "x JUDGE= ****** y"),
            ("A PAR-BUR", "A PAR-BUR"),
            ("SET PREFERENCE F", "SET PREFERENCE F"),
            ("SET PARTIAL", "SET PARTIAL"),
            ("PRESS TO E", "PRESS TO E"),
            ("", ""),
        ];
        for (line, want) in cases {
            assert_eq!(mask_line(line), want, "{line:?}");
        }
        // edit distance: two edits are a near miss, three are not
        assert_eq!(distance("SIGNON", "SNGOIN"), 3);
        assert_eq!(mask_line("SNGOIN Fdemo secret"), "SNGOIN Fdemo secret");
        assert_eq!(distance("CREATE", "CRTE"), 2);
        assert_eq!(mask_line("CRTE ?demo secret"), "CRTE ?demo ******");
    }

    fn mail(headers: &str, body: &str) -> Vec<u8> {
        format!("From: p@example.test\r\nTo: judge@example.test\r\nMessage-ID: <r@example.test>\r\nSubject: orders\r\n{headers}\r\n{body}").into_bytes()
    }

    #[test]
    fn plain_mail_keeps_its_length() {
        let raw = mail("", "SIGNON Fdemo s3cret\r\nA PAR-BUR\r\n\r\n> SIGNON Fdemo oldpw\r\n");
        let out = redact(&["SIGNON Fdemo s3cret".into(), "A PAR-BUR".into()], &raw);
        assert_eq!(out.len(), raw.len());
        let s = String::from_utf8(out).unwrap();
        assert!(!s.contains("s3cret") && !s.contains("oldpw"), "{s}");
        assert!(s.contains("SIGNON Fdemo ******\r\nA PAR-BUR"), "{s}");
        // no secret: unchanged
        let raw = mail("", "A PAR-BUR\r\n");
        assert_eq!(redact(&["A PAR-BUR".into()], &raw), raw);
    }

    #[test]
    fn encoded_bodies_are_reencoded() {
        let b64 = "U0lHTk9OIEZkZW1vIHMzY3JldAo="; // "SIGNON Fdemo s3cret\n"
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n", &format!("{b64}\r\n"));
        let out = String::from_utf8(redact(&[], &raw)).unwrap();
        assert!(!out.contains(b64) && !out.contains("s3cret"), "{out}");
        assert!(out.contains(REDACTED_HEADER) && out.contains("SIGNON Fdemo ******"), "{out}");
        assert!(out.contains("Message-ID: <r@example.test>") && !out.contains("base64"), "{out}");
        // quoted-printable: `=3D` is `=`, so `pa=ss` is not in the raw bytes
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n", "SIGNON Fdemo pa=3Dss\r\n");
        let out = String::from_utf8(redact(&["SIGNON Fdemo pa=ss".into()], &raw)).unwrap();
        assert!(!out.contains("pa=ss") && !out.contains("pa=3Dss") && out.contains(REDACTED_HEADER), "{out}");
        assert!(out.contains("SIGNON Fdemo *****\r\n") || out.ends_with("SIGNON Fdemo *****\n") || out.ends_with("SIGNON Fdemo *****"), "{out}");
        // a soft line break inside the password: no part of it is left
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n", "SIGNON Fdemo sec=\r\nret\r\n");
        let out = String::from_utf8(redact(&["SIGNON Fdemo secret".into()], &raw)).unwrap();
        assert!(!out.contains("sec") && !out.contains("ret\r") && out.contains(REDACTED_HEADER), "{out}");
        // quoted-printable where the password is there as it is: replaced in place
        let raw =
            mail("MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n", "SIGNON Fdemo s3cret\r\nA PAR H=20\r\n");
        let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into()], &raw)).unwrap();
        assert!(!out.contains("s3cret") && !out.contains(REDACTED_HEADER) && out.len() == raw.len(), "{out}");
    }

    #[test]
    fn secrets_per_mail_are_capped() {
        let body: String = (0..20_000).map(|i| format!("JOIN g s{i:05}x a{i:05}b\r\n")).collect();
        let raw = mail("", &format!("SIGNON Fdemo s3cret\r\n{body}"));
        let lines = vec!["SIGNON Fdemo s3cret".to_string()];
        let found = mail_secrets(&lines, &raw);
        assert_eq!(found.len(), MAX_SECRETS);
        assert!(found.contains(&"s3cret".to_string()), "the command lines' secrets come first");
        let start = std::time::Instant::now();
        let out = String::from_utf8(redact(&lines, &raw)).unwrap();
        assert!(!out.contains("s3cret") && !out.contains("s00001x") && out.contains("s19999x"));
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "{:?}", start.elapsed());
    }

    #[test]
    fn every_part_is_redacted() {
        // the text part in clear, the HTML part in base64: the HTML part would keep it
        let html = "PGRpdj5TSUdOT04gRmRlbW8gczNjcmV0PC9kaXY+"; // <div>SIGNON Fdemo s3cret</div>
        let body = format!(
            "--b\r\nContent-Type: text/plain\r\n\r\nSIGNON Fdemo s3cret\r\n--b\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\n{html}\r\n--b--\r\n"
        );
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b\"\r\n", &body);
        let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into()], &raw)).unwrap();
        assert!(!out.contains("s3cret") && !out.contains(html) && out.contains(REDACTED_HEADER), "{out}");
        assert!(out.contains("SIGNON Fdemo ******"), "{out}");
        // a password that is also a word of the MIME structure: re-encoded, not broken
        let body = "--plain\r\nContent-Type: text/plain\r\n\r\nSIGNON Fdemo plain\r\n--plain--\r\n";
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"plain\"\r\n", body);
        let out = String::from_utf8(redact(&[], &raw)).unwrap();
        assert!(out.contains("SIGNON Fdemo *****") && out.contains(REDACTED_HEADER), "{out}");
        // the subject too
        let raw = b"From: p@example.test\r\nSubject: SIGNON Fdemo s3cret\r\n\r\nSIGNON Fdemo s3cret\r\n".to_vec();
        let out = String::from_utf8(redact(&[], &raw)).unwrap();
        assert!(!out.contains("s3cret"), "{out}");
    }
}
