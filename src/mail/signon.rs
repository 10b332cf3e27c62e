//! The sign-on grammar: how a line of a mail is recognised as a sign-on (its
//! command however mistyped, its game and its password), a password line
//! (`SET PASSWORD`, `PASSWORD`, `judge=`), the judge's own text that only
//! looks like one, and a sign-on split over lines joined. The reader
//! ([`crate::mail::read`]) joins and reads such lines; the redaction
//! ([`crate::mail::redact`]) masks their secrets. It uses neither.
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
//!   of its replies that starts like a command ([`JUDGE_SENTENCES`]). HELP's
//!   lines made in code (the options' table) come in the [`JudgeText`] the
//!   judge makes and passes to every entry point here, to the reader and to
//!   the redaction.
//!
//! A sign-on line that lacks its password (a bare `SIGNON` or `SIGNON Fgame`)
//! is joined with the lines holding the missing words ([`join_signons`]).

use std::ops::Range;

/// What a secret is shown as in a line ([`mask_line`]).
pub const MASK: &str = "******";

/// Sign-on commands the parser takes a password from (`src/command/parse/account.rs`):
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
pub(super) fn distance(a: &str, b: &str) -> usize {
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

/// The judge's own text beyond `templates/help.txt` and [`JUDGE_SENTENCES`]:
/// the lines of its HELP made in code (the master's options, from their table
/// in `command::options`), which hold no password. The mail layer sits below
/// the commands and cannot make them itself: whoever owns the judge makes one
/// ([`JudgeText::new`]) and passes it to the reader and the redaction. The
/// default knows no such line.
#[derive(Clone, Debug, Default)]
pub struct JudgeText {
    /// The lines, collapsed ([`collapse`]), none empty.
    more_help: std::collections::HashSet<String>,
}

impl JudgeText {
    /// `more_help` known as lines of the judge's HELP.
    pub fn new(more_help: &[String]) -> JudgeText {
        JudgeText { more_help: more_help.iter().map(|l| collapse(l)).filter(|l| !l.is_empty()).collect() }
    }
}

/// `l` with its runs of white space made one space, trimmed.
fn collapse(l: &str) -> String {
    l.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `line` is a line of the judge's own text (a sentence of its replies
/// or a line of its HELP, `own`'s among them), which holds no password.
pub(super) fn judge_text(line: &str, own: &JudgeText) -> bool {
    static HELP: std::sync::OnceLock<std::collections::HashSet<String>> = std::sync::OnceLock::new();
    let help = HELP.get_or_init(|| include_str!("../../templates/help.txt").lines().map(collapse).filter(|l| !l.is_empty()).collect());
    let t = collapse(line);
    JUDGE_SENTENCES.iter().any(|s| t.starts_with(s)) || help.contains(&t) || own.more_help.contains(&t)
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

/// Where a text to search for secrets stands: how generously its sign-on
/// words are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A line of a mail's text: generously (a word too many masked in the
    /// stored mail costs little).
    Line,
    /// A mail's subject, its reply prefixes left out: strictly, as it is shown
    /// back in the reply's subject and the mail's record. Only a sign-on line
    /// of a command of the parser that takes a password (SIGNON, SIGN ON,
    /// CREATE), or of any sign-on word (OBSERVE, JOIN, a typo ...) with its
    /// game written `?game`, with a word after the game, has one: `SIGNON
    /// Fdemo pw`, `CREATE ?rc pw`, `Join ?rc pw`; not "Join game rc", "Signon
    /// request", "Watch game tonight", "Sign treaty tonight" (a word within two
    /// edits of SIGNON). SET PASSWORD, PASSWORD and `judge=` as in a line.
    Subject,
}

/// The byte ranges of the secrets in `line` (see the module's documentation), in order.
pub fn secret_spans(line: &str, own: &JudgeText) -> Vec<Range<usize>> {
    spans(line, own, Reading::Line)
}

/// The byte ranges of the secrets in a subject without its reply prefixes
/// (see [`Reading::Subject`]), in order.
pub fn subject_spans(subject: &str, own: &JudgeText) -> Vec<Range<usize>> {
    spans(subject, own, Reading::Subject)
}

/// The byte ranges of the secrets in `line`, read as `reading` says, in order.
fn spans(line: &str, own: &JudgeText, reading: Reading) -> Vec<Range<usize>> {
    let w = words(line);
    let Some((_, first)) = w.first() else { return Vec::new() };
    if judge_text(line, own) {
        return Vec::new();
    }
    let w0 = norm(first);
    let w1 = w.get(1).map(|(_, s)| norm(s)).unwrap_or_default();
    let from = if let Some((from, form)) = signon_line(&w) {
        let after = w.len().saturating_sub(from);
        let joining = w.get(from - 1).is_some_and(|(_, s)| s.starts_with('?'));
        match reading {
            // OBSERVE and WATCH take a game alone, and "Watch game tonight" is prose
            Reading::Subject => {
                let password = form == Form::Parser && !matches!(w0.as_str(), "OBSERVE" | "WATCH");
                (after > 0 && (password || joining)).then_some(from)
            }
            // a sign-on with one word after it (a bare SIGNON joined with the
            // line after it, the game left out): that word may be the password
            Reading::Line if form == Form::Parser && w.len() == from && (w0 == "SIGNON" || w0 == "SIGN") && w[from - 1].1 != "?" => {
                return vec![w[from - 1].0.clone()];
            }
            Reading::Line => (form == Form::Parser || joining || after <= MAX_WORDS_AFTER_GAME).then_some(from),
        }
    } else if w0 == "SET" {
        // `SET PASSWORD pw`, `SET NO PASSWORD pw`; `SET PRIVATE pw`: a game's join password
        (1..w.len().min(3)).find(|&k| password_word(&norm(w[k].1), true) || (k == 1 && norm(w[k].1) == "PRIVATE")).map(|k| k + 1)
    } else if w0 == "ADJUST" && w.len() >= 4 {
        // the keeper's ADJUST address points password, RECORD address field value password
        Some(3)
    } else if w0 == "RECORD" && w.len() >= 5 {
        Some(4)
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
        } else if from.is_some_and(|f| i >= f) && !(w0 == "CREATE" && from.is_some_and(|f| create_setting(&w, f, i))) {
            spans.push(r.clone());
        }
        i += 1;
    }
    spans
}

/// Whether word `i` of a CREATE line whose password is word `from` is one of
/// the game's settings, shown in the echo: the built-in variant named right
/// after the password, or an option `key=value` (not `judge=`, the judge's
/// password, nor `webhook=`, whose URL carries a token).
fn create_setting(w: &[(Range<usize>, &str)], from: usize, i: usize) -> bool {
    let word = w[i].1;
    if i == from + 1 && crate::map::BUILTIN.iter().any(|(n, _)| n.eq_ignore_ascii_case(word)) {
        return true;
    }
    match word.split_once('=') {
        Some((key, _)) if i > from => {
            let key = key.to_ascii_lowercase();
            !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c == '-') && key != "judge" && key != "webhook"
        }
        _ => false,
    }
}

