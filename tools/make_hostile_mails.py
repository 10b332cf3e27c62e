#!/usr/bin/env python3
"""Writes tests/data/hostile/*.eml: quoted replies, automatic mail, odd
addresses and broken MIME that tests/hostile_mail.rs reads with
mailjudge::mail::read. Every mail is written byte by byte (no email library:
several are broken on purpose). Run from the project root."""
import os

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
    write("mime-nul-bytes", mail("mime-nul-bytes", "SIGNON Fdemo pw-three\nA PAR\0 H\n\0\0\0\nF BRE-MAO\n", ctype="text/plain; charset=utf-8"))


def main():
    os.makedirs(OUT, exist_ok=True)
    quoting()
    automatic()
    addresses()
    broken_mime()


main()
