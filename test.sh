#!/usr/bin/env bash
# The project's one test command (the README's second command; .ci/run calls it).
# Builds, runs every test, and checks the binary against the shared DATC cases
# when ../shared is present.
set -euo pipefail
cd "$(dirname "$0")"
cargo build --release --locked
cargo test --release --locked
if [ -f ../shared/datc/check_datc.py ]; then
  python3 ../shared/datc/check_datc.py target/release/mailjudge | tail -n 20
fi