/// The secrets of `line` (see [`secret_spans`]).
pub fn secrets<'a>(line: &'a str, own: &JudgeText) -> Vec<&'a str> {
    secret_spans(line, own).into_iter().map(|r| &line[r]).collect()
}

/// `line` with each secret replaced by [`MASK`]; a line without one is returned as it is.
pub fn mask_line(line: &str, own: &JudgeText) -> String {
    let mut out = String::with_capacity(line.len());
    let mut last = 0;
    for r in secret_spans(line, own) {
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
pub fn lacks_password(line: &str, own: &JudgeText) -> bool {
    missing_words(line, own) > 0
}

fn missing_words(line: &str, own: &JudgeText) -> usize {
    let w = words(line);
    match signon_command(&w) {
        Some((g, _)) if !matches!(norm(w[0].1).as_str(), "OBSERVE" | "WATCH") && !judge_text(line, own) => {
            // a bare `SIGNON ?` asks which games have seats open: no game,
            // so no password, and the next line is a command of its own
            if w.len() > g && (!game_word(w[g].1) || w[g].1 == "?") {
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
pub fn join_signons(lines: Vec<String>, own: &JudgeText) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let mut line = lines[i].clone();
        i += 1;
        let mut missing = missing_words(&line, own);
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
pub fn unjoined_passwords<'a>(lines: &'a [String], own: &JudgeText) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if missing_words(line, own) == 0 {
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
