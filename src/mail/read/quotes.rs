//! The command lines of a mail's text: quotes, attributions, forwarded mail, signatures and copies of the judge's replies left out (the reading rules in the module documentation).

use super::{REPLY_FIRST_LINE_END, REPLY_ORDERS_HEADING, REPLY_SEPARATOR_MIN};
use crate::mail::signon::JudgeText;

/// The lines of a body that may hold commands: the new text of a reply,
/// wherever it stands around quotes (see the module's reading rules). Lines
/// may end with LF, CRLF or CR alone (old Mac mail). A sign-on line split over
/// lines is joined ([`crate::mail::signon::join_signons`], `own` the judge's
/// own text). Returns the lines and how many were cut by `max_lines`.
pub fn command_lines(text: &str, max_lines: usize, own: &JudgeText) -> (Vec<String>, usize) {
    let lines = split_lines(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line == "-- " || line == "--" {
            break;
        }
        let t = line.trim();
        if t.starts_with('>') {
            i += 1;
            continue;
        }
        if forward_start(t) {
            // skipped to its end marker, or to the end
            match lines[i + 1..].iter().position(|l| forward_end(l.trim())) {
                Some(k) => {
                    i += k + 2;
                    continue;
                }
                None => break,
            }
        }
        if original_separator(t) {
            break;
        }
        // non-breaking spaces and tabs from HTML mail
        let clean: String = t.chars().map(|c| if c == '\u{a0}' || c == '\u{202f}' || c == '\t' { ' ' } else { c }).filter(|c| !c.is_control()).collect();
        if judge_reply_line(&clean) || reply_header_block(&clean, &lines[i + 1..]) {
            break;
        }
        // "Sent from my iPhone": no command, skipped (commands may follow it
        // below a quote)
        if app_signature(&clean) {
            i += 1;
            continue;
        }
        if let Some((n, plain)) = attribution(&lines, i) {
            match lines[i + n..].iter().map(|l| l.trim()).find(|l| !l.is_empty()) {
                None => break,
                // above a quote, or above new text (the quote deleted, the
                // reply typed below the attribution): skipped
                Some(next) if next.starts_with('>') || plain => {
                    i += n;
                    continue;
                }
                // not an attribution: text
                Some(_) => {}
            }
        }
        out.push(clean);
        i += 1;
    }
    let mut out = crate::mail::signon::join_signons(out, own);
    while out.last().is_some_and(|l: &String| l.is_empty()) {
        out.pop();
    }
    let leading = out.iter().take_while(|l| l.is_empty()).count();
    out.drain(..leading);
    let cut = out.len().saturating_sub(max_lines);
    out.truncate(max_lines);
    (out, cut)
}

/// The lines of a text whose lines end with LF, CRLF or CR alone (a last line
/// end does not start another line).
pub(super) fn split_lines(text: &str) -> Vec<&str> {
    if text.is_empty() {
        return Vec::new();
    }
    let text = match text.strip_suffix('\n') {
        Some(t) => t.strip_suffix('\r').unwrap_or(t),
        None => text.strip_suffix('\r').unwrap_or(text),
    };
    text.split('\n').flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r')).collect()
}

/// How many lines an attribution may be wrapped over ("On ... <judge@...>" /
/// "wrote:").
pub const ATTRIBUTION_LINES: usize = 3;

