//! Reading inbound mail: who sent it, its command lines, and whether to answer.
//!
//! mail-parser does the MIME work (multipart, charsets, quoted-printable, base64,
//! HTML-only mail turned into text). Here: the judge-specific part — which text
//! is commands (not quoted reply text, not a signature) and which mail must never
//! be answered (bounces, auto-replies, list traffic, the judge's own mail).
//!
//! # Reading rules ([`command_lines`])
//!
//! The text read is the first text part (`format=flowed` decoded, see
//! [`crate::mail::flowed`]; HTML-only mail as [`html_text`] makes it). Only the
//! new text of a reply is read, wherever it stands: above, below or between
//! quotes.
//!
//! - A quoted line (`>`) is skipped, and reading goes on after it.
//! - An attribution line ("On ... wrote:", "Le ... a écrit :", "Am ...
//!   schrieb ...:", NeoMutt's "* name <address> [date]:" ..., wrapped over up
//!   to [`ATTRIBUTION_LINES`] lines) followed by a quote is skipped with it.
//!   "On ... wrote:" or "Le ... a écrit :" followed by text that is not quoted
//!   stops reading (the old mail, not quoted); another such line is then text.
//! - A forwarded mail (NeoMutt's "----- Forwarded message from ... -----",
//!   Gmail's "---------- Forwarded message ---------", "Begin forwarded
//!   message:" ...) is skipped to its end marker ("----- End forwarded message
//!   -----"), or to the end if it has none.
//! - These stop reading, as nothing after them can be told from new text:
//!   the signature separator `-- `; a copy of the judge's reply that is not
//!   quoted ([`REPLY_FIRST_LINE_END`], [`REPLY_ORDERS_HEADING`],
//!   [`REPLY_SEPARATOR`]); the separators and header blocks above an old mail
//!   that is not quoted ("-----Original Message-----", Outlook's line of
//!   underscores, a `From:` / `Sent:` / `To:` block).
//! - A sign-on line split over lines (`SIGNON` / `Fgame password`) is joined
//!   ([`crate::mail::redact::join_signons`]).

use crate::mail::flowed;
use mail_parser::{MessageParser, MimeHeaders};
use sha2::{Digest, Sha256};

/// The judge's reply (`templates/reply.txt`) starts with the line
/// `<judge name> received your mail.`: a line ending with this is the start of
/// a copy of a judge's reply, and nothing from there on is read.
/// Shared by the template and the reader so they cannot drift apart (a test
/// checks the template against these markers).
pub const REPLY_FIRST_LINE_END: &str = " received your mail.";
/// The heading of a power's orders in the judge's reply: a line equal to it
/// starts a copy of old orders, and nothing from there on is read.
pub const REPLY_ORDERS_HEADING: &str = "Your orders now:";
/// The separator before each game's status in the judge's reply (70 `-`).
pub const REPLY_SEPARATOR: &str = "----------------------------------------------------------------------";
/// A line of at least this many `-` (and nothing else) is taken as a copy of
/// [`REPLY_SEPARATOR`] (mail programs may cut it) and stops reading.
pub const REPLY_SEPARATOR_MIN: usize = 60;

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
    Ignore {
        message_id: String,
        from: String,
        reason: String,
        unreadable: bool,
    },
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
    // old Mac line ends (CR only) in the header: as CRLF, or no header is found
    let crlf = cr_only_to_crlf(view);
    let view = crlf.as_deref().unwrap_or(view);
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
    let Some(from_addr) = from_addr.filter(|a| usable_address(a).is_ok() && a.parse::<lettre::Address>().is_ok()) else {
        return ignore(&format!(
            "no usable From address: {}",
            address_problem(msg.from().and_then(|a| a.first()).and_then(|a| a.address()), header(&headers, "From"))
        ));
    };
    let judge = judge.to_ascii_lowercase();
    if is_judge(&from_addr, &judge) {
        return ignore("sent by the judge itself");
    }
    if header(&headers, "X-Loop").is_some_and(|v| v.to_ascii_lowercase().contains(&judge)) {
        return ignore("mail loop (X-Loop names this judge)");
    }
    // RFC 3834: `no` is a person's mail; every other keyword (auto-generated,
    // auto-replied, auto-notified, and made-up ones such as `notification`) is not
    if let Some(v) = header(&headers, "Auto-Submitted")
        && !v.split([';', '(', ' ', '\t']).next().unwrap_or_default().eq_ignore_ascii_case("no")
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
    if let Some(v) = header(&headers, "X-Auto-Response-Suppress")
        && suppresses_replies(v)
        && looks_like_auto_reply(&headers, msg.subject().unwrap_or(""))
    {
        return ignore("automatic reply (X-Auto-Response-Suppress, out-of-office)");
    }
    if ["List-Id", "List-Unsubscribe", "List-Post"].iter().any(|h| header(&headers, h).is_some()) {
        return ignore("mailing-list traffic");
    }
    if header(&headers, "Return-Path").is_some_and(|v| v.replace(' ', "") == "<>") {
        return ignore("bounce (empty Return-Path)");
    }
    if header(&headers, "X-Failed-Recipients").is_some() {
        return ignore("bounce (X-Failed-Recipients)");
    }
    let local = from_addr.split('@').next().unwrap_or_default();
    if ["mailer-daemon", "noreply", "no-reply", "do-not-reply", "donotreply"].contains(&local) {
        return ignore("sent by a mail system (MAILER-DAEMON or no-reply)");
    }
    if is_bounce_local_part(local) {
        return ignore("sent by a mail system (bounce address)");
    }
    if header(&headers, "Content-Type").is_some_and(|v| v.to_ascii_lowercase().contains("multipart/report")) {
        return ignore("delivery report (bounce)");
    }
    // an unusable Reply-To (the judge, a domain literal, a quoted local part) is not followed
    let reply_to = msg
        .reply_to()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|s| s.trim().to_string())
        .filter(|a| usable_address(a).is_ok() && a.parse::<lettre::Address>().is_ok() && !is_judge(&a.to_ascii_lowercase(), &judge))
        .unwrap_or_else(|| from_addr.clone());
    let subject = msg.subject().unwrap_or("").chars().filter(|c| !c.is_control()).take(200).collect();
    let mut references: Vec<String> =
        msg.references().as_text_list().map(|l| l.iter().map(|s| format!("<{}>", s.trim_matches(['<', '>']))).collect()).unwrap_or_default();
    if references.is_empty()
        && let Some(r) = msg.references().as_text()
    {
        references.push(format!("<{}>", r.trim_matches(['<', '>'])));
    }
    let (lines, cut_lines) = if too_large {
        (Vec::new(), 0)
    } else {
        let root = msg.root_part();
        let text = match body_text(&msg) {
            Some(t) => t,
            // declared multipart, but no part was found (no boundary parameter, or a
            // boundary that never appears): read what is there rather than nothing
            None if root.content_type().is_some_and(|c| c.ctype().eq_ignore_ascii_case("multipart")) && !root.is_multipart() => {
                let body = view.get(root.raw_body_offset() as usize..root.raw_end_offset() as usize).unwrap_or_default();
                broken_multipart_text(body)
            }
            None => String::new(),
        };
        command_lines(&text, limits.max_lines)
    };
    Verdict::Answer(Incoming { message_id, reply_to, from: from_addr, subject, lines, cut_lines, too_large, references })
}

