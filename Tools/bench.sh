#!/usr/bin/env bash
# The benchmarks, each beside its peer in the same run. Takes a few minutes.
#   bash Tools/bench.sh [EVENTS]   (default 1,000,000)
set -euo pipefail
cd "$(dirname "$0")/.."
# The benchmark executables are built only when asked (Package.swift).
export HEALTHLEDGER_TOOLS=1
bash Tools/install-packages.sh
swift build -c release --static-swift-stdlib >&2
.build/release/ledger-bench append "${1:-1000000}"
.build/release/ledger-bench cli .build/release/healthledger 40
.build/release/ledger-bench replay "${1:-1000000}"
