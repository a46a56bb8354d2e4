#!/usr/bin/env bash
# Times each example query of docs/query.md over a generated vault of EVENTS events
# (default 1,000,000), beside one read of the whole log. Takes a few minutes.
#   bash Tools/bench-query.sh [EVENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
# The benchmark executables are built only when asked (Package.swift).
export HEALTHLEDGER_TOOLS=1
bash Tools/install-packages.sh
swift build -c release --static-swift-stdlib --product healthledger >&2
swift build -c release --static-swift-stdlib --product ledger-bench >&2
.build/release/ledger-bench query .build/release/healthledger "${1:-1000000}"
