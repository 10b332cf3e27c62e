#!/usr/bin/env python3
"""Writes tests/data/hostile/*.eml: quoted replies, automatic mail, odd
addresses and broken MIME that tests/it/hostile_mail.rs reads with
mailjudge::mail::read. Every mail is written byte by byte (no email library:
several are broken on purpose). Run from the project root."""
import os
import quopri

OUT = "tests/data/hostile"
DATE = "Mon, 23 Nov 2026 12:00:00 +0000"


def mail(name, body, frm="p3@example.test", subject="orders", headers=(), ctype="text/plain; charset=utf-8", mime=True, eol="\r\n"):
    """A mail as bytes. `body` uses \\n line ends; `eol` is what every line
    (headers and body) ends with in the file."""
    h = []
    if frm is not None:
        h.append(f"From: {frm}")
    h += ["To: judge@example.test", f"Subject: {subject}", f"Date: {DATE}", f"Message-ID: <{name}@example.test>"]
    if mime:
        h.append("MIME-Version: 1.0")
    if ctype:
        h.append(f"Content-Type: {ctype}")
    h += [f"{k}: {v}" for k, v in headers]
    text = "\n".join(h) + "\n\n" + body
    return text.replace("\r\n", "\n").replace("\n", eol).encode("utf-8")


def write(name, data):
    with open(os.path.join(OUT, name + ".eml"), "wb") as f:
        f.write(data)


# The judge's reply as templates/reply.txt renders it (two orders accepted).
JUDGE_REPLY = """mailjudge received your mail.

> SIGNON Fdemo pw-three
  Signed on as France in game demo.

> A PAR-BUR
  A PAR-BUR: accepted.

> A MAR-SPA
  A MAR-SPA: accepted.

----------------------------------------------------------------------
Game demo, France: Spring 1901 Movement
Your orders now:
  A PAR-BUR
  A MAR-SPA
Still to order: F BRE
Deadline: Wed 25 Nov 2026 12:00 UTC (in 2 days)
"""


def quoting():
    # Outlook (plain text, "do not indent the original message"): a header
    # block and the judge's reply below it, unquoted.
    write("quote-outlook-plain", mail("quote-outlook-plain",
        "SIGNON Fdemo pw-three\nA PAR H\nF BRE-MAO\n\nFrom: mailjudge <judge@example.test>\nSent: Monday, November 23, 2026 12:00 PM\n"
        "To: p3@example.test\nSubject: Re: orders\n\n" + JUDGE_REPLY, subject="RE: orders"))
    # Outlook HTML (Dutch headers, which the plain-text rules do not know):
    # everything from <div id="appendonsend"> / divRplyFwdMsg on is quoted.
    html = (
        "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"></head>"
        "<body><div style=\"font-family: Aptos\">SIGNON Fdemo pw-three</div>"
        "<div style=\"font-family: Aptos\">A PAR H</div><div>F BRE-MAO</div><div><br></div>"
        "<div id=\"appendonsend\"></div><hr style=\"display:inline-block;width:98%\" tabindex=\"-1\">"
        "<div id=\"divRplyFwdMsg\" dir=\"ltr\"><font face=\"Calibri, sans-serif\" style=\"font-size:11pt\" color=\"#000000\">"
        "<b>Van:</b> mailjudge &lt;judge@example.test&gt;<br><b>Verzonden:</b> maandag 23 november 2026 12:00<br>"
        "<b>Aan:</b> p3@example.test<br><b>Onderwerp:</b> Re: orders</font><div>&nbsp;</div></div>"
        "<div><pre>" + JUDGE_REPLY.replace(">", "&gt;") + "</pre></div></body></html>\n"
    )
    write("quote-outlook-html", mail("quote-outlook-html", html, subject="RE: orders", ctype="text/html; charset=utf-8"))
    # Android / Samsung mail
    write("quote-android", mail("quote-android",
        "SIGNON Fdemo pw-three\nA PAR H\n\n\n-------- Original message --------\nFrom: mailjudge <judge@example.test>\n"
        "Date: 23/11/2026 12:00 (GMT+00:00)\nTo: p3@example.test\nSubject: Re: orders\n\n" + JUDGE_REPLY))
    # Gmail HTML, German interface: the attribution line is not an "On ... wrote:"
    # line, only class="gmail_quote" says where the quote starts.
    html = (
        "<div dir=\"ltr\"><div>SIGNON Fdemo pw-three</div><div>A PAR H<br></div></div><br>"
        "<div class=\"gmail_quote gmail_quote_container\"><div dir=\"ltr\" class=\"gmail_attr\">"
        "Am Mo., 23. Nov. 2026 um 12:00&nbsp;Uhr schrieb mailjudge &lt;<a href=\"mailto:judge@example.test\">judge@example.test</a>&gt;:<br></div>"
        "<blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex\">"
        + JUDGE_REPLY.replace(">", "&gt;").replace("\n", "<br>\n") + "</blockquote></div>\n"
    )
    write("quote-gmail-html", mail("quote-gmail-html", html, subject="Re: orders", ctype="text/html; charset=UTF-8"))
    # Press holding lines that look like mail headers: they are press text.
    write("quote-press-from-line", mail("quote-press-from-line",
        "SIGNON Fdemo pw-three\nPRESS TO E\nThis is what I got:\nFrom: Germany\nTo: France\nSubject: the Channel\n"
        "Let us take London together.\nENDPRESS\nA PAR H\n"))


