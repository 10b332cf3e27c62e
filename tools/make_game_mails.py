#!/usr/bin/env python3
"""Writes tests/data/game/*.eml: the mails of the scripted seven-player game
(tests/it/scripted_game.rs). Each mail is a real RFC 5322 message, in the styles
players' mail programs produce: plain text, quoted-printable, base64, HTML
only, multipart/alternative, Latin-1, with signatures and quoted replies.
Run from the project root; the output is committed, so this is only needed
to change the script."""
import email.utils
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.message import EmailMessage
from email import charset as cs
import os, html

OUT = "tests/data/game"
DATE = "Mon, 23 Nov 2026 12:00:00 +0000"

def plain(body, cte=None, charset="utf-8"):
    m = EmailMessage()
    m.set_content(body, charset=charset, cte=cte) if cte else m.set_content(body, charset=charset)
    return m

def html_only(body):
    m = EmailMessage()
    lines = "".join(f"<div>{html.escape(l)}</div>\n" if l else "<div><br></div>\n" for l in body.split("\n"))
    m.set_content(f"<html><body>\n{lines}</body></html>\n", subtype="html")
    return m

def alternative(body):
    m = MIMEMultipart("alternative")
    m.attach(MIMEText(body, "plain", "utf-8"))
    lines = "".join(f"<p>{html.escape(l)}</p>" for l in body.split("\n"))
    m.attach(MIMEText(f"<html><body>{lines}</body></html>", "html", "utf-8"))
    return m

STYLES = {
    "plain": lambda b: plain(b),
    "qp": lambda b: plain(b, cte="quoted-printable"),
    "base64": lambda b: plain(b, cte="base64"),
    "latin1": lambda b: plain(b, cte="quoted-printable", charset="iso-8859-1"),
    "html": html_only,
    "alt": alternative,
}

