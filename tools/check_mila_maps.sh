#!/usr/bin/env bash
# Differential check of mailjudge against the MILA diplomacy package (1.1.2) on every
# MILA map mailjudge knows: tools/mila_differential.py plays seeded random games with
# MILA and adjudicates each phase with `mailjudge adjudicate --jsonl` too. Installs the
# package into target/mila-venv like check_mila.sh; MILA's convoy-path cache goes to
# target/mila-home (not ~/.cache). Exits 0 with a note when PyPI cannot be reached.
# Usage: check_mila_maps.sh MAILJUDGE_BINARY [mila_differential.py options]
#        check_mila_maps.sh --facts FACTS.json...   (tools/mila_map_facts.py: map facts)
#        check_mila_maps.sh --import MAILJUDGE_BINARY OUT_DIR MAP...
#            (MILA's own MAP.map files, which mailjudge does not ship, imported with
#            `mailjudge variant import` into OUT_DIR/MAP.toml for the facts check)
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/mila_venv.sh
mkdir -p target/mila-home
if [ "$1" = --facts ]; then
  shift
  HOME=$PWD/target/mila-home exec "$venv/bin/python" tools/mila_map_facts.py "$@"
fi
if [ "$1" = --import ]; then
  bin=$2 out=$3
  shift 3
  maps=$("$venv/bin/python" -c 'import os, diplomacy; print(os.path.join(os.path.dirname(diplomacy.__file__), "maps"))')
  for name in "$@"; do
    "$bin" variant import "$maps/$name.map" --out "$out"
  done
  exit 0
fi
bin=$1
shift
PYTHONHASHSEED=0 HOME=$PWD/target/mila-home exec "$venv/bin/python" tools/mila_differential.py --mailjudge "$bin" "$@"