# The judge's reply as it really reads: the sign-on line's password masked.
JUDGE_REPLY_SENT = JUDGE_REPLY.replace("pw-three", "******")


def quote(text, nested=">"):
    """`text` quoted as mail programs do: `> ` before each line, `nested`
    before a line that is already quoted (format=flowed writes `>>`)."""
    out = []
    for line in text.rstrip("\n").split("\n"):
        out.append(nested + line if line.startswith(">") else "> " + line if line else ">")
    return "\n".join(out) + "\n"


def qp(text):
    """Quoted-printable, CRLF line ends in the source."""
    return quopri.encodestring(text.replace("\r\n", "\n").encode("utf-8")).decode("ascii")


def alternative(boundary, parts):
    """A multipart/alternative body: `parts` as (headers, body)."""
    out = ""
    for headers, body in parts:
        out += f"--{boundary}\n" + "".join(f"{k}: {v}\n" for k, v in headers) + "\n" + body
        if not body.endswith("\n"):
            out += "\n"
    return out + f"--{boundary}--\n"


def clients():
    """Replies as real mail programs write them, to the judge's reply above."""
    thread = [("In-Reply-To", "<reply-1@example.test>"), ("References", "<orders-1@example.test> <reply-1@example.test>")]
    # NeoMutt, format=flowed, bottom-posted and interleaved: a bare SIGNON with
    # its game and password on the next line, an order soft-wrapped by the
    # editor (vim's formatoptions+=w), orders below the quote and between its
    # parts, and a signature.
    reply = JUDGE_REPLY_SENT.split("----------------------------------------------------------------------\n")
    write("client-neomutt-bottom", mail("client-neomutt-bottom",
        "On Mon, Nov 23, 2026 at 12:00:00PM +0000, mailjudge wrote:\n" + quote(reply[0], nested=">")
        + "\nSIGNON\nFdemo pw-three\nA PAR H\n\n"
        + quote("----------------------------------------------------------------------\n" + reply[1], nested=">")
        + "\nF BRE - \nMAO\nA MAR-SPA\n\n-- \nPlayer Three \nA MUN-BUR\n",
        frm="Player Three <p3@example.test>", subject="Re: orders", ctype="text/plain; charset=us-ascii; format=flowed",
        headers=thread + [("Content-Disposition", "inline"), ("User-Agent", "NeoMutt/20250510")]))
    # NeoMutt with its own attribution ("* name <address> [date]:") and a
    # forwarded mail (mutt's forward_decode, not as an attachment).
    write("client-neomutt-forward", mail("client-neomutt-forward",
        "SIGNON Fdemo pw-three\nA PAR H\n\n* mailjudge <judge@example.test> [2026-11-23 12:00]:\n" + quote(JUDGE_REPLY_SENT, nested=">")
        + "\nF BRE-MAO\n\nGermany wrote to me, see below; I take it as agreed.\n\n"
        "----- Forwarded message from Germany <p2@example.test> -----\n\nDate: Mon, 23 Nov 2026 11:00:00 +0000\n"
        "From: Germany <p2@example.test>\nTo: Player Three <p3@example.test>\nSubject: Burgundy\n\n"
        "SIGNON Gdemo pw-two\nA MUN-BUR\nF KIE-HOL\n\n----- End forwarded message -----\n\nA MAR-SPA\n\n-- \nPlayer Three\n",
        frm="Player Three <p3@example.test>", subject="Re: orders", ctype="text/plain; charset=utf-8; format=flowed",
        headers=thread + [("Content-Disposition", "inline"), ("User-Agent", "NeoMutt/20250510")]))
    # Thunderbird: format=flowed plain text (a long press line soft-wrapped)
    # and HTML with moz-cite-prefix, bottom-posted.
    press = "Dear England, I propose that we leave the Channel empty this year and \nsplit the North Sea later; do answer soon.\n"
    plain = ("On 23/11/2026 12:00, mailjudge wrote:\n" + quote(JUDGE_REPLY_SENT, nested=">")
             + "\nSIGNON Fdemo pw-three\nA PAR H\nPRESS TO E\n" + press + "ENDPRESS\n\n")
    html = ("<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\n  </head>\n  <body>\n"
            "    <div class=\"moz-cite-prefix\">On 23/11/2026 12:00, mailjudge wrote:<br>\n    </div>\n"
            "    <blockquote type=\"cite\" cite=\"mid:reply-1@example.test\">\n      <pre class=\"moz-quote-pre\" wrap=\"\">"
            + JUDGE_REPLY_SENT.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + "</pre>\n    </blockquote>\n"
            "    <p>SIGNON Fdemo pw-three<br>\n      A PAR H<br>\n      PRESS TO E<br>\n      " + press.replace(" \n", " ").rstrip("\n")
            + "<br>\n      ENDPRESS</p>\n  </body>\n</html>\n")
    b = "------------Ab12Cd34Ef56Gh78Ij90Kl12"
    write("client-thunderbird", mail("client-thunderbird",
        "This is a multi-part message in MIME format.\n" + alternative(b, [
            ([("Content-Type", "text/plain; charset=UTF-8; format=flowed"), ("Content-Transfer-Encoding", "7bit")], plain),
            ([("Content-Type", "text/html; charset=UTF-8"), ("Content-Transfer-Encoding", "7bit")], html)]),
        frm="Player Three <p3@example.test>", subject="Re: orders", ctype=f"multipart/alternative; boundary=\"{b}\"",
        headers=thread + [("User-Agent", "Mozilla Thunderbird"), ("Content-Language", "en-GB")]))
    # Outlook: top-posted above a header block, the judge's reply unquoted
    # below it ("Signed on as France in game demo." in it), plain text and
    # HTML in quoted-printable; the subject names the power and the game.
    header_block = ("From: mailjudge <judge@example.test>\nSent: Monday, November 23, 2026 12:00 PM\nTo: Player Three <p3@example.test>\n"
                    "Subject: Re: France: orders in game demo\n")
    plain = "SIGNON Fdemo pw-three\nA PAR H\nF BRE-MAO\n\n________________________________\n" + header_block + "\n" + JUDGE_REPLY_SENT
    html = ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=us-ascii\"></head><body>"
            "<div style=\"font-family: Aptos, sans-serif; font-size: 12pt\">SIGNON Fdemo pw-three</div>"
            "<div style=\"font-family: Aptos, sans-serif; font-size: 12pt\">A PAR H</div><div>F BRE-MAO</div><div><br></div>"
            "<div id=\"appendonsend\"></div><hr style=\"display:inline-block;width:98%\" tabindex=\"-1\">"
            "<div id=\"divRplyFwdMsg\" dir=\"ltr\"><font face=\"Calibri, sans-serif\" style=\"font-size:11pt\" color=\"#000000\">"
            "<b>From:</b> mailjudge &lt;judge@example.test&gt;<br><b>Sent:</b> Monday, November 23, 2026 12:00 PM<br>"
            "<b>To:</b> Player Three &lt;p3@example.test&gt;<br><b>Subject:</b> Re: France: orders in game demo</font><div>&nbsp;</div></div>"
            "<div><pre>" + JUDGE_REPLY_SENT.replace(">", "&gt;") + "</pre></div></body></html>\n")
    b = "_000_DB9PR01MB1234567890ABCDEFexampletest_"
    write("client-outlook", mail("client-outlook",
        alternative(b, [
            ([("Content-Type", "text/plain; charset=\"us-ascii\""), ("Content-Transfer-Encoding", "quoted-printable")], qp(plain)),
            ([("Content-Type", "text/html; charset=\"us-ascii\""), ("Content-Transfer-Encoding", "quoted-printable")], qp(html))]),
        frm="Player Three <p3@example.test>", subject="RE: France: orders in game demo", ctype=f"multipart/alternative; boundary=\"{b}\"",
        headers=thread + [("Thread-Topic", "France: orders in game demo"), ("Thread-Index", "AQHZ1234567890abcdef=="),
                          ("Accept-Language", "en-GB, en-US"), ("Content-Language", "en-GB"), ("X-MS-Has-Attach", ""),
                          ("X-MS-TNEF-Correlator", "")]))
    # Gmail: the sign-on above the quote, orders below it; the plain text's
    # attribution wrapped in two; in HTML the new text after the gmail_quote div.
    plain = ("SIGNON Fdemo pw-three\n\nOn Mon, Nov 23, 2026 at 12:00 PM mailjudge <judge@example.test>\nwrote:\n\n"
             + quote(JUDGE_REPLY_SENT, nested="> ") + "\nA PAR H\nF BRE-MAO\n")
    html = ("<div dir=\"ltr\"><div>SIGNON Fdemo pw-three</div><br></div><br><div class=\"gmail_quote gmail_quote_container\">"
            "<div dir=\"ltr\" class=\"gmail_attr\">On Mon, Nov 23, 2026 at 12:00 PM mailjudge &lt;<a href=\"mailto:judge@example.test\">"
            "judge@example.test</a>&gt; wrote:<br></div><blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex;"
            "border-left:1px solid rgb(204,204,204);padding-left:1ex\">"
            + JUDGE_REPLY_SENT.replace(">", "&gt;").replace("\n", "<br>\n") + "</blockquote></div><div dir=\"ltr\"><br></div>"
            "<div>A PAR H</div><div>F BRE-MAO</div>\n")
    b = "000000000000a1b2c3d4e5f60718"
    write("client-gmail", mail("client-gmail",
        alternative(b, [
            ([("Content-Type", "text/plain; charset=\"UTF-8\"")], plain),
            ([("Content-Type", "text/html; charset=\"UTF-8\""), ("Content-Transfer-Encoding", "quoted-printable")], qp(html))]),
        frm="Player Three <p3@example.test>", subject="Re: orders", ctype=f"multipart/alternative; boundary=\"{b}\"",
        headers=thread))
    # A client that sends DelSp=yes (RFC 3676 4.2): the space before a soft
    # line break is not text, so an order can be wrapped inside a word (and a
    # space of the text at a break is written as two).
    write("client-flowed-delsp", mail("client-flowed-delsp",
        "On Nov 23, 2026, at 12:00, mailjudge <judge@example.test> wrote:\n\n" + quote(JUDGE_REPLY_SENT, nested=">")
        + "\nSIGNON Fdemo pw-three\nA PAR-B \nUR\nF BRE -  \nMAO\n",
        frm="Player Three <p3@example.test>", subject="Re: orders", ctype="text/plain; charset=us-ascii; format=flowed; delsp=yes",
        headers=thread))


