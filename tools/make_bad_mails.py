#!/usr/bin/env python3
"""Writes tests/data/bad/*.eml: hostile and automatic mail the judge must
handle (tests/it/bad_mail.rs). The file name says what should happen:
`ignore-*` gets no reply, `reply-*` gets exactly one. Run from the project root."""
import os
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

OUT = "tests/data/bad"
DATE = "Mon, 23 Nov 2026 12:00:00 +0000"

def msg(name, body, frm="p1@example.test", subject="orders", headers=(), charset="utf-8", cte=None):
    m = EmailMessage()
    if cte:
        m.set_content(body, charset=charset, cte=cte)
    else:
        m.set_content(body, charset=charset)
    if frm is not None:
        m["From"] = frm
    m["To"] = "judge@example.test"
    m["Subject"] = subject
    m["Date"] = DATE
    m["Message-ID"] = f"<{name}@example.test>"
    for k, v in headers:
        m[k] = v
    return m.as_bytes()

def write(name, data):
    with open(os.path.join(OUT, name + ".eml"), "wb") as f:
        f.write(data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))

def bounce():
    text = (
        "From: Mail Delivery System <MAILER-DAEMON@example.test>\n"
        "To: judge@example.test\n"
        "Subject: Undelivered Mail Returned to Sender\n"
        f"Date: {DATE}\n"
        "Message-ID: <ignore-bounce@example.test>\n"
        "MIME-Version: 1.0\n"
        "Content-Type: multipart/report; report-type=delivery-status; boundary=\"b1\"\n\n"
        "--b1\nContent-Type: text/plain\n\nYour message could not be delivered.\nHELP\n"
        "--b1\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.test\n\n"
        "Final-Recipient: rfc822; nobody@example.test\nAction: failed\nStatus: 5.1.1\n"
        "--b1--\n"
    )
    return text.encode()

def main():
    os.makedirs(OUT, exist_ok=True)
    write("ignore-bounce", bounce())
    write("ignore-mailer-daemon", msg("ignore-mailer-daemon", "HELP\n", frm="MAILER-DAEMON@example.test"))
    write("ignore-empty-return-path", msg("ignore-empty-return-path", "HELP\n", headers=[("Return-Path", "<>")]))
    write("ignore-auto-reply", msg("ignore-auto-reply", "I am on holiday until Monday.\nHELP\n", headers=[("Auto-Submitted", "auto-replied")], subject="Out of office"))
    write("ignore-precedence-bulk", msg("ignore-precedence-bulk", "HELP\n", headers=[("Precedence", "bulk")]))
    write("ignore-list", msg("ignore-list", "HELP\n", headers=[("List-Id", "Diplomacy fans <dip.lists.example.test>")]))
    write("ignore-own-mail", msg("ignore-own-mail", "HELP\n", frm="mailjudge <judge@example.test>"))
    write("ignore-x-loop", msg("ignore-x-loop", "HELP\n", frm="forwarder@example.test", headers=[("X-Loop", "judge@example.test")]))
    write("ignore-no-from", msg("ignore-no-from", "HELP\n", frm=None))
    write("ignore-noreply", msg("ignore-noreply", "HELP\n", frm="no-reply@example.test"))
    with open(os.path.join(OUT, "ignore-garbage.eml"), "wb") as f:
        f.write(bytes(range(256)) * 4)
    write("reply-empty", msg("reply-empty", "\n\n"))
    write("reply-unknown-province", msg("reply-unknown-province", "SIGNON Fdemo pw-three\nA PAR - Bavaria\n"))
    write("reply-ambiguous", msg("reply-ambiguous", "SIGNON Fdemo pw-three\nF BRE - NOR\n"))
    write("reply-wrong-password", msg("reply-wrong-password", "SIGNON Fdemo guess\nA PAR-BUR\n", frm="evil@example.test"))
    write("reply-not-signed-on", msg("reply-not-signed-on", "Hello GM, here are my orders:\nA PAR-BUR\n"))
    write("reply-unknown-game", msg("reply-unknown-game", "SIGNON Fnosuch pw\n"))
    write("reply-no-endpress", msg("reply-no-endpress", "SIGNON Fdemo pw-three\nPRESS TO E\nHello England\nA PAR-BUR\n"))
    write("reply-header-injection", msg("reply-header-injection", "HELP\n", subject="=?utf-8?q?hi=0D=0ABcc:_victim@example.test?="))
    write("reply-koi8r", msg("reply-koi8r", "SIGNON Fdemo pw-three\nA PAR H\nПривет\n", charset="koi8-r", cte="8bit"))
    write("reply-too-many-lines", msg("reply-too-many-lines", "SIGNON Fdemo pw-three\n" + "A PAR H\n" * 500))
    write("reply-long-line", msg("reply-long-line", "SIGNON Fdemo pw-three\n" + "A PAR H " * 2000 + "\n"))
    write("reply-order-for-other-power", msg("reply-order-for-other-power", "SIGNON Fdemo pw-three\nA BER-KIE\n"))

main()