/// Whether lines `i..` start an attribution line above a quote, and over how
/// many lines (at most [`ATTRIBUTION_LINES`]): a line ending with `:` that
/// says someone wrote ("On ... wrote:", "Le ... a écrit :", "Am ... schrieb
/// ...:", "El ... escribió:", NeoMutt's "* name <address> [date]:" and the
/// like). Over several lines only when it starts as an attribution does ("On
/// ", "Le ", "Am ", ...). `plain`: the English and French "On/Le ... wrote"
/// forms, which mail programs write and people do not: skipped even when
/// unquoted text follows them (a reply typed below the attribution, its quote
/// deleted); any other is then text ("Germany wrote:" in press).
pub(super) fn attribution(lines: &[&str], i: usize) -> Option<(usize, bool)> {
    let mut joined = String::new();
    for n in 1..=ATTRIBUTION_LINES {
        let l = lines.get(i + n - 1)?.trim();
        if l.is_empty() || l.starts_with('>') {
            return None;
        }
        if n > 1 {
            joined.push(' ');
        }
        joined.push_str(l);
        let lower = joined.to_lowercase();
        let opens = ["on ", "le ", "am ", "el ", "il ", "op ", "den ", "em ", "w dniu ", "* "].iter().any(|o| lower.starts_with(o));
        if lower.ends_with(':') {
            let plain = (lower.starts_with("on ") && (lower.ends_with(" wrote:") || lower.ends_with(" wrote :")))
                || (lower.starts_with("le ") && (lower.ends_with(" a écrit :") || lower.ends_with(" a écrit:")));
            let said = [
                " wrote",
                " writes",
                " a écrit",
                " schrieb",
                " escribió",
                " scrisse",
                " ha scritto",
                " schreef",
                " skrev",
                " napisał",
                " kirjoitti",
                " escreveu",
            ]
            .iter()
            .any(|w| lower.contains(w));
            let mutt = lower.starts_with("* ") && lower.ends_with("]:") && lower.contains('[');
            return (plain || said || mutt).then_some((n, plain)).filter(|_| n == 1 || opens);
        }
        if !opens {
            return None;
        }
    }
    None
}

/// The words of a line made of dashes around a few words ("-----Original
/// Message-----"), lowercased; `None` for any other line.
pub(super) fn dashed_words(t: &str) -> Option<String> {
    t.starts_with("--").then(|| t.trim_matches(|c: char| c == '-' || c.is_whitespace()).to_lowercase())
}

/// Lines that mail programs put above a quoted mail that is not `>`-quoted:
/// "-----Original Message-----", Android and Samsung's "-------- Original
/// message --------" (and German and French forms), Outlook's line of
/// underscores. Nothing after them is read.
pub(super) fn original_separator(t: &str) -> bool {
    t.starts_with("________________________________")
        || dashed_words(t).is_some_and(|w| {
            ["original message", "ursprüngliche nachricht", "originalnachricht", "message d'origine", "message original"].iter().any(|o| w.starts_with(o))
        })
}

/// The start of a forwarded mail: NeoMutt's "----- Forwarded message from ...
/// -----", Gmail's "---------- Forwarded message ---------", Thunderbird's
/// "-------- Forwarded Message --------" (and German, French, Spanish, Italian
/// forms), Apple Mail's "Begin forwarded message:".
pub(super) fn forward_start(t: &str) -> bool {
    let lower = t.to_lowercase();
    ["begin forwarded message:", "anfang der weitergeleiteten nachricht:", "début du message réexpédié :", "début du message réexpédié:"]
        .contains(&lower.as_str())
        || dashed_words(t).is_some_and(|w| {
            ["forwarded message", "weitergeleitete nachricht", "message transféré", "mensaje reenviado", "messaggio inoltrato"].iter().any(|f| w.starts_with(f))
        })
}

/// The end of a forwarded mail: NeoMutt's "----- End forwarded message -----".
pub(super) fn forward_end(t: &str) -> bool {
    dashed_words(t).is_some_and(|w| ["end forwarded message", "end of forwarded message", "ende der weitergeleiteten nachricht"].contains(&w.as_str()))
}

/// A line of the judge's own reply: its first line, its orders heading, or its
/// separator (see [`REPLY_FIRST_LINE_END`]).
pub(super) fn judge_reply_line(t: &str) -> bool {
    t.ends_with(REPLY_FIRST_LINE_END)
        || t == REPLY_FIRST_LINE_END.trim_start()
        || t == REPLY_ORDERS_HEADING
        || (t.len() >= REPLY_SEPARATOR_MIN && t.bytes().all(|b| b == b'-'))
}

