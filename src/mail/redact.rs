//! Passwords out of stored mail: the judge keeps every inbound mail raw (table
//! `mails`, and so in every backup), and sign-on mail carries passwords.
//!
//! [`secret_spans`] decides which words of a line are secrets, generously (a
//! stored mail with a word too many masked costs little; a password kept in
//! clear is a leak), but ordinary prose and the judge's own text quoted back
//! are not masked:
//!
//! - a sign-on line: its first word is a sign-on command — SIGNON, SIGN ON,
//!   CREATE, OBSERVE, WATCH (what the parser takes a password from), or a word
//!   people write for one: SIGNIN, SIGN IN, SINGON, LOGIN, LOG ON, JOIN, or a
//!   word within two edits of SIGNON or CREATE (any case, punctuation ignored)
//!   that is not a word of its own ([`NOT_TYPOS`]: "Signed", "Great") — and its
//!   next word may be a game (not a word of prose, [`NOT_GAMES`]: "Join me",
//!   "Sign on with"). Every word after the game is a secret; for a command
//!   that is not the parser's, only if at most [`MAX_WORDS_AFTER_GAME`] words
//!   follow the game, or the game is written `?game`;
//! - `SET PASSWORD x y z` (also `SET PASS`, `SET PW`, `SET NEW PASSWORD`), or a
//!   line starting with PASSWORD: everything after that word;
//! - `judge=VALUE` anywhere (the judge's creation password): the value;
//! - none in a line of the judge's own text: a line of its HELP, or a sentence
//!   of its replies that starts like a command ([`JUDGE_SENTENCES`]).
//!
//! A sign-on line that lacks its password (a bare `SIGNON` or `SIGNON Fgame`)
//! is joined with the lines holding the missing words ([`join_signons`]), by
//! the reader and here alike: the password on the line after is a secret, and
//! the reply echoes the joined line masked. A subject is masked only if it is
//! itself a sign-on line, its `Re:` and `Fwd:` prefixes left out
//! ([`redact_text`]); in the stored mail, a Subject field whose secret is in
//! an RFC 2047 encoded word is written anew.
//!
//! [`mask_line`] shows a line with its secrets as `******` (for the reply's
//! echo). [`redact`] returns a mail's raw bytes with every secret of its lines
//! (the command lines the judge read, and every line of every text part, quoted
//! or not, `format=flowed` text also with its soft-wrapped lines joined)
//! replaced by as many `*`, where the secret appears literally. If it
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

/// Sign-on commands the parser takes a password from (`src/command/parse.rs`):
/// SIGNON (also SIGN ON), CREATE, OBSERVE and WATCH (normalized: uppercase letters and digits).
const PARSER_WORDS: &[&str] = &["SIGNON", "CREATE", "OBSERVE", "WATCH"];

/// Sign-on words people write that are no command; their lines are masked all the same.
const OTHER_WORDS: &[&str] = &["SIGNIN", "SINGON", "LOGIN", "LOGON", "JOIN"];

/// Words within two edits of SIGNON or CREATE that are words of their own, not
/// mistyped commands (the judge's "Signed on as France in game demo.", "Great news").
const NOT_TYPOS: &[&str] = &[
    "SIGNED", "SIGNS", "SIGNING", "SIGNAL", "SIGNALS", "SIGNER", "SIGNEE", "SIGNET", "SIGNOFF", "SIMON", "CREATED", "CREATES", "CREATOR", "CREATIVE",
    "CREATURE", "RECREATE", "GREAT", "GREATER", "TREAT", "TREATS", "TREATY", "TREATED", "RATE", "REBATE", "RELATE", "ORATE", "IRATE", "GRATE", "CRAVE",
    "CREME", "CREAM", "CRATE", "CRATES", "CRATER", "CREASE", "GREASE", "CREST", "CURATE", "CREMATE", "CHEAT",
];

/// Words that are no game after a sign-on word: prose ("Join me in ...",
/// "Watch out for ...", the judge's "Sign on with SIGNON ...", "SIGN OFF").
const NOT_GAMES: &[&str] = &[
    "a", "an", "the", "as", "at", "by", "for", "from", "in", "into", "of", "off", "on", "out", "over", "to", "up", "with", "me", "us", "you", "him", "her",
    "them", "it", "this", "that", "my", "our", "your", "his", "their", "and", "or", "here", "there", "now", "again", "please", "needs",
];

