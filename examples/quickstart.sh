#!/usr/bin/env bash
# Plays the first phase of a game on a judge running with the built-in
# configuration (`cargo run --release -- serve` in another terminal): a GM
# creates game "demo", seven players join (each asking for one power), and all
# seven send Spring 1901 orders. Every mail is only dropped into ./var/inbox/new;
# the judge's answers appear in ./var/outbox/new.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
mj=target/release/mailjudge
send() { printf '%b' "$2" | "$mj" mail --from "$1" --subject "${3:-orders}" >/dev/null; }

send gm@example.org 'CREATE ?demo gmpass standard\n' "new game"
i=0
for p in A E F G I R T; do
  i=$((i + 1))
  send "player$i@example.org" "SIGNON ?demo secret$i\nSET PREFERENCE $p\n" join
done
echo "game created and joined; waiting for the judge to start it ..."
sleep 4
send player1@example.org 'SIGNON Ademo secret1\nA VIE-GAL\nA BUD-SER\nF TRI-ALB\n'
send player2@example.org 'SIGNON Edemo secret2\nF LON-NTH\nF EDI-NWG\nA LVP-YOR\n'
send player3@example.org 'SIGNON Fdemo secret3\nA PAR-BUR\nA MAR-SPA\nF BRE-MAO\n'
send player4@example.org 'SIGNON Gdemo secret4\nA MUN-RUH\nA BER-KIE\nF KIE-DEN\n'
send player5@example.org 'SIGNON Idemo secret5\nA VEN-PIE\nA ROM-VEN\nF NAP-ION\n'
send player6@example.org 'SIGNON Rdemo secret6\nA MOS-UKR\nA WAR-GAL\nF SEV-BLA\nF STP/SC-BOT\n'
send player7@example.org 'SIGNON Tdemo secret7\nF ANK-BLA\nA CON-BUL\nA SMY-ARM\n'
echo "orders sent; the judge processes Spring 1901 as soon as it has read them all."
echo "Look at var/outbox/new/ (the newest files hold the Spring 1901 report)."