MAILS = [
    # name, from, subject, style, body
    ("00-create", "gm", "new game", "plain", "CREATE ?demo gmpass standard press=grey\nSET LIST demo-list@example.test\n"),
    ("01-join-austria", "p1", "join", "plain", "SIGNON ?demo pw-one\nSET PREFERENCE A\n"),
    ("02-join-england", "p2", "join", "html", "signon ?demo pw-two\nset pref england\n"),
    ("03-join-france", "p3", "join", "alt", "Sign on ?demo pw-three\nSET PREFERENCE F, G\n"),
    ("04-join-germany", "p4", "join", "base64", "SIGNON ?demo pw-four\nSET PREF G\n"),
    ("05-join-italy", "p5", "join", "latin1", "SIGNON ?demo pw-five\nSET PREFERENCE Italy\n\n-- \nGiuseppe Verdì\nSET PREFERENCE Russia\n"),
    ("06-observe", "obs", "watching", "plain", "OBSERVE demo\n"),
    ("07-join-russia", "p6", "join", "plain", "SIGNON ?demo pw-six\nSET PREFERENCE R\n"),
    ("08-join-turkey", "p7", "join", "plain", "SIGNON ?demo pw-seven\n"),
    # Spring 1901
    ("10-s01-austria", "p1", "orders", "plain", "SIGNON Ademo pw-one\nF TRI-ALB\nA VIE-BOH\nA BUD-GAL\n"),
    ("11-s01-england", "p2", "Re: Game demo has started: you are England", "plain",
     "signon edemo pw-two\nfleet london to north sea\nF Edinburgh - Norwegian Sea\nA LVP-YOR\n"
     "PRESS TO F\nShall we keep the Channel empty?\nENDPRESS\n\n"
     "On Mon, 23 Nov 2026, mailjudge <judge@example.test> wrote:\n> You are England.\n> F LON-ENG\n"),
    ("12-s01-france", "p3", "orders", "alt", "SIGNON Fdemo pw-three\nA PAR - Brugundy\nA PAR-BUR\nA MAR-SPA\nF BRE - MAO\n-- \nJean\nA MAR-PIE\n"),
    ("13-s01-germany", "p4", "orders", "qp", "SIGNON Gdemo pw-four\nA MUN-RUH, A BER-MUN; F KIE-HOL\nBROADCAST\nGermany wishes everyone a good game. Über alles: fair play.\nENDPRESS\n"),
    ("14-s01-italy", "p5", "orders", "html", "SIGNON Idemo pw-five\nF NAP-ION\nA ROM-APU\nA VEN H\n"),
    ("15-s01-russia", "p6", "orders", "plain", "SIGNON Rdemo pw-six\nA MOS H\nA WAR H\nF SEV H\n"),
    ("16-s01-turkey", "p7", "orders", "plain", "SIGNON Tdemo pw-seven\nF ANK-BLA\nA CON-BUL\nA SMY H\nPRESS TO R GREY\nWatch your back.\nENDPRESS\n"),
    ("17-s01-forged", "evil", "orders", "plain", "SIGNON Fdemo guess\nA PAR-PIC\n"),
    ("18-s01-russia", "p6", "orders", "plain", "SIGNON Rdemo pw-six\nF STP/SC H\nA MOS-UKR\n"),
    # Fall 1901 (Austria sends nothing)
    ("20-f01-england", "p2", "orders", "plain", "SIGNON Edemo pw-two\nF NTH-NOR\nF NTH-NWY\nF NWG H\nA YOR H\n"),
    ("21-f01-france", "p3", "orders", "plain", "SIGNON Fdemo pw-three\nA BUR H\nA SPA H\nF MAO-POR\n"),
    ("22-f01-germany", "p4", "orders", "plain", "SIGNON Gdemo pw-four\nA RUH-BUR\nA MUN S A RUH-BUR\nF HOL H\n"),
    ("23-f01-italy", "p5", "orders", "plain", "SIGNON Idemo pw-five\nA VEN-TRI\nF ION H\nA APU H\n"),
    ("24-f01-russia", "p6", "orders", "plain", "SIGNON Rdemo pw-six\nA UKR-RUM\nA WAR H\nF SEV H\nF STP/SC-BOT\n"),
    ("25-f01-turkey", "p7", "orders", "plain", "SIGNON Tdemo pw-seven\nA BUL H\nF BLA H\nA SMY H\n"),
    # Fall 1901 retreats
    ("30-r01-france", "p3", "retreat", "plain", "SIGNON Fdemo pw-three\nA BUR R RUH\nA BUR R PAR\n"),
    # Winter 1901
    ("40-w01-austria", "p1", "sorry", "plain", "SIGNON Ademo pw-one\nREMOVE A BOH\n"),
    ("41-w01-england", "p2", "builds", "plain", "SIGNON Edemo pw-two\nbuild fleet edinburgh\n"),
    ("42-w01-france", "p3", "builds", "plain", "SIGNON Fdemo pw-three\nBUILD A PARIS\nBUILD A MAR\nBUILD F BRE\n"),
    ("43-w01-germany", "p4", "builds", "plain", "SIGNON Gdemo pw-four\nBUILD A BER\n"),
    ("44-w01-italy", "p5", "builds", "plain", "SIGNON Idemo pw-five\nWAIVE\n"),
    ("45-w01-russia", "p6", "builds", "plain", "SIGNON Rdemo pw-six\nBUILD F STP\nBUILD F STP/NC\n"),
    ("46-w01-turkey", "p7", "builds", "plain", "SIGNON Tdemo pw-seven\nBUILD A SMY\nBUILD F ANK\n"),
    # Spring 1902: a draw
    ("50-draw-austria", "p1", "draw", "plain", "SIGNON Ademo pw-one\nSET DRAW\n"),
    ("51-draw-england", "p2", "draw", "plain", "SIGNON Edemo pw-two\nSET DRAW\n"),
    ("52-draw-france", "p3", "draw", "plain", "SIGNON Fdemo pw-three\nSET DRAW AEFGIRT\n"),
    ("53-draw-germany", "p4", "draw", "plain", "SIGNON Gdemo pw-four\nSET DRAW E F G\nSET DRAW\n"),
    ("54-draw-italy", "p5", "draw", "plain", "SIGNON Idemo pw-five\nSET DRAW\n"),
    ("55-draw-russia", "p6", "draw", "plain", "SIGNON Rdemo pw-six\nSET DRAW\n"),
    ("56-draw-turkey", "p7", "draw", "plain", "SIGNON Tdemo pw-seven\nSET DRAW\n"),
    # the archive
    ("60-history", "obs", "archive", "plain", "HISTORY demo FROM F1901M TO W1901A\nSUMMARY demo\nLIST demo\n"),
]

def main():
    os.makedirs(OUT, exist_ok=True)
    for name, who, subject, style, body in MAILS:
        m = STYLES[style](body)
        m["From"] = f"{who.upper()} <{who}@example.test>"
        m["To"] = "mailjudge <judge@example.test>"
        m["Subject"] = subject
        m["Date"] = DATE
        m["Message-ID"] = f"<{name}@example.test>"
        with open(os.path.join(OUT, name + ".eml"), "wb") as f:
            f.write(m.as_bytes().replace(b"\n", b"\r\n"))

main()
