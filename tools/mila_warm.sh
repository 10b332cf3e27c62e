#!/usr/bin/env bash
# Loads the MILA maps slowest to load the first time (MILA computes their
# convoy paths: known_world_901 about 16 s, empire 11 s, colonial 7 s) once,
# into MILA's cache in target/mila-home, so that the two MILA tests
# (tests/it/mila_maps.rs) do not both compute them. test.sh runs it while
# it builds. Installs the package first like check_mila_maps.sh (a no-op
# when it is there; without PyPI it says so and exits 0).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/mila_venv.sh
mkdir -p target/mila-home
HOME=$PWD/target/mila-home "$venv/bin/python" -c '
import sys
from diplomacy.engine.map import Map
for name in sys.argv[1:]:
    Map(name)
' known_world_901 empire colonial
