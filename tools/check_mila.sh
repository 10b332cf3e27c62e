#!/usr/bin/env bash
# Runs tools/check_mila.py on FILE with the MILA diplomacy package (1.1.2),
# installed once into target/mila-venv from PyPI. Exits 0 with a note when
# PyPI cannot be reached (the check is skipped, not failed).
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/mila_venv.sh
exec "$venv/bin/python" tools/check_mila.py "$1"
