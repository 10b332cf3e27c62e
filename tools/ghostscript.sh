#!/usr/bin/env bash
# Installs Ghostscript when missing: `mailjudge variant picture` draws a
# DPjudge PostScript map with it, and the ignored tests of
# tests/it/traced_maps.rs trace the shipped maps again. Needs root for
# apt-get; run by ./test.sh while the build runs.
set -euo pipefail
if command -v gs >/dev/null; then
  exit 0
fi
echo "ghostscript.sh: installing ghostscript" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ghostscript >/dev/null