/// The text of a mail's first text part (HTML-only mail turned into text,
/// `format=flowed` text decoded: see [`flowed`]).
fn body_text(msg: &mail_parser::Message) -> Option<String> {
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
fn broken_multipart_text(body: &[u8]) -> String {
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

/// A copy of `raw` with CRLF line ends if its lines end with CR alone (old Mac
/// mail): its first KiB (several header lines, each at most 998 characters)
/// has a CR and no LF. `None` if the mail needs no change.
fn cr_only_to_crlf(raw: &[u8]) -> Option<Vec<u8>> {
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

/// Whether `addr` is the judge, also with a `+tag` (`judge+x@example.test` for
/// `judge@example.test`). Both lowercase.
fn is_judge(addr: &str, judge: &str) -> bool {
    if addr == judge {
        return true;
    }
    let (Some((local, domain)), Some((jlocal, jdomain))) = (addr.rsplit_once('@'), judge.rsplit_once('@')) else { return false };
    domain == jdomain && local.strip_prefix(jlocal).is_some_and(|rest| rest.starts_with('+'))
}

/// VERP and bounce-handler senders of mailing lists and mail services:
/// `bounce@`, `bounces@`, `bounce-...@`, `bounces+...@` (lowercase). Not any
/// name that merely starts with "bounce" (`bouncer@` is a person).
fn is_bounce_local_part(local: &str) -> bool {
    matches!(local, "bounce" | "bounces") || ["bounce+", "bounce-", "bounces+", "bounces-"].iter().any(|p| local.starts_with(p))
}

/// `X-Auto-Response-Suppress` (Microsoft) names `All`, `OOF` or `AutoReply`.
fn suppresses_replies(v: &str) -> bool {
    v.split([',', ' ', ';']).any(|t| ["all", "oof", "autoreply"].iter().any(|k| t.trim().eq_ignore_ascii_case(k)))
}

/// Signs that a mail carrying `X-Auto-Response-Suppress` is itself an automatic
/// reply. The header alone is not enough to ignore a mail: it asks that no
/// automatic answer be sent, and Exchange puts it on its own out-of-office
/// replies and system mail, but scripts, web forms and some mail programs put it
/// on mail a person wrote too; the judge's answer is what a player asked for,
/// and ignoring a player's orders would lose them without a word (a loop with an
/// auto-responder is bounded anyway: the judge's mail carries Auto-Submitted,
/// and senders are rate-limited). So it counts together with an Exchange
/// inbox-rule loop header or a subject an auto-responder writes.
fn looks_like_auto_reply(headers: &[(String, String)], subject: &str) -> bool {
    if header(headers, "X-MS-Exchange-Inbox-Rules-Loop").is_some() {
        return true;
    }
    let s = subject.trim().to_lowercase();
    [
        "automatic reply:",
        "auto:",
        "autoreply",
        "auto-reply",
        "auto reply",
        "out of office",
        "out of the office",
        "automatische antwort",
        "abwesenheitsnotiz",
        "réponse automatique",
        "risposta automatica",
        "respuesta automática",
        "automatisch antwoord",
        "autosvar",
    ]
    .iter()
    .any(|p| s.starts_with(p))
}

/// Whether the judge may answer `addr`: a plain `local@domain` whose local
/// part is a dot-atom (RFC 5322: no quotes, spaces or `@` in it) and whose
/// domain is a DNS host name (ASCII letters, digits and hyphens in dot-separated
/// labels, at least two labels and not a bare IPv4 address, or `localhost`).
/// Domain literals (`user@[127.0.0.1]`) and quoted local parts (`"a b"@x.org`)
/// are refused: answering them is an abuse vector (mail sent to internal hosts,
/// or to whatever a quoted string makes of a relay's routing). Internationalized
/// (non-ASCII) addresses are refused too. The error says what is wrong.
pub fn usable_address(addr: &str) -> Result<(), &'static str> {
    let Some((local, domain)) = addr.rsplit_once('@') else { return Err("not a name@domain address") };
    if domain.starts_with('[') {
        return Err("a domain literal ([...]) instead of a domain name");
    }
    if local.starts_with('"') || local.contains('@') || local.contains(' ') {
        return Err("a quoted local part");
    }
    let atext = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c);
    if local.is_empty() || local.len() > 64 || local.split('.').any(|a| a.is_empty() || !a.chars().all(atext)) {
        return Err("a local part that is not a plain name");
    }
    let label =
        |l: &str| !l.is_empty() && l.len() <= 63 && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !l.starts_with('-') && !l.ends_with('-');
    let labels: Vec<&str> = domain.split('.').collect();
    let dns = domain.len() <= 253 && labels.iter().all(|l| label(l)) && (labels.len() >= 2 || domain.eq_ignore_ascii_case("localhost"));
    if !dns || labels.last().is_some_and(|tld| tld.chars().all(|c| c.is_ascii_digit())) {
        return Err("a domain that is not a DNS host name");
    }
    Ok(())
}

/// Whether the judge may send mail to `addr` that a command gave it (SET
/// ADDRESS, SET LIST): [`usable_address`], and not the judge's own address
/// (nor a `+tag` of it), which would have it mail itself in a loop.
pub fn answerable(addr: &str, judge: &str) -> Result<(), &'static str> {
    usable_address(addr)?;
    if is_judge(&addr.to_ascii_lowercase(), &judge.to_ascii_lowercase()) {
        return Err("the judge's own address");
    }
    Ok(())
}

