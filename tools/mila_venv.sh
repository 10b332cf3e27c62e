# Sourced by tools/check_mila.sh and tools/check_mila_maps.sh (from the
# repository's root): installs the MILA diplomacy package (1.1.2, PyPI,
# AGPL-3.0, tests only) once into target/mila-venv and sets `venv` to it.
# When PyPI cannot be reached it says so, naming the calling check, and
# exits 0: the check is skipped, not failed.
venv=target/mila-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import diplomacy" 2>/dev/null; then
  python3 -m venv "$venv"
  if ! "$venv/bin/pip" install -q diplomacy==1.1.2; then
    echo "$(basename "$0" .sh): the diplomacy package could not be installed (no PyPI?): check skipped"
    exit 0
  fi
fi