def automatic():
    write("auto-exchange-oof", mail("auto-exchange-oof", "I am out of the office until Monday.\nHELP\n",
        frm="Player Three <p3@example.test>", subject="Automatic reply: orders",
        headers=[("X-Auto-Response-Suppress", "All"), ("X-MS-Exchange-Inbox-Rules-Loop", "p3@example.test"), ("Thread-Topic", "orders")]))
    write("auto-suppress-user-mail", mail("auto-suppress-user-mail", "SIGNON Fdemo pw-three\nA PAR H\n",
        headers=[("X-Auto-Response-Suppress", "All")]))
    write("auto-failed-recipients", mail("auto-failed-recipients", "This message was created automatically by mail delivery software.\nHELP\n",
        frm="mail-system@example.test", subject="Mail delivery failed: returning message to sender",
        headers=[("X-Failed-Recipients", "nobody@example.test")]))
    write("auto-verp", mail("auto-verp", "HELP\n", frm="bounces+123-judge=example.test@lists.example.org", subject="Re: orders"))
    write("auto-notification", mail("auto-notification", "Your mailbox is almost full.\nHELP\n", frm="postmaster@example.test",
        headers=[("Auto-Submitted", "notification")]))
    write("auto-judge-tag", mail("auto-judge-tag", "HELP\n", frm="mailjudge <judge+game-demo@example.test>"))
    arf = (
        "This is an email abuse report for an email message received from IP 192.0.2.1.\n\n"
        "--arf\nContent-Type: text/plain; charset=utf-8\n\nThis is an abuse report.\nHELP\n\n"
        "--arf\nContent-Type: message/feedback-report\n\nFeedback-Type: abuse\nUser-Agent: SomeGenerator/1.0\nVersion: 1\n\n"
        "--arf\nContent-Type: message/rfc822\n\nFrom: judge@example.test\nTo: someone@example.org\nSubject: Re: orders\n\nmailjudge received your mail.\n\n"
        "--arf--\n"
    )
    write("auto-arf", mail("auto-arf", arf, frm="abuse@isp.example.org", subject="FW: abuse report",
        ctype="multipart/report; report-type=feedback-report; boundary=\"arf\""))