/// Why a From address is not usable, for the log: from the parsed address, or,
/// as mail-parser takes a quoted local part for a display name, from the raw
/// header.
fn address_problem(parsed: Option<&str>, raw_header: Option<&str>) -> String {
    let raw = raw_header.unwrap_or_default().replace([' ', '\t', '\r', '\n'], "");
    let why = if raw.contains("@[") {
        "a domain literal ([...]) instead of a domain name"
    } else if raw.contains("\"@") {
        "a quoted local part"
    } else {
        match parsed.map(str::trim).filter(|p| !p.is_empty()) {
            None => return "none given".into(),
            Some(p) => usable_address(p).err().unwrap_or("not a valid address"),
        }
    };
    format!("{why}; replies to such addresses are not sent")
}

/// HTML to text with one line per block (`<div>`, `<p>`, `<br>`, list items,
/// table rows), as mail programs write one line of the editor per block.
/// Quoted text is left out ([`drop_html_quotes`]); each `<blockquote>` becomes
/// a line `>`, so that an attribution above it is known as one.
pub fn html_text(html: &str) -> String {
    let html = &drop_html_quotes(html);
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

/// The quoted parts of an HTML reply left out, by the `<div>` or `<hr>` that a
/// mail program puts around or above them:
///
/// - Outlook's `id="divRplyFwdMsg"`, `id="appendonsend"` and `<hr
///   id="stopSpelling">` start the old mail, which follows unquoted: nothing
///   from there on is read.
/// - Gmail's `class="gmail_quote"` holds the attribution (`class="gmail_attr"`,
///   left out) and the quote (a `<blockquote>`); text written below the quote
///   is read. A `gmail_quote` without a `<blockquote>` (a forward) is left out whole.
/// - Thunderbird's `class="moz-cite-prefix"` (the attribution above the
///   `<blockquote>`) is left out, and so is Yahoo's `class="yahoo_quoted"` (the
///   attribution and the quote); text after them is read.
fn drop_html_quotes(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut last = 0;
    let mut at = 0;
    // the end of the `gmail_quote` being read: one inside it is read too (so
    // that no text is scanned again for each)
    let mut kept_until = 0;
    while let Some(k) = lower[at..].find('<') {
        let i = at + k;
        at = i + 1;
        let tag = &lower[i + 1..];
        let name_len = tag.bytes().take_while(|c| c.is_ascii_alphanumeric()).count();
        if !matches!(&tag[..name_len], "div" | "hr") {
            continue;
        }
        let attrs = &tag[name_len..tag.find('>').unwrap_or(tag.len())];
        let id = html_attr(attrs, "id").map(str::trim);
        let class = html_attr(attrs, "class").unwrap_or_default();
        let has = |c: &str| class.split_ascii_whitespace().any(|x| x == c);
        if matches!(id, Some("divrplyfwdmsg" | "appendonsend" | "stopspelling")) {
            out.push_str(&html[last..i]);
            return out;
        }
        if &tag[..name_len] != "div" {
            continue;
        }
        let drop = if has("gmail_quote") && i >= kept_until {
            let end = div_end(&lower, i);
            let reply = lower[i..end].contains("<blockquote");
            if reply {
                kept_until = end;
            }
            !reply
        } else {
            has("gmail_attr") || has("moz-cite-prefix") || has("yahoo_quoted")
        };
        if drop {
            out.push_str(&html[last..i]);
            last = div_end(&lower, i);
            at = last;
        }
    }
    out.push_str(&html[last..]);
    out
}

/// Where the `<div>` that starts at `start` ends: after its matching `</div>`
/// (nested `<div>`s counted), or the end of the text. `lower`: lowercase HTML.
fn div_end(lower: &str, start: usize) -> usize {
    let mut depth = 0usize;
    for (i, _) in lower[start..].match_indices('<') {
        let tag = &lower[start + i + 1..];
        let (close, name) = match tag.strip_prefix('/') {
            Some(t) => (true, t),
            None => (false, tag),
        };
        let name_len = name.bytes().take_while(|c| c.is_ascii_alphanumeric()).count();
        if &name[..name_len] != "div" {
            continue;
        }
        if close {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return lower[start + i..].find('>').map_or(lower.len(), |k| start + i + k + 1);
            }
        } else {
            depth += 1;
        }
    }
    lower.len()
}

