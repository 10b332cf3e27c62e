#!/usr/bin/env bash
# Installs what the browser test of the HTML site needs, when missing:
# Debian's Chromium (headless screenshots and printing to PDF) and
# poppler-utils (pdftotext reads back the text the browser laid out).
# Needs root for apt-get; run by ./test.sh before the archive tests.
set -euo pipefail
if command -v chromium >/dev/null && command -v pdftotext >/dev/null; then
  exit 0
fi
echo "browser.sh: installing chromium and poppler-utils" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium poppler-utils fonts-dejavu-core >/dev/null