def addresses():
    write("addr-domain-literal", mail("addr-domain-literal", "HELP\n", frm="user@[127.0.0.1]"))
    write("addr-ipv6-literal", mail("addr-ipv6-literal", "HELP\n", frm="user@[IPv6:::1]"))
    write("addr-quoted-space", mail("addr-quoted-space", "HELP\n", frm="\"a b\"@example.org"))
    write("addr-quoted-at", mail("addr-quoted-at", "HELP\n", frm="\"x@y\"@example.org"))
    write("addr-reply-to-literal", mail("addr-reply-to-literal", "HELP\n", headers=[("Reply-To", "p3@[192.0.2.7]")]))
    write("addr-reply-to-quoted", mail("addr-reply-to-quoted", "HELP\n", headers=[("Reply-To", "\"victim list\"@example.org")]))


def broken_mime():
    write("mime-no-boundary", mail("mime-no-boundary", "SIGNON Fdemo pw-three\nA PAR H\n", ctype="multipart/mixed"))
    write("mime-boundary-never-appears", mail("mime-boundary-never-appears",
        "--other\nContent-Type: text/plain\n\nSIGNON Fdemo pw-three\nA PAR H\n--other--\n", ctype="multipart/mixed; boundary=\"b1\""))
    write("mime-truncated-last-part", mail("mime-truncated-last-part",
        "--b1\nContent-Type: text/plain\n\nSIGNON Fdemo pw-three\nA PAR H\n\n--b1\nContent-Type: application/pdf\nContent-Transfer-Encoding: base64\n\nJVBERi0xLjQK\nJVBER", 
        ctype="multipart/mixed; boundary=\"b1\""))
    body = ""
    for k in range(1, 50):
        body += f"--n{k}\nContent-Type: multipart/mixed; boundary=\"n{k + 1}\"\n\n"
    body += "--n50\nContent-Type: text/plain\n\nSIGNON Fdemo pw-three\nA PAR H\n--n50--\n"
    for k in range(49, 0, -1):
        body += f"--n{k}--\n"
    write("mime-nested-50", mail("mime-nested-50", body, ctype="multipart/mixed; boundary=\"n1\""))
    write("mime-10000-lines", mail("mime-10000-lines", "SIGNON Fdemo pw-three\n" + "".join(f"A PAR H {k}\n" for k in range(9999))))
    # old Mac line ends: the body only, then the whole mail
    write("mime-cr-only-body", mail("mime-cr-only-body", "").rstrip(b"\r\n") + b"\r\n\r\nSIGNON Fdemo pw-three\rA PAR H\rF BRE-MAO\r")
    write("mime-cr-only-mail", mail("mime-cr-only-mail", "SIGNON Fdemo pw-three\nA PAR H\nF BRE-MAO\n", eol="\r"))
    # the closing boundary missing (a base64 part), and mistyped (another
    # character at its end, an epilogue after it; a quoted-printable part)
    b = "0000000000003f1e2d05e8b7d1a4"
    part = f"--{b}\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: base64\n\nU0lHTk9OIEZkZW1vIHB3LXRocmVlCkEgUEFSIEgK\n"
    write("mime-close-missing", mail("mime-close-missing", part, ctype=f"multipart/mixed; boundary=\"{b}\""))
    part = f"--{b}\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: quoted-printable\n\nSIGNON Fdemo pw-three\nA PAR=\n H=20\n"
    write("mime-close-mistyped", mail("mime-close-mistyped", part + f"--{b[:-1]}x--\nThis mail was scanned by ExampleAV.\nA MUN-BUR\n",
        ctype=f"multipart/mixed; boundary=\"{b}\""))
    write("mime-nul-bytes", mail("mime-nul-bytes", "SIGNON Fdemo pw-three\nA PAR\0 H\n\0\0\0\nF BRE-MAO\n", ctype="text/plain; charset=utf-8"))


def main():
    os.makedirs(OUT, exist_ok=True)
    quoting()
    clients()
    automatic()
    addresses()
    broken_mime()


main()
