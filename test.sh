#!/usr/bin/env bash
# The project's one test command (the README's second command; .ci/run calls it).
# Checks formatting and lints (rustfmt, clippy -D warnings), builds, runs every test, starts real mail servers on loopback (Postfix and
# Dovecot, installed with apt-get when missing: needs root) for the end-to-end
# tests and stops them on exit, and checks the binary against the shared DATC
# cases when ../shared is present. README.md ("What ./test.sh changes on the
# machine") lists everything it changes outside the project.
set -euo pipefail
cd "$(dirname "$0")"
cargo fmt --check
cargo clippy --release --locked --workspace --all-targets -- -D warnings
cargo build --release --locked
cargo test --release --locked --workspace

stack=tests/mailstack/mailstack.sh
# the servers' files, keys and ports live in a fresh private directory
# (mktemp -d; `start` opens it to 711 only, so that the servers' users can reach
# their subdirectories) unless MAIL_DIR is given; `mailstack.sh stop` removes it
if [ -z "${MAIL_DIR:-}" ]; then
  MAIL_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mailjudge-mail.XXXXXXXX")
fi
export MAIL_DIR
trap 'bash "$stack" stop || true' EXIT
bash "$stack" start >/dev/null
# the integration tests are one crate (tests/it); its modules name the groups
cargo test --release --locked --test it -- --ignored --test-threads 1 e2e_mail::
# the MILA diplomacy package (from PyPI, into target/mila-venv) reads our
# saved-game export and its engine replays it to the same boards; the HTML
# site is looked at in Debian's Chromium (tools/browser.sh installs it)
bash tools/browser.sh
cargo test --release --locked --test it -- --ignored archive::
# every MILA map: seeded random games played by MILA, each phase adjudicated by
# mailjudge too and compared (docs/MILA-DIFFERENTIAL.md)
cargo test --release --locked --test it -- --ignored mila_maps::

if [ -f ../shared/datc/check_datc.py ]; then
  python3 ../shared/datc/check_datc.py target/release/mailjudge | tail -n 20
fi
