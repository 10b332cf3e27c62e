#!/usr/bin/env bash
# Differential check of mailjudge against the MILA diplomacy package (1.1.2) on every
# MILA map mailjudge knows: tools/mila_differential.py plays seeded random games with
# MILA and adjudicates each phase with `mailjudge adjudicate --jsonl` too. Installs the
# package into target/mila-venv like check_mila.sh; MILA's convoy-path cache goes to
# target/mila-home (not ~/.cache). Exits 0 with a note when PyPI cannot be reached.
# Usage: check_mila_maps.sh MAILJUDGE_BINARY [mila_differential.py options]
#        check_mila_maps.sh --facts FACTS.json...   (tools/mila_map_facts.py: map facts)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/mila-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import diplomacy" 2>/dev/null; then
  python3 -m venv "$venv"
  if ! "$venv/bin/pip" install -q diplomacy==1.1.2; then
    echo "check_mila_maps: the diplomacy package could not be installed (no PyPI?): check skipped"
    exit 0
  fi
fi
mkdir -p target/mila-home
if [ "$1" = --facts ]; then
  shift
  HOME=$PWD/target/mila-home exec "$venv/bin/python" tools/mila_map_facts.py "$@"
fi
bin=$1
shift
PYTHONHASHSEED=0 HOME=$PWD/target/mila-home exec "$venv/bin/python" tools/mila_differential.py --mailjudge "$bin" "$@"
