use super::*;

/// The judge's own text, as the judge reads and redacts with it.
fn own() -> &'static crate::mail::signon::JudgeText {
    static OWN: std::sync::OnceLock<crate::mail::signon::JudgeText> = std::sync::OnceLock::new();
    OWN.get_or_init(crate::judge::judge_text)
}

fn lines(text: &str) -> Vec<String> {
    command_lines(text, 100, own()).0
}

/// The command lines of HTML, blank lines left out.
fn html_lines(html: &str) -> Vec<String> {
    lines(&html_text(html)).into_iter().filter(|l| !l.is_empty()).collect()
}

#[test]
fn reply_markers_match_the_reply_template() {
    let t = include_str!("../../../templates/reply.txt");
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
        "-----Original Message----- (from the archive)",
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
    // "On ... wrote:" above text that is not quoted: the quote deleted, the
    // reply typed below it; the attribution is skipped, the text read
    assert_eq!(lines("A PAR H\nOn Monday, mailjudge wrote:\nF BRE-MAO\nA MAR-SPA\n"), ["A PAR H", "F BRE-MAO", "A MAR-SPA"]);
    assert_eq!(lines("On Monday, mailjudge wrote:\n\nA PAR H\n"), ["A PAR H"]);
    assert_eq!(lines("Le lundi, mailjudge a écrit :\nA PAR H\n"), ["A PAR H"]);
    // wrapped as Gmail wraps it
    assert_eq!(lines("On Mon, Nov 23, 2026 at 12:00 PM The Diplomacy\njudge <judge@example.test> wrote:\nA PAR H\n"), ["A PAR H"]);
    // the judge's old mail pasted unquoted below it is still not read
    assert_eq!(lines("A PAR H\nOn Monday, mailjudge wrote:\nmailjudge received your mail.\nA MAR-SPA\n"), ["A PAR H"]);
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
fn phone_and_app_signatures_are_skipped() {
    for sig in [
        "Sent from my iPhone",
        "Sent from my Samsung Galaxy smartphone.",
        "Get Outlook for iOS",
        "Get Outlook for Android<https://aka.ms/ghei36>",
        "Sent from Mail for Windows 10",
        "Sent from Yahoo Mail on Android",
        "Von meinem iPhone gesendet",
        "Envoyé de mon iPhone",
    ] {
        assert_eq!(lines(&format!("A PAR H\n\n{sig}\n")), ["A PAR H"], "{sig}");
        // skipped, not stopping: text below it (under a quote) is read
        assert_eq!(lines(&format!("A PAR H\n{sig}\n> A PAR-BUR\nA MAR-SPA\n")), ["A PAR H", "A MAR-SPA"], "{sig}");
    }
    // a sentence that only starts like one, or a long line, is text
    for text in ["Sent from my iPhone, as you asked: A PAR H", "Sent from my phone in the train on the way to work this morning"] {
        assert_eq!(lines(text), [text]);
    }
    assert_eq!(lines("PRESS TO E\nSent my army to Burgundy\nENDPRESS\n").len(), 3);
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
fn a_tag_is_read_up_to_max_tag_bytes() {
    let tag = |pad: usize| format!("<div>A PAR H</div><div{} class=\"moz-cite-prefix\">x</div><div>F BRE-MAO</div>", " ".repeat(pad));
    // the class's value ends at the last of the MAX_TAG_BYTES bytes after the `<`: read ...
    let at = MAX_TAG_BYTES - "div class=\"moz-cite-prefix".len();
    assert_eq!(html_lines(&tag(at)), ["A PAR H", "F BRE-MAO"]);
    // ... one more, and it is not
    assert_eq!(html_lines(&tag(at + 1)), ["A PAR H", "x", "F BRE-MAO"]);
    // tags that never end cost no pass each
    let start = std::time::Instant::now();
    html_text(&"<div class=\"gmail_quote\" ".repeat(30_000));
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "{:?}", start.elapsed());
}

#[test]
fn many_gmail_quotes_take_linear_time() {
    let one = "<div class=\"gmail_quote\"><div class=\"gmail_attr\">x</div><blockquote>q</blockquote><div>A PAR H</div>";
    // side by side, and each inside the one before (never closed)
    for html in [format!("{one}</div>").repeat(20_000), one.repeat(20_000)] {
        let start = std::time::Instant::now();
        let read = command_lines(&html_text(&html), 100_000, own()).0;
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

fn read_lines(raw: &str) -> Vec<String> {
    match read(raw.as_bytes(), "judge@example.test", ReadLimits { max_bytes: 1 << 20, max_lines: 100 }, own()) {
        Verdict::Answer(i) => i.lines,
        v => panic!("{v:?}"),
    }
}

const HEAD: &str = "From: p3@example.test\r\nMessage-ID: <c@example.test>\r\nMIME-Version: 1.0\r\n";
/// "SIGNON Fdemo pw\nA PAR H\n" in base64
const B64: &str = "U0lHTk9OIEZkZW1vIHB3CkEgUEFSIEgK";

#[test]
fn a_missing_closing_boundary_is_put_back() {
    let b = "000000000000a1b2c3d4e5f60718";
    let part = format!("--{b}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{B64}\r\n");
    let raw = format!("{HEAD}Content-Type: multipart/mixed; boundary=\"{b}\"\r\n\r\n{part}");
    assert_eq!(read_lines(&raw), ["SIGNON Fdemo pw", "A PAR H"]);
    assert!(close_boundaries(raw.as_bytes()).unwrap().ends_with(format!("{B64}\r\n--{b}--\r\n").as_bytes()));
    // quoted-printable: its soft line breaks decoded
    let raw = format!(
        "{HEAD}Content-Type: multipart/mixed; boundary={b}\r\n\r\n--{b}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nSIGNON Fdemo pw\r\nA PAR=\r\n H=20\r\n"
    );
    assert_eq!(read_lines(&raw), ["SIGNON Fdemo pw", "A PAR H"]);
    // a whole mail is left as it is
    let whole = format!("{HEAD}Content-Type: multipart/mixed; boundary=\"{b}\"\r\n\r\n{part}--{b}--\r\n");
    assert_eq!(close_boundaries(whole.as_bytes()), None);
    assert_eq!(read_lines(&whole), ["SIGNON Fdemo pw", "A PAR H"]);
    // `boundary=` in text, with no delimiter line: nothing to close
    assert_eq!(close_boundaries(b"From: p\r\n\r\nset boundary=x in the header\r\n"), None);
}

#[test]
fn a_mistyped_closing_boundary_is_put_right() {
    let b = "000000000000a1b2c3d4e5f60718";
    let part = format!("--{b}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n{B64}\r\n");
    // another case, or within two edits: the close, and the epilogue after it is not read
    for close in [format!("--{}--", b.to_uppercase()), "--000000000000a1b2c3d4e5f6071--".into(), "--000000000000a1b2c3d4e5f6079-".into(), format!("-- {b} --")]
    {
        let raw = format!("{HEAD}Content-Type: multipart/mixed; boundary=\"{b}\"\r\n\r\n{part}{close}\r\nA list footer\r\n");
        assert_eq!(read_lines(&raw), ["SIGNON Fdemo pw", "A PAR H"], "{close}");
    }
    // three edits: not the close; the close goes at the end, and the line is text of the part
    let raw = format!(
        "{HEAD}Content-Type: multipart/mixed; boundary=\"{b}\"\r\n\r\n--{b}\r\nContent-Type: text/plain\r\n\r\nA PAR H\r\n--000000000000a1b2c3d4e5f6xy8--\r\n"
    );
    assert_eq!(read_lines(&raw), ["A PAR H", "--000000000000a1b2c3d4e5f6xy8--"]);
    assert_eq!(crate::mail::signon::edit_distance(b"000000000000a1b2c3d4e5f6xy8", b.as_bytes()), 3);
    // edits count from a boundary of eight characters on; a shorter one only in another case
    assert!(mistyped_close(b"--abcdefgX--", b"abcdefgh") && mistyped_close(b"--ABCDEFG--", b"abcdefg"));
    assert!(!mistyped_close(b"--abcdefX--", b"abcdefg") && !mistyped_close(b"--abcdefgh--", b"abcdefg"));
}

#[test]
fn a_nested_multipart_is_closed_before_the_enclosing_delimiter() {
    let (outer, inner) = ("outer-boundary-1234", "inner-boundary-5678");
    let raw = format!(
        "{HEAD}Content-Type: multipart/mixed; boundary=\"{outer}\"\r\n\r\n--{outer}\r\nContent-Type: multipart/alternative; boundary=\"{inner}\"\r\n\r\n--{inner}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n{B64}\r\n--{outer}\r\nContent-Type: application/pdf\r\n\r\nJVBERi0x\r\n--{outer}--\r\n"
    );
    let closed = String::from_utf8(close_boundaries(raw.as_bytes()).unwrap()).unwrap();
    assert!(closed.contains(&format!("{B64}\r\n--{inner}--\r\n--{outer}\r\n")), "{closed}");
    assert_eq!(read_lines(&raw), ["SIGNON Fdemo pw", "A PAR H"]);
}

#[test]
fn at_most_max_closed_boundaries_are_put_back() {
    let nested = |depth: usize| {
        let mut raw = format!("{HEAD}Content-Type: multipart/mixed; boundary=\"bnd-00001\"\r\n\r\n");
        for k in 1..depth {
            raw += &format!("--bnd-{k:05}\r\nContent-Type: multipart/mixed; boundary=\"bnd-{:05}\"\r\n\r\n", k + 1);
        }
        raw + &format!("--bnd-{depth:05}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n{B64}\r\n")
    };
    let at = nested(MAX_CLOSED_BOUNDARIES);
    assert!(close_boundaries(at.as_bytes()).is_some());
    assert_eq!(read_lines(&at), ["SIGNON Fdemo pw", "A PAR H"]);
    let past = nested(MAX_CLOSED_BOUNDARIES + 1);
    assert_eq!(close_boundaries(past.as_bytes()), None);
    // as mail-parser reads it: the text part not found
    assert!(read_lines(&past).is_empty());
}

#[test]
fn cr_lf_and_crlf_line_ends() {
    assert_eq!(lines("A PAR H\rA MAR-SPA\rF BRE-MAO\r"), ["A PAR H", "A MAR-SPA", "F BRE-MAO"]);
    assert_eq!(lines("A PAR H\r\nA MAR-SPA\nF BRE-MAO"), ["A PAR H", "A MAR-SPA", "F BRE-MAO"]);
    assert_eq!(lines("A PAR H\r\rA MAR-SPA\r\n"), ["A PAR H", "", "A MAR-SPA"]);
    assert_eq!(command_lines("", 0, own()), (vec![], 0));
    assert_eq!(command_lines("A\nB\nC\n", 2, own()), (vec!["A".to_string(), "B".into()], 1));
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
