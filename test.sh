#!/usr/bin/env bash
# The project's one test command (the README's second command; .ci/run calls it).
#
#   ./test.sh quick   fmt, clippy -D warnings and every unit and integration test of
#                     the workspace (the engine's own suites included); no root, no apt,
#                     no PyPI, no browser, no mail servers
#   ./test.sh         (what .ci/run calls) quick, then real Postfix and Dovecot on
#                     loopback (installed with apt-get when missing: needs root) for the
#                     end-to-end mail tests, the archive checked by MILA's engine and
#                     Debian's Chromium, a seeded sample of the MILA differential (every
#                     map but world, an eighth of its phases), and the DATC checked against the
#                     binary when ../shared is present
#   ./test.sh full    the same with the whole MILA differential (every phase of
#                     every map of tests/it/mila_maps.rs MAPS, world's too: a
#                     nightly or a release runs it)
#
# README.md ("What ./test.sh changes on the machine") lists everything it changes
# outside the project, and how long each mode takes.
set -euo pipefail
cd "$(dirname "$0")"
mode=${1:-ci}
case "$mode" in
  quick | ci | full) ;;
  *) echo "usage: ./test.sh [quick|full]" >&2; exit 2 ;;
esac

stack=tests/mailstack/mailstack.sh
# what the steps after the build need from outside (the mail servers' and
# the browser's packages, one apt-get after the other; MILA's package into
# target/mila-venv, and its slowest maps loaded once into its cache) is
# installed while the build runs, and waited for after it
if [ "$mode" != quick ]; then
  mkdir -p target
  (bash "$stack" install && bash tools/browser.sh && bash tools/ghostscript.sh && bash tools/mila_warm.sh) > target/prepare.log 2>&1 &
  prepare=$!
  trap 'wait "$prepare" 2>/dev/null || true' EXIT
fi

cargo fmt --check
cargo clippy --release --locked --workspace --all-targets -- -D warnings
cargo test --release --locked --workspace
[ "$mode" = quick ] && exit 0

if ! wait "$prepare"; then
  cat target/prepare.log >&2
  echo "test.sh: installing the mail servers, the browser, Ghostscript or MILA's package failed (above)" >&2
  exit 1
fi
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
# DPjudge's PostScript maps traced again by Ghostscript (tools/ghostscript.sh
# installs it) give the committed config/maps files; an import traces its picture
cargo test --release --locked --test it -- --ignored traced_maps::
# every MILA map: seeded random games played by MILA, each phase adjudicated by
# mailjudge too and compared (docs/MILA-DIFFERENTIAL.md); MILA_PHASES=full runs
# every phase the test lists, the default an eighth of them (the first games of
# the same seeds, so the sample is a part of the full run) on every map but
# world (MILA's first load of it takes two minutes: the full run has it)
if [ "$mode" = full ]; then
  export MILA_PHASES=full
fi
cargo test --release --locked --test it -- --ignored mila_maps::

if [ -f ../shared/datc/check_datc.py ]; then
  python3 ../shared/datc/check_datc.py target/release/mailjudge | tail -n 20
fi
