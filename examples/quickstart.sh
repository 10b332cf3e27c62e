#!/usr/bin/env bash
# Plays the first phase of a game on a judge running with the built-in
# configuration (`cargo run --release -- serve` in another terminal): a GM
# creates game "demo", seven players join (each asking for one power), and all
# seven send Spring 1901 orders. Each address confirms once that it wants the
# judge's mail (the code in its first reply). Every mail is only dropped into ./var/inbox/new;
# the judge's answers appear in ./var/outbox/new.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
mj=target/release/mailjudge
send() { printf '%b' "$2" | "$mj" mail --from "$1" --subject "${3:-orders}" >/dev/null; }

# Nobody gets the judge's mail without asking for it ([consent] in
# config/mailjudge.toml): the reply to an address's first mail ends with a
# line "CONFIRM code", and the address answers it once. This waits for the
# reply to ADDRESS and answers its code, as each player would.
confirm() {
  local code="" tries=0
  while [ -z "$code" ] && [ $tries -lt 100 ]; do
    sleep 0.2
    tries=$((tries + 1))
    code=$(grep -l -i "^To: .*$1" var/outbox/new/* 2>/dev/null | xargs -r grep -h "^    CONFIRM " | tail -n 1 | awk '{print $2}')
  done
  [ -n "$code" ] || { echo "no reply to $1 yet: is the judge running?" >&2; exit 1; }
  send "$1" "CONFIRM $code\n" confirm
}

send gm@example.org 'CREATE ?demo gmpass standard\n' "new game"
confirm gm@example.org
i=0
for p in A E F G I R T; do
  i=$((i + 1))
  send "player$i@example.org" "SIGNON ?demo secret$i\nSET PREFERENCE $p\n" join
  confirm "player$i@example.org"
done
echo "game created, joined and every address confirmed; waiting for the judge to start it ..."
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
