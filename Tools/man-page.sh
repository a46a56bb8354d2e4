#!/usr/bin/env bash
# Writes docs/man/healthledger.1 from the CLI's own help, with swift-argument-parser's
# generate-manual plugin, so the page says what --help says.
#   bash Tools/man-page.sh        then: man docs/man/healthledger.1
#   install:  install -Dm644 docs/man/healthledger.1 ~/.local/share/man/man1/healthledger.1
set -euo pipefail
cd "$(dirname "$0")/.."
swift package plugin generate-manual --product healthledger >&2
mkdir -p docs/man
cp .build/plugins/GenerateManual/outputs/healthledger/healthledger.1 docs/man/healthledger.1
echo "wrote docs/man/healthledger.1"