/// The most words after the game on a sign-on line whose command is no
/// command of the parser (a typo, JOIN, LOGIN ...) unless the game is written
/// `?game`: `JOIN demo pw` has one; "Join forces with Austria against Russia" is prose.
pub const MAX_WORDS_AFTER_GAME: usize = 2;

/// The starts of the judge's own sentences that begin like a sign-on line
/// (`src/report/say`): quoted back to the judge, they hold no password.
const JUDGE_SENTENCES: &[&str] = &[
    "CREATE needs a game name and a password:",
    "SIGNON needs the power letter and the game name",
    "SIGNON needs a game and a password:",
    "Password changed.",
    "SET WEBHOOK DISCORD https://discord.com/api/webhooks/..., or SET WEBHOOK",
];

/// A word as compared with command names: uppercase, letters and digits only
/// (`signon:` and `Sign-On` are SIGNON).
fn norm(word: &str) -> String {
    word.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

/// Levenshtein distance (ASCII words).
fn distance(a: &str, b: &str) -> usize {
    edit_distance(a.as_bytes(), b.as_bytes())
}

/// Levenshtein distance of two byte strings.
pub(crate) fn edit_distance(a: &[u8], b: &[u8]) -> usize {
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

/// How a line starts a sign-on: a command of the parser, or a word people write
/// for one (a typo, JOIN, LOGIN ...).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Form {
    Parser,
    Other,
}

/// Whether the words `w` start with a sign-on command: the index of the game
/// word, and the form. SIGN ON and LOG ON/IN are two words; a word within two
/// edits of SIGNON or CREATE is a typo of it, unless it is a word of its own
/// ([`NOT_TYPOS`]).
fn signon_command(w: &[(Range<usize>, &str)]) -> Option<(usize, Form)> {
    let w0 = norm(w.first()?.1);
    let w1 = w.get(1).map(|(_, s)| norm(s)).unwrap_or_default();
    if matches!(w0.as_str(), "SIGN" | "LOG") && matches!(w1.as_str(), "ON" | "IN") {
        return Some((2, if w0 == "SIGN" && w1 == "ON" { Form::Parser } else { Form::Other }));
    }
    if PARSER_WORDS.contains(&w0.as_str()) {
        return Some((1, Form::Parser));
    }
    if OTHER_WORDS.contains(&w0.as_str()) {
        return Some((1, Form::Other));
    }
    let typo = !w0.is_empty() && !NOT_TYPOS.contains(&w0.as_str()) && (distance(&w0, "SIGNON") <= 2 || distance(&w0, "CREATE") <= 2);
    typo.then_some((1, Form::Other))
}

/// Whether `word` may be the game of a sign-on line: not a word of prose ([`NOT_GAMES`]).
fn game_word(word: &str) -> bool {
    let g = word.trim_end_matches([',', ';', ':', '.', '!']).to_ascii_lowercase();
    !g.is_empty() && !NOT_GAMES.contains(&g.as_str())
}

/// Whether `line` is a line of the judge's own text (a sentence of its replies
/// or a line of its HELP), which holds no password.
fn judge_text(line: &str) -> bool {
    static HELP: std::sync::OnceLock<std::collections::HashSet<String>> = std::sync::OnceLock::new();
    let collapse = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let help = HELP.get_or_init(|| {
        let options = crate::command::options::help_lines();
        include_str!("../../templates/help.txt").lines().chain(options.iter().map(String::as_str)).map(collapse).filter(|l| !l.is_empty()).collect()
    });
    let t = collapse(line);
    JUDGE_SENTENCES.iter().any(|s| t.starts_with(s)) || help.contains(&t)
}

/// Whether the words `w` are a sign-on line: the index of its first secret
/// word (the one after the game, which may be missing), and its form.
fn signon_line(w: &[(Range<usize>, &str)]) -> Option<(usize, Form)> {
    let (g, form) = signon_command(w)?;
    if w.get(g).is_some_and(|(_, s)| !game_word(s)) {
        return None;
    }
    Some((g + 1, form))
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
    if judge_text(line) {
        return Vec::new();
    }
    let w0 = norm(first);
    let w1 = w.get(1).map(|(_, s)| norm(s)).unwrap_or_default();
    let from = if let Some((from, form)) = signon_line(&w) {
        // a sign-on with one word after it (a bare SIGNON joined with the
        // line after it, the game left out): that word may be the password
        if form == Form::Parser && w.len() == from && (w0 == "SIGNON" || w0 == "SIGN") {
            return vec![w[from - 1].0.clone()];
        }
        let after = w.len().saturating_sub(from);
        let joining = w.get(from - 1).is_some_and(|(_, s)| s.starts_with('?'));
        (form == Form::Parser || joining || after <= MAX_WORDS_AFTER_GAME).then_some(from)
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
            } else if !(v.starts_with('<') && v.ends_with('>')) {
                // `judge=<password>` is the judge's own text
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

/// How many words a sign-on line lacks (its game and its password): 1 or 2
/// for SIGNON, SIGN ON, CREATE and the words people write for them (typos,
/// JOIN, LOGIN ...), none for a whole line, and none for OBSERVE and WATCH
/// (whose token may be left out).
/// Whether `line` is a sign-on that lacks its password (`SIGNON`, `SIGN ON
/// ?game`, `SIGNON Fgame`): the line after it may be the password.
pub fn lacks_password(line: &str) -> bool {
    missing_words(line) > 0
}

fn missing_words(line: &str) -> usize {
    let w = words(line);
    match signon_command(&w) {
        Some((g, _)) if !matches!(norm(w[0].1).as_str(), "OBSERVE" | "WATCH") && !judge_text(line) => {
            if w.len() > g && !game_word(w[g].1) {
                return 0;
            }
            (g + 2).saturating_sub(w.len())
        }
        _ => 0,
    }
}

/// `lines` with each sign-on line that lacks its game or password (a bare
/// `SIGNON`, or `SIGNON Fgame`) joined with the following lines that hold just
/// the missing words (blank lines between are dropped): `SIGNON` / `Fdemo pw`
/// is `SIGNON Fdemo pw`, read and masked as one line. A following line of more
/// words than are missing, or that starts a sign-on itself, is not joined.
pub fn join_signons(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let mut line = lines[i].clone();
        i += 1;
        let mut missing = missing_words(&line);
        let mut j = i;
        while missing > 0 && j < lines.len() {
            let next = lines[j].trim();
            let n = words(next).len();
            if n == 0 {
                j += 1;
                continue;
            }
            if n > missing || signon_command(&words(next)).is_some() {
                break;
            }
            line.push(' ');
            line.push_str(next);
            missing -= n;
            j += 1;
            i = j;
        }
        out.push(line);
    }
    out
}

/// The words that may be a password on the line after a sign-on line that
/// lacks it, where [`join_signons`] did not join them (the line holds more
/// than the missing words): each word of at least 4 characters (a password's
/// least) of that line.
pub fn unjoined_passwords(lines: &[String]) -> Vec<&str> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if missing_words(line) == 0 {
            continue;
        }
        if let Some(next) = lines[i + 1..].iter().map(|l| l.trim()).find(|l| !l.is_empty())
            && signon_command(&words(next)).is_none()
        {
            out.extend(words(next).into_iter().map(|(_, w)| w).filter(|w| w.chars().count() >= 4));
        }
    }
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

/// The mail as the reader parses it: CR-only line ends made CRLF, closing
/// boundaries put right ([`crate::mail::read::mime_view`]).
fn crlf_view(raw: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    crate::mail::read::mime_view(raw)
}

/// The decoded text of every text part (nested messages too), HTML as it is.
fn parts_text(m: &Message, out: &mut Vec<String>) {
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
fn flowed_text(p: &mail_parser::MessagePart, text: &str) -> Option<String> {
    let ct = p.content_type();
    match crate::mail::flowed::params(ct.and_then(|c| c.attribute("format")), ct.and_then(|c| c.attribute("delsp"))) {
        (true, delsp) => Some(crate::mail::flowed::decode(text, delsp)),
        _ => None,
    }
}

/// As [`parts_text`], with HTML also as text (entities decoded, one line per block).
fn texts(m: &Message, out: &mut Vec<String>) {
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
    let mut keep = |s: &str| {
        if found.len() < MAX_SECRETS && !s.bytes().all(|b| b == b'*') && seen.insert(s.to_string()) {
            found.push(s.to_string());
        }
    };
    let mut add = |lines: &[String]| {
        lines.iter().flat_map(|l| secrets(unquote(l))).for_each(&mut keep);
        unjoined_passwords(lines).into_iter().for_each(&mut keep);
    };
    add(lines);
    let mut decoded = Vec::new();
    if let Some(m) = &parsed {
        // a subject that is a sign-on line
        if let Some(subject) = m.subject() {
            add(&[subject_text(subject).to_string()]);
        }
        texts(m, &mut decoded);
    }
    decoded.push(String::from_utf8_lossy(&raw[body_at..]).into_owned());
    for t in &decoded {
        let unquoted: Vec<String> = t.split(['\r', '\n']).map(|l| unquote(l).to_string()).collect();
        add(&join_signons(unquoted));
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
    let view = crlf_view(raw);
    let original = MessageParser::default().parse(&view[..]);
    let subject = original.as_ref().and_then(|m| m.subject());
    let mut out = redacted_head(&raw[..body_at], secrets, subject);
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
    reencoded(&view, &original, secrets, lines)
}

/// The prefixes of replies and forwards in a subject (`Re:`, `Fwd:`, German
/// `AW:` and `WG:`, French `TR:`, ...), compared without case.
const SUBJECT_PREFIXES: &[&str] = &["re:", "fwd:", "fw:", "aw:", "wg:", "tr:", "sv:", "vs:", "antw:", "rif:", "odp:", "r:"];

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
/// `SET PASSWORD ...`), its reply prefixes left out: only then is it masked.
fn secret_subject(subject: &str) -> bool {
    !secret_spans(subject_text(subject)).is_empty()
}

/// A subject with `secrets` replaced by as many `*`, then masked as a line
/// ([`mask_line`]) — if the subject is itself a sign-on line (see
/// [`subject_text`]); any other subject is returned as it is, whatever words
/// of it the mail's secrets hold.
pub fn redact_text(text: &str, secrets: &[String]) -> String {
    if !secret_subject(text) {
        return text.to_string();
    }
    let bare = subject_text(text);
    let prefix = &text[..text.len() - bare.len()];
    let mut b = bare.as_bytes().to_vec();
    blank(&mut b, secrets);
    // only ASCII was replaced by ASCII, at whole words: still UTF-8
    let bare = String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    format!("{prefix}{}", mask_line(&bare))
}

/// A header block with its Subject field redacted, if `subject` (the decoded
/// subject) is a sign-on line: `secrets` replaced where they stand, or, if a
/// secret is still there once the field is decoded (RFC 2047 encoded words),
/// the field written anew from the redacted subject ([`redact_text`]).
fn redacted_head(head: &[u8], secrets: &[String], subject: Option<&str>) -> Vec<u8> {
    let mut out = Vec::with_capacity(head.len());
    for f in fields(head) {
        let Some(subject) = subject.filter(|s| is_subject(f) && secret_subject(s)) else {
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
            b = format!("Subject: {}", encode_header_text(&redact_text(subject, secrets))).into_bytes();
            b.extend_from_slice(end);
        }
        out.extend_from_slice(&b);
    }
    out
}

/// `text` for a header field: as it is if it is printable ASCII, else as RFC
/// 2047 encoded words (UTF-8, Q encoding), each at most 75 characters.
fn encode_header_text(text: &str) -> String {
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
        let f = redacted_head(f, secrets, original.subject());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sign_on_that_lacks_its_password() {
        for bare in ["SIGNON", "signon Fdemo", "Sign On", "SIGN ON ?demo"] {
            assert!(lacks_password(bare), "{bare}");
        }
        for full in ["SIGNON Fdemo secret", "SIGN ON Fdemo secret", "SIGNED on as France", "A PAR H"] {
            assert!(!lacks_password(full), "{full}");
        }
    }

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

    #[test]
    fn only_real_sign_on_lines_are_masked() {
        for prose in [
            "Signed on as France in game rc.",
            "  Signed on to game rc (forming: 3 of 7 seats taken).",
            "Signed on as the master of game rc (forming).",
            "Signed off: the rest of the mail is not read.",
            "Sign on with SIGNON Frc <password> and send your orders.",
            "Join me in attacking Russia.",
            "Watch out for Germany",
            "Great news, everyone",
            "Create a diversion in the north",
            "SIGN OFF",
            "Password changed.",
            "Simon says hello",
            "Signal the fleet",
            "please use judge=<password>",
        ] {
            assert_eq!(mask_line(prose), prose, "{prose:?}");
        }
        // a command that is no command of the parser: at most MAX_WORDS_AFTER_GAME words after the game ...
        assert_eq!(MAX_WORDS_AFTER_GAME, 2);
        assert_eq!(mask_line("JOIN demo pw x"), "JOIN demo ****** ******");
        assert_eq!(mask_line("Join forces with Austria against Russia"), "Join forces with Austria against Russia");
        assert_eq!(mask_line("SIGNOM Fdemo pw x"), "SIGNOM Fdemo ****** ******");
        assert_eq!(mask_line("SIGNOM Fdemo pw x y"), "SIGNOM Fdemo pw x y");
        // ... unless the game is `?game`, and any number for the parser's commands
        assert_eq!(mask_line("JOIN ?demo pw x y"), "JOIN ?demo ****** ****** ******");
        assert_eq!(mask_line("SIGNON Fdemo pw and more words"), "SIGNON Fdemo ****** ****** ****** ******");
        assert_eq!(mask_line("CRAETE ?demo pw standard press=grey"), "CRAETE ?demo ****** ****** ******");
    }

    /// Every text of the judge's (its replies' sentences, its HELP) quoted back
    /// holds no password: none of its words is masked.
    #[test]
    fn the_judges_own_text_is_not_masked() {
        let help = include_str!("../../templates/help.txt");
        for line in help.lines() {
            assert!(secret_spans(line).is_empty(), "help.txt: {line:?}");
        }
        let say = [
            include_str!("../report/say/account.rs"),
            include_str!("../report/say/deadline.rs"),
            include_str!("../report/say/master.rs"),
            include_str!("../report/say/parse.rs"),
            include_str!("../report/say/session.rs"),
            include_str!("../report/say/settings.rs"),
            include_str!("../report/say/start.rs"),
            include_str!("../report/say/judge.rs"),
        ];
        let mut n = 0;
        for src in say {
            // each string literal, its `{}` as a word
            for lit in src.split('"').skip(1).step_by(2) {
                let mut text = String::new();
                let mut inside = false;
                for c in lit.chars() {
                    match c {
                        '{' => inside = true,
                        '}' if inside => {
                            inside = false;
                            text.push_str("demo");
                        }
                        _ if !inside => text.push(c),
                        _ => {}
                    }
                }
                assert!(secret_spans(&text).is_empty(), "{text:?}");
                n += 1;
            }
        }
        assert!(n > 100, "{n}");
        for text in [crate::report::say::parse::create_usage(), crate::report::say::parse::signon_usage(), crate::report::say::parse::signon_letter_and_game()]
        {
            assert!(secret_spans(&text).is_empty(), "{text:?}");
        }
    }

    #[test]
    fn a_sign_on_split_over_lines_is_masked() {
        let joined = |l: &[&str]| join_signons(l.iter().map(|s| s.to_string()).collect());
        assert_eq!(joined(&["SIGNON", "Fdemo pw", "A PAR H"]), ["SIGNON Fdemo pw", "A PAR H"]);
        assert_eq!(joined(&["sign on", "", "Fdemo", "", "pw", "x"]), ["sign on Fdemo pw", "x"]);
        assert_eq!(joined(&["CREATE ?demo", "pw"]), ["CREATE ?demo pw"]);
        assert_eq!(joined(&["SIGNON Fdemo", "A PAR H"]), ["SIGNON Fdemo", "A PAR H"]);
        assert_eq!(joined(&["SIGNON", ""]), ["SIGNON", ""]);
        assert_eq!(joined(&["OBSERVE demo", "tok"]), ["OBSERVE demo", "tok"]);
        // in a stored mail, quoted or not
        for body in ["SIGNON\r\nFdemo s3cret\r\n", "SIGNON Fdemo\r\n\r\ns3cret\r\n", "> SIGNON\r\n> Fdemo s3cret\r\n"] {
            let raw = mail("", body);
            let out = String::from_utf8(redact(&[], &raw)).unwrap();
            assert!(!out.contains("s3cret") && out.contains("Fdemo"), "{out}");
        }
    }

    #[test]
    fn the_subject_is_masked_only_if_it_is_a_sign_on_line() {
        let secrets = vec!["France".to_string(), "s3cret".to_string()];
        assert_eq!(redact_text("Re: Signed on as France in game rc.", &secrets), "Re: Signed on as France in game rc.");
        assert_eq!(redact_text("orders for France", &secrets), "orders for France");
        assert_eq!(redact_text("Re: AW: SIGNON Fdemo s3cret", &secrets), "Re: AW: SIGNON Fdemo ******");
        assert_eq!(redact_text("SET PASSWORD n3w", &secrets), "SET PASSWORD ******");
        assert_eq!(subject_text("Re: Fwd: RE:x"), "x");
        assert_eq!(subject_text("Re[2]: AW: x"), "x");
        assert_eq!(subject_text("Re[x]: y"), "Re[x]: y");
        assert_eq!(subject_text("Reply: y"), "Reply: y");
        // in the stored mail: the quoted judge's text and the subject as they were, the password out
        let body = "A PAR H\r\n\r\nOn Mon, mailjudge wrote:\r\n> mailjudge received your mail.\r\n> > SIGNON Fdemo ******\r\n>   Signed on as France in game demo.\r\n";
        let raw = format!("From: p@example.test\r\nSubject: Re: Signed on as France in game demo.\r\n\r\nSIGNON Fdemo s3cret\r\n{body}").into_bytes();
        let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into(), "A PAR H".into()], &raw)).unwrap();
        assert_eq!(out, String::from_utf8(raw).unwrap().replace("s3cret", "******"));
        // an encoded subject: written anew, masked
        let raw = b"From: p@example.test\r\nSubject: =?utf-8?q?SIGNON_Fdemo_s3cr=C3=A9t?=\r\nX-A: b\r\n\r\nhi\r\n".to_vec();
        let out = String::from_utf8(redact(&[], &raw)).unwrap();
        assert!(out.contains("Subject: SIGNON Fdemo ******\r\nX-A: b\r\n"), "{out}");
        let raw = b"From: p@example.test\r\nSubject: =?utf-8?q?AW=3A_SIGNON_Fdemo_s3cret_=C3=A9?=\r\n\r\nhi\r\n".to_vec();
        let out = redact(&[], &raw);
        let m = MessageParser::default().parse(&out[..]).unwrap();
        assert_eq!(m.subject(), Some("AW: SIGNON Fdemo ****** ******"), "{}", String::from_utf8_lossy(&out));
    }

    #[test]
    fn header_text_encoding() {
        assert_eq!(encode_header_text("SIGNON Fdemo ******"), "SIGNON Fdemo ******");
        assert_eq!(encode_header_text("Réf: x"), "=?utf-8?q?R=C3=A9f=3A_x?=");
        let long = encode_header_text(&"é".repeat(40));
        assert!(long.split(' ').all(|w| w.len() <= 75 && w.starts_with("=?utf-8?q?")), "{long}");
        let head = format!("Subject: {long}\r\n\r\n");
        let m = MessageParser::default().parse(head.as_bytes()).unwrap();
        assert_eq!(m.subject(), Some("é".repeat(40).as_str()));
    }

    #[test]
    fn a_flowed_password_wrapped_in_two_is_masked() {
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/plain; format=flowed; delsp=yes\r\n", "SIGNON Fdemo s3 \r\ncret\r\nA PAR H\r\n");
        let out = String::from_utf8(redact(&["SIGNON Fdemo s3cret".into()], &raw)).unwrap();
        assert!(!out.contains("s3 \r\ncret") && out.contains("SIGNON Fdemo ******") && out.contains(REDACTED_HEADER), "{out}");
    }

    #[test]
    fn a_mail_without_its_closing_boundary_is_redacted() {
        let b64 = "U0lHTk9OIEZkZW1vIHMzY3JldAo="; // "SIGNON Fdemo s3cret\n"
        let body = format!("--b1\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n{b64}\r\n");
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b1\"\r\n", &body);
        let out = String::from_utf8(redact(&[], &raw)).unwrap();
        assert!(!out.contains(b64) && out.contains("SIGNON Fdemo ******") && out.contains(REDACTED_HEADER), "{out}");
    }

    #[test]
    fn html_blocks_are_lines_of_their_own() {
        // the orders in the block after a sign-on are no password
        let raw = mail("MIME-Version: 1.0\r\nContent-Type: text/html\r\n", "<div>SIGNON Fdemo s3cret</div><div>A PAR H</div>\r\n");
        assert_eq!(mail_secrets(&[], &raw), ["s3cret"]);
        // a password in a quote is found all the same
        let raw =
            mail("MIME-Version: 1.0\r\nContent-Type: text/html\r\n", "<div>A PAR H</div><blockquote><div>SIGNON&nbsp;Fdemo s3cret</div></blockquote>\r\n");
        assert_eq!(mail_secrets(&[], &raw), ["s3cret"]);
    }
}