/// What a line of a reply header block is.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum HeaderLine {
    From,
    /// `Sent:` or `Date:`, with a digit in the value
    Date,
    /// `To:`, `Cc:` or `Subject:`
    To,
}

/// How many non-blank lines after a `From:` line may hold the rest of a reply
/// header block.
pub(super) const HEADER_BLOCK_LINES: usize = 4;

pub(super) fn header_line(t: &str) -> Option<HeaderLine> {
    let (key, value) = t.split_once(':')?;
    let key = key.trim().trim_matches('*').trim().to_lowercase();
    match key.as_str() {
        "from" | "von" | "de" => Some(HeaderLine::From),
        "sent" | "date" | "gesendet" | "datum" | "envoyé" if value.chars().any(|c| c.is_ascii_digit()) => Some(HeaderLine::Date),
        "to" | "cc" | "subject" | "an" | "betreff" | "à" | "objet" => Some(HeaderLine::To),
        _ => None,
    }
}

/// Whether `t`, followed by `rest`, starts the header block that Outlook (and
/// Android, Apple Mail) puts above a quoted mail: a `From:` line, then within
/// the next [`HEADER_BLOCK_LINES`] non-blank lines a `Sent:`/`Date:` line with
/// a date and a `To:`/`Subject:` line (also German and French forms). A `From:`
/// line alone — in press, say — is text.
pub(super) fn reply_header_block(t: &str, rest: &[&str]) -> bool {
    if header_line(t) != Some(HeaderLine::From) {
        return false;
    }
    let next: Vec<HeaderLine> = rest
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .take(HEADER_BLOCK_LINES)
        .filter_map(|l| header_line(&l.replace(['\u{a0}', '\u{202f}'], " ")))
        .collect();
    next.contains(&HeaderLine::Date) && next.contains(&HeaderLine::To)
}

/// The starts of the lines phones and mail apps put below what is written
/// (lowercase): "Sent from my iPhone", "Get Outlook for Android", "Sent from
/// Mail for Windows", "Sent from Yahoo Mail on Android", and their German,
/// French, Spanish, Italian and Dutch forms ([`app_signature`]).
pub const APP_SIGNATURES: &[&str] = &[
    "sent from my ",
    "sent from mail for windows",
    "sent from yahoo mail",
    "sent from outlook",
    "sent from aol mobile mail",
    "sent from proton mail",
    "sent with proton mail",
    "get outlook for ",
    "von meinem ",
    "gesendet von meinem ",
    "envoyé de mon ",
    "envoyé depuis mon ",
    "enviado desde mi ",
    "inviato da ",
    "verzonden met ",
    "verstuurd vanaf mijn ",
];

/// The most words of a line [`app_signature`] takes for a signature.
pub const APP_SIGNATURE_WORDS: usize = 8;

/// Whether `t` (a trimmed line) is the signature a phone or mail app adds
/// ([`APP_SIGNATURES`]): the line whole, a link after it (`Get Outlook for
/// iOS<https://aka.ms/o0ukef>`) and a closing full stop left out, of at most
/// [`APP_SIGNATURE_WORDS`] words and without `,`, `:` or `;` (a sentence that
/// only starts like one is text).
pub(super) fn app_signature(t: &str) -> bool {
    let mut s = t.trim();
    if s.ends_with('>')
        && let Some(k) = s.find('<')
    {
        s = s[..k].trim_end();
    }
    let s = s.trim_end_matches(['.', '!']).to_lowercase();
    let whole = format!("{s} ");
    APP_SIGNATURES.iter().any(|p| whole.starts_with(p)) && s.split_whitespace().count() <= APP_SIGNATURE_WORDS && !s.contains([',', ':', ';', '<', '>'])
}