/// The value of attribute `name` in the attributes of a tag (lowercase HTML,
/// values quoted with `"` or `'`, or not quoted).
fn html_attr<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    let mut s = attrs;
    loop {
        s = s.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
        if s.is_empty() {
            return None;
        }
        let n = s.find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/').unwrap_or(s.len());
        let key = &s[..n];
        s = s[n..].trim_start();
        let mut value = "";
        if let Some(r) = s.strip_prefix('=') {
            let r = r.trim_start();
            match r.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let r = &r[1..];
                    let end = r.find(q).unwrap_or(r.len());
                    value = &r[..end];
                    s = r.get(end + 1..).unwrap_or_default();
                }
                _ => {
                    let end = r.find(|c: char| c.is_ascii_whitespace()).unwrap_or(r.len());
                    value = &r[..end];
                    s = &r[end..];
                }
            }
        }
        if key == name {
            return Some(value);
        }
    }
}

/// Drops `<blockquote>` sections (quoted replies in HTML mail), nested or not:
/// each outermost one leaves a line `>` in its place.
fn strip_blockquotes(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut depth = 0usize;
    let mut i = 0;
    while i < html.len() {
        if lower[i..].starts_with("<blockquote") {
            if depth == 0 {
                out.push_str("<div>&gt;</div>");
            }
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

/// The lines of a body that may hold commands: the new text of a reply,
/// wherever it stands around quotes (see the module's reading rules). Lines
/// may end with LF, CRLF or CR alone (old Mac mail). A sign-on line split over
/// lines is joined ([`crate::mail::redact::join_signons`]). Returns the lines
/// and how many were cut by `max_lines`.
pub fn command_lines(text: &str, max_lines: usize) -> (Vec<String>, usize) {
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
        if let Some((n, strict)) = attribution(&lines, i) {
            match lines[i + n..].iter().map(|l| l.trim()).find(|l| !l.is_empty()) {
                None => break,
                Some(next) if next.starts_with('>') => {
                    i += n;
                    continue;
                }
                // the old mail, not quoted
                Some(_) if strict => break,
                // not an attribution: text
                Some(_) => {}
            }
        }
        out.push(clean);
        i += 1;
    }
    let mut out = crate::mail::redact::join_signons(out);
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
fn split_lines(text: &str) -> Vec<&str> {
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
/// ", "Le ", "Am ", ...). `strict`: the English and French "On/Le ... wrote"
/// forms on one line, which stop reading even when unquoted text follows them.
fn attribution(lines: &[&str], i: usize) -> Option<(usize, bool)> {
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
            let strict = (lower.starts_with("on ") && (lower.ends_with(" wrote:") || lower.ends_with(" wrote :")))
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
            return (strict || said || mutt).then_some((n, strict && n == 1)).filter(|_| n == 1 || opens);
        }
        if !opens {
            return None;
        }
    }
    None
}

/// The words of a line made of dashes around a few words ("-----Original
/// Message-----"), lowercased; `None` for any other line.
fn dashed_words(t: &str) -> Option<String> {
    t.starts_with("--").then(|| t.trim_matches(|c: char| c == '-' || c.is_whitespace()).to_lowercase())
}

/// Lines that mail programs put above a quoted mail that is not `>`-quoted:
/// "-----Original Message-----", Android and Samsung's "-------- Original
/// message --------" (and German and French forms), Outlook's line of
/// underscores. Nothing after them is read.
fn original_separator(t: &str) -> bool {
    t.starts_with("________________________________")
        || dashed_words(t).is_some_and(|w| {
            ["original message", "ursprüngliche nachricht", "originalnachricht", "message d'origine", "message original"].contains(&w.as_str())
        })
}

/// The start of a forwarded mail: NeoMutt's "----- Forwarded message from ...
/// -----", Gmail's "---------- Forwarded message ---------", Thunderbird's
/// "-------- Forwarded Message --------" (and German, French, Spanish, Italian
/// forms), Apple Mail's "Begin forwarded message:".
fn forward_start(t: &str) -> bool {
    let lower = t.to_lowercase();
    ["begin forwarded message:", "anfang der weitergeleiteten nachricht:", "début du message réexpédié :", "début du message réexpédié:"]
        .contains(&lower.as_str())
        || dashed_words(t).is_some_and(|w| {
            ["forwarded message", "weitergeleitete nachricht", "message transféré", "mensaje reenviado", "messaggio inoltrato"].iter().any(|f| w.starts_with(f))
        })
}

/// The end of a forwarded mail: NeoMutt's "----- End forwarded message -----".
fn forward_end(t: &str) -> bool {
    dashed_words(t).is_some_and(|w| ["end forwarded message", "end of forwarded message", "ende der weitergeleiteten nachricht"].contains(&w.as_str()))
}

/// A line of the judge's own reply: its first line, its orders heading, or its
/// separator (see [`REPLY_FIRST_LINE_END`]).
fn judge_reply_line(t: &str) -> bool {
    t.ends_with(REPLY_FIRST_LINE_END)
        || t == REPLY_FIRST_LINE_END.trim_start()
        || t == REPLY_ORDERS_HEADING
        || (t.len() >= REPLY_SEPARATOR_MIN && t.bytes().all(|b| b == b'-'))
}

/// What a line of a reply header block is.
#[derive(Clone, Copy, PartialEq)]
enum HeaderLine {
    From,
    /// `Sent:` or `Date:`, with a digit in the value
    Date,
    /// `To:`, `Cc:` or `Subject:`
    To,
}

/// How many non-blank lines after a `From:` line may hold the rest of a reply
/// header block.
const HEADER_BLOCK_LINES: usize = 4;

fn header_line(t: &str) -> Option<HeaderLine> {
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
fn reply_header_block(t: &str, rest: &[&str]) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        command_lines(text, 100).0
    }

    /// The command lines of HTML, blank lines left out.
    fn html_lines(html: &str) -> Vec<String> {
        lines(&html_text(html)).into_iter().filter(|l| !l.is_empty()).collect()
    }

    #[test]
    fn reply_markers_match_the_reply_template() {
        let t = include_str!("../../templates/reply.txt");
        assert!(t.lines().any(|l| l == format!("{{{{ judge }}}}{REPLY_FIRST_LINE_END}")), "first line of reply.txt");
        assert!(t.lines().any(|l| l.trim() == REPLY_ORDERS_HEADING), "orders heading in reply.txt");
        assert!(t.lines().any(|l| l == REPLY_SEPARATOR), "separator in reply.txt");
        assert_eq!(REPLY_SEPARATOR.len(), 70);
        assert!(REPLY_SEPARATOR.bytes().all(|b| b == b'-') && REPLY_SEPARATOR_MIN <= REPLY_SEPARATOR.len());
    }

    #[test]
    fn a_copy_of_the_judges_reply_is_not_read() {
        assert_eq!(lines("A PAR H\nmailjudge received your mail.\n\n  A MAR-SPA: accepted.\n"), ["A PAR H"]);
        assert_eq!(lines("A PAR H\nreceived your mail.\nA MAR-SPA\n"), ["A PAR H"]);
        assert_eq!(lines("A PAR H\nYour orders now:\n  A MAR-SPA\n"), ["A PAR H"]);
        // quoted, it is skipped like any quoted line (commands may follow a quote)
        assert_eq!(lines("> mailjudge received your mail.\n> Your orders now:\nA PAR H\n"), ["A PAR H"]);
        // the separator: 60 dashes or more
        let dashes = |n: usize| "-".repeat(n);
        assert_eq!(lines(&format!("A PAR H\n{}\nA MAR-SPA\n", dashes(59))), ["A PAR H".to_string(), dashes(59), "A MAR-SPA".into()]);
        assert_eq!(lines(&format!("A PAR H\n{}\nA MAR-SPA\n", dashes(60))), ["A PAR H"]);
        assert_eq!(lines(&format!("A PAR H\n{REPLY_SEPARATOR}\nA MAR-SPA\n")), ["A PAR H"]);
    }

    #[test]
    fn an_outlook_header_block_stops_reading() {
        let block = "From: mailjudge <judge@example.test>\nSent: Monday, November 23, 2026 12:00 PM\nTo: p3@example.test\nSubject: Re: orders\n";
        assert_eq!(lines(&format!("A PAR H\n\n{block}\nA MAR-SPA\n")), ["A PAR H"]);
        // as HTML mail turns it into text: blank lines between, bold markers
        assert_eq!(lines("A PAR H\n*From:* Judge\n\n*Sent:* 23 November 2026 12:00\n\n*To:* p3\nA MAR-SPA\n"), ["A PAR H"]);
        assert_eq!(lines("A PAR H\nVon: Judge\nGesendet: Montag, 23. November 2026 12:00\nAn: p3\nBetreff: orders\nA MAR-SPA\n"), ["A PAR H"]);
        assert_eq!(lines("A PAR H\nDe : Judge\nEnvoyé : lundi 23 novembre 2026 12:00\nÀ : p3\nObjet : orders\nA MAR-SPA\n"), ["A PAR H"]);
        assert_eq!(lines("A PAR H\nDe\u{a0}: Judge\nEnvoyé\u{a0}: lundi 23 novembre 2026 12:00\nÀ\u{a0}: p3\nA MAR-SPA\n"), ["A PAR H"]);
        // the rest of the block within the next four non-blank lines: at the limit ...
        assert_eq!(lines("A PAR H\nFrom: Judge\nx\n\ny\nSent: 23 Nov 2026\nTo: p3\nA MAR-SPA\n"), ["A PAR H"]);
        // ... and past it
        let past = "A PAR H\nFrom: Judge\nx\ny\nz\nSent: 23 Nov 2026\nTo: p3\n";
        assert_eq!(lines(past).len(), 7, "{:?}", lines(past));
    }

    #[test]
    fn a_from_line_alone_is_text() {
        let press = "PRESS TO E\nFrom: Germany\nTo: France\nSubject: the Channel\nLet us attack.\nENDPRESS\n";
        assert_eq!(lines(press).len(), 6);
        // a date needs a digit: "Date: tomorrow" is not a mail header
        assert_eq!(lines("PRESS TO E\nFrom: Germany\nDate: tomorrow\nTo: France\nENDPRESS\n").len(), 5);
        assert_eq!(lines("From: Germany\n").len(), 1);
    }

    #[test]
    fn forwarded_and_original_message_lines_stop_reading() {
        for sep in [
            "-------- Original message --------",
            "---------- Forwarded message ---------",
            "-----Original Message-----",
            "----- Original Message -----",
            "Begin forwarded message:",
            "-----Ursprüngliche Nachricht-----",
            "-------- Message d'origine --------",
        ] {
            assert_eq!(lines(&format!("A PAR H\n{sep}\nA MAR-SPA\n")), ["A PAR H"], "{sep}");
        }
        assert_eq!(lines("A PAR H\n-------- not a separator --------\n").len(), 2);
    }

    #[test]
    fn new_text_is_read_around_quotes() {
        let quote = "> mailjudge received your mail.\n>\n> > A PAR-BUR\n>   A PAR-BUR: accepted.\n> -- \n> old signature\n";
        // bottom-posted
        assert_eq!(lines(&format!("On Mon, Nov 23, 2026 at 12:00:00PM +0000, mailjudge wrote:\n{quote}\nA PAR H\nF BRE-MAO\n")), ["A PAR H", "F BRE-MAO"]);
        // top-posted
        assert_eq!(lines(&format!("A PAR H\n\nOn Mon, Nov 23, 2026 at 12:00, mailjudge wrote:\n{quote}")), ["A PAR H"]);
        // interleaved: above, between and below quotes
        assert_eq!(
            lines(&format!("SIGNON Fdemo pw\n\nOn 23/11/2026 12:00, mailjudge wrote:\n{quote}A PAR H\n> Your orders now:\n>   A MAR-SPA\nA MAR-SPA\n")),
            ["SIGNON Fdemo pw", "", "A PAR H", "A MAR-SPA"]
        );
        for attribution in [
            "Le lun. 23 nov. 2026 à 12:00, mailjudge <judge@example.test> a écrit :",
            "Am Mo., 23. Nov. 2026 um 12:00 Uhr schrieb mailjudge <judge@example.test>:",
            "El lun, 23 nov 2026 a las 12:00, mailjudge (<judge@example.test>) escribió:",
            "* mailjudge <judge@example.test> [2026-11-23 12:00]:",
            "mailjudge <judge@example.test> wrote:",
        ] {
            assert_eq!(lines(&format!("A PAR H\n{attribution}\n\n{quote}\nF BRE-MAO\n")), ["A PAR H", "", "", "F BRE-MAO"], "{attribution}");
        }
    }

    #[test]
    fn attribution_lines_wrapped_and_not() {
        let quote = "> A PAR-BUR\n";
        // Gmail wraps a long attribution: up to ATTRIBUTION_LINES lines ...
        let wrapped = "On Mon, Nov 23, 2026 at 12:00 PM The Diplomacy\njudge mailjudge <judge@example.test>\nwrote:";
        assert_eq!(wrapped.lines().count(), ATTRIBUTION_LINES);
        assert_eq!(lines(&format!("A PAR H\n{wrapped}\n{quote}F BRE-MAO\n")), ["A PAR H", "F BRE-MAO"]);
        // ... and no more: the first line is then text, the rest stops reading
        let longer = "On Mon, Nov 23, 2026 at 12:00 PM\nThe Diplomacy\njudge mailjudge <judge@example.test>\nwrote:";
        assert_eq!(lines(&format!("A PAR H\n{longer}\n{quote}F BRE-MAO\n")).len(), 6);
        // over lines only when it starts as an attribution does
        assert_eq!(lines(&format!("A PAR H\nGermany\nwrote:\n{quote}F BRE-MAO\n")), ["A PAR H", "Germany", "wrote:", "F BRE-MAO"]);
        // "On ... wrote:" above text that is not quoted: the old mail, nothing more is read
        assert_eq!(lines("A PAR H\nOn Monday, mailjudge wrote:\nmailjudge got it.\nA MAR-SPA\n"), ["A PAR H"]);
        // the same at the end of the mail
        assert_eq!(lines("A PAR H\nOn Monday, mailjudge wrote:\n\n"), ["A PAR H"]);
        // another "wrote" line above text is text (press)
        assert_eq!(lines("PRESS TO E\nGermany wrote:\nWe attack.\nENDPRESS\n"), ["PRESS TO E", "Germany wrote:", "We attack.", "ENDPRESS"]);
    }

    #[test]
    fn forwarded_blocks_are_skipped_to_their_end() {
        let mutt = "----- Forwarded message from Germany <p2@example.test> -----\nDate: Mon, 23 Nov 2026 12:00:00 +0000\nFrom: Germany\n\nA MUN-BUR\n----- End forwarded message -----\n";
        assert_eq!(lines(&format!("A PAR H\n\n{mutt}\nF BRE-MAO\n")), ["A PAR H", "", "", "F BRE-MAO"]);
        // no end marker: skipped to the end
        for start in [
            "----- Forwarded message from Germany <p2@example.test> -----",
            "---------- Forwarded message ---------",
            "-------- Forwarded Message --------",
            "Begin forwarded message:",
            "-------- Weitergeleitete Nachricht --------",
        ] {
            assert_eq!(lines(&format!("A PAR H\n{start}\nA MUN-BUR\n\nF KIE-HOL\n")), ["A PAR H"], "{start}");
        }
        // a quoted marker starts nothing
        assert_eq!(lines("> ----- Forwarded message from x -----\n> A MUN-BUR\nA PAR H\n"), ["A PAR H"]);
        // an end marker alone is text, and a line of dashes is no marker
        assert_eq!(lines("----- End forwarded message -----\nA PAR H\n").len(), 2);
    }

    #[test]
    fn the_signature_and_an_unquoted_judge_reply_still_stop_reading() {
        assert_eq!(lines("On Monday, mailjudge wrote:\n> A PAR-BUR\nA PAR H\n-- \nA MAR-SPA\n"), ["A PAR H"]);
        assert_eq!(lines("On Monday, mailjudge wrote:\n> A PAR-BUR\nA PAR H\nmailjudge received your mail.\nA MAR-SPA\n"), ["A PAR H"]);
        // an Outlook header block stops reading even below a quote: the old mail follows unquoted
        let block = "From: mailjudge <judge@example.test>\nSent: Monday, November 23, 2026 12:00 PM\nTo: p3@example.test\nSubject: Re: orders\n";
        assert_eq!(lines(&format!("> x\nA PAR H\n{block}\nA MAR-SPA\n")), ["A PAR H"]);
    }

    #[test]
    fn a_sign_on_split_over_lines_is_joined() {
        assert_eq!(lines("SIGNON\nFdemo pw\nA PAR H\n"), ["SIGNON Fdemo pw", "A PAR H"]);
        assert_eq!(lines("SIGN ON\n\nFdemo\npw\nA PAR H\n"), ["SIGN ON Fdemo pw", "A PAR H"]);
        assert_eq!(lines("SIGNON Fdemo\npw\n"), ["SIGNON Fdemo pw"]);
        // a line of more words than are missing is not joined
        assert_eq!(lines("SIGNON Fdemo\nA PAR H\n"), ["SIGNON Fdemo", "A PAR H"]);
        assert_eq!(lines("SIGNON Fdemo\nSIGNON Fdemo pw\n"), ["SIGNON Fdemo", "SIGNON Fdemo pw"]);
        // OBSERVE needs no token; SIGNOFF and prose are no sign-on
        assert_eq!(lines("OBSERVE demo\nHELP\n"), ["OBSERVE demo", "HELP"]);
        assert_eq!(lines("SIGNOFF\nx\n"), ["SIGNOFF", "x"]);
        assert_eq!(lines("Signed on\nyes\n"), ["Signed on", "yes"]);
    }

    #[test]
    fn html_replies_are_read_around_their_quotes() {
        let quote = "<blockquote type=\"cite\">A PAR-BUR<br>A MAR-SPA</blockquote>";
        // Gmail: attribution and quote in gmail_quote, new text below it (inside or after)
        let gmail = format!(
            "<div dir=\"ltr\">A PAR H</div><br><div class=\"gmail_quote\"><div dir=\"ltr\" class=\"gmail_attr\">W dniu pon., 23.11.2026 o 12:00 mailjudge napisał(a):<br></div>{quote}<div>F BRE-MAO</div></div><div>F KIE-HOL</div>"
        );
        assert_eq!(html_lines(&gmail), ["A PAR H", "F BRE-MAO", "F KIE-HOL"]);
        // Thunderbird: moz-cite-prefix, then the quote, then new text
        let tb = format!("<p>A PAR H</p><div class=\"moz-cite-prefix\">On 23/11/2026 12:00, mailjudge wrote:<br></div>{quote}<p>F BRE-MAO</p>");
        assert_eq!(html_lines(&tb), ["A PAR H", "F BRE-MAO"]);
        // Apple Mail: an attribution in a plain div above the quote
        let apple = format!("<div>A PAR H</div><div><br><div>On 23 Nov 2026, at 12:00, mailjudge wrote:</div><br>{quote}</div><div>F BRE-MAO</div>");
        assert_eq!(html_lines(&apple), ["A PAR H", "F BRE-MAO"]);
        // a quote's place is a line `>`
        assert!(html_text(&format!("<div>x</div>{quote}")).lines().any(|l| l == ">"));
        // a Gmail forward (no blockquote) is left out whole, and so is an Outlook quote
        let fwd = "<div>A PAR H</div><div class=\"gmail_quote\"><div class=\"gmail_attr\">---------- Forwarded message ---------<br>From: x</div><div>A MUN-BUR</div></div><div>F BRE-MAO</div>";
        assert_eq!(html_lines(fwd), ["A PAR H", "F BRE-MAO"]);
        let outlook = format!("<div>A PAR H</div><div id=\"divRplyFwdMsg\">From: x</div>{quote}<div>A MUN-BUR</div>");
        assert_eq!(html_lines(&outlook), ["A PAR H"]);
        // nested gmail_quotes (a quote of a quote) and a div never closed
        let nested = format!(
            "<div>A</div><div class=\"gmail_quote\"><div class=\"gmail_attr\">x</div><blockquote><div class=\"gmail_quote\">{quote}</div></blockquote><div>B</div></div>"
        );
        assert_eq!(html_lines(&nested), ["A", "B"]);
        assert_eq!(html_lines("<div>A</div><div class=\"moz-cite-prefix\"><div>x"), ["A"]);
    }

    #[test]
    fn many_gmail_quotes_take_linear_time() {
        let one = "<div class=\"gmail_quote\"><div class=\"gmail_attr\">x</div><blockquote>q</blockquote><div>A PAR H</div>";
        // side by side, and each inside the one before (never closed)
        for html in [format!("{one}</div>").repeat(20_000), one.repeat(20_000)] {
            let start = std::time::Instant::now();
            let read = command_lines(&html_text(&html), 100_000).0;
            assert_eq!(read.iter().filter(|l| *l == "A PAR H").count(), 20_000);
            assert!(start.elapsed() < std::time::Duration::from_secs(20), "{:?}", start.elapsed());
        }
    }

    #[test]
    fn html_quote_starts_are_dropped() {
        for tag in [
            "<div id=\"divRplyFwdMsg\" dir=\"ltr\">",
            "<DIV ID='divRplyFwdMsg'>",
            "<div id=\"appendonsend\"></div><div>",
            "<hr id=\"stopSpelling\"><div>",
            "<div class=\"gmail_quote\">",
            "<div class=\"gmail_quote gmail_quote_container\">",
            "<div class=gmail_quote>",
            "<div class=\"moz-cite-prefix\">",
            "<div class=\"yahoo_quoted\">",
        ] {
            let html = format!("<html><body><div>A PAR H</div>{tag}<div>A MAR-SPA</div></div></body></html>");
            let t = html_text(&html);
            assert!(t.contains("A PAR H") && !t.contains("A MAR-SPA"), "{tag}: {t:?}");
        }
        for tag in ["<div id=\"divRplyFwdMsgX\">", "<div class=\"not_gmail_quote\">", "<div title=\"gmail_quote\">", "<p class=\"gmail_quote\">"] {
            let t = html_text(&format!("<div>A PAR H</div>{tag}<div>A MAR-SPA</div></div>"));
            assert!(t.contains("A MAR-SPA"), "{tag}: {t:?}");
        }
    }

    #[test]
    fn cr_lf_and_crlf_line_ends() {
        assert_eq!(lines("A PAR H\rA MAR-SPA\rF BRE-MAO\r"), ["A PAR H", "A MAR-SPA", "F BRE-MAO"]);
        assert_eq!(lines("A PAR H\r\nA MAR-SPA\nF BRE-MAO"), ["A PAR H", "A MAR-SPA", "F BRE-MAO"]);
        assert_eq!(lines("A PAR H\r\rA MAR-SPA\r\n"), ["A PAR H", "", "A MAR-SPA"]);
        assert_eq!(command_lines("", 0), (vec![], 0));
        assert_eq!(command_lines("A\nB\nC\n", 2), (vec!["A".to_string(), "B".into()], 1));
        assert_eq!(cr_only_to_crlf(b"a\rb\r\rc"), Some(b"a\r\nb\r\n\r\nc".to_vec()));
        assert_eq!(cr_only_to_crlf(b"a\r\nb\rc"), None);
        assert_eq!(cr_only_to_crlf(b"Subject: a\rb\r\nFrom: p@example.test\r\n"), None, "a stray CR in a CRLF mail");
        assert_eq!(cr_only_to_crlf(b"a\nb"), None);
    }

    #[test]
    fn usable_addresses() {
        for ok in ["p@example.test", "p@localhost", "a.b+c@sub.example.org", "o'brien@example.ie", "x_y-z@a-b.example"] {
            assert_eq!(usable_address(ok), Ok(()), "{ok}");
        }
        for bad in [
            "p@[127.0.0.1]",
            "p@[IPv6:::1]",
            "\"a b\"@example.org",
            "a b@example.org",
            "x@y@example.org",
            "a..b@example.org",
            ".a@example.org",
            "a.@example.org",
            "@example.org",
            "p@intranet",
            "p@1.2.3.4",
            "p@-x.org",
            "p@example.org.",
            "p@bücher.de",
            "p@exa_mple.org",
            "p",
        ] {
            assert!(usable_address(bad).is_err(), "{bad}");
        }
        assert!(usable_address(&format!("{}@example.org", "a".repeat(65))).is_err());
        assert!(usable_address(&format!("{}@example.org", "a".repeat(64))).is_ok());
    }

    #[test]
    fn the_judge_with_a_tag_is_the_judge() {
        assert!(is_judge("judge@example.test", "judge@example.test"));
        assert!(is_judge("judge+game-demo@example.test", "judge@example.test"));
        assert!(!is_judge("judgement@example.test", "judge@example.test"));
        assert!(!is_judge("judge+x@other.test", "judge@example.test"));
        assert!(!is_judge("p3+judge@example.test", "judge@example.test"));
    }

    #[test]
    fn bounce_local_parts() {
        for b in ["bounce", "bounces", "bounces+123-p3=example.test", "bounces-42", "bounce-x", "bounce+y"] {
            assert!(is_bounce_local_part(b), "{b}");
        }
        for p in ["bouncer", "bouncy", "p3", "nobounce"] {
            assert!(!is_bounce_local_part(p), "{p}");
        }
    }

    #[test]
    fn x_auto_response_suppress_alone_is_not_enough() {
        let h = |v: &[(&str, &str)]| v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
        assert!(suppresses_replies("All") && suppresses_replies("DR, OOF, AutoReply") && suppresses_replies("oof") && !suppresses_replies("DR, NDR, RN, NRN"));
        assert!(!looks_like_auto_reply(&h(&[]), "orders"));
        assert!(looks_like_auto_reply(&h(&[]), "Automatic reply: orders"));
        assert!(looks_like_auto_reply(&h(&[]), "Out of Office: orders"));
        assert!(looks_like_auto_reply(&h(&[("X-MS-Exchange-Inbox-Rules-Loop", "p3@example.test")]), "orders"));
    }
}
