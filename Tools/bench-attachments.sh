#!/usr/bin/env bash
# CPU time of reading an export's attachments: every workout route (read from the zip, then
# parsed; µs per track point) and every ECG (µs per sample). Fastest of ROUNDS runs.
#   bash Tools/bench-attachments.sh [EXPORT.zip] [ROUNDS]
# The default export is the 2M-record one Tools/bench-import.sh generates.
set -euo pipefail
cd "$(dirname "$0")/.."
# The benchmark executables are built only when asked (Package.swift).
export HEALTHLEDGER_TOOLS=1
export_zip=${1:-$(ls .build-bench/exports/export-2000000-seed*.zip 2>/dev/null | head -1 || true)}
[ -n "$export_zip" ] || { echo "no export given and none in .build-bench/exports: run Tools/bench-import.sh 2000000 first" >&2; exit 66; }
swift build -c release --static-swift-stdlib --product attachment-bench >&2
.build/release/attachment-bench "$export_zip" "${2:-3}"
