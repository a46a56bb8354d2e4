#!/usr/bin/env bash
# The export benchmark: `export sqlite` (new file, then the incremental re-run) and
# `export parquet` of a vault imported from a generated Apple Health export, beside
# healthkit-to-sqlite's SQLite of the same export.zip: rows/s, bytes per row, peak RSS.
#   bash Tools/bench-export.sh [RECORDS ...]   (default 200000 2000000)
# The exports and the peer come from Tools/bench-exports.sh, shared with bench-import.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
python3 -m venv --help >/dev/null 2>&1 || bash Tools/install-packages.sh python3-venv
swift build -c release --static-swift-stdlib --product healthledger >&2
swift build -c release --static-swift-stdlib --product health-export-gen >&2

source Tools/bench-exports.sh
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200000 2000000)
mkdir -p "$bench/export-runs"
peer_version=$(install_peer)

rows_of() { python3 -c 'import json, sys; print(sum(json.load(open(sys.argv[1]))["rows"].values()))' "$1"; }

lines=()
for records in "${sizes[@]}"; do
  export_zip=$(generated_export "$records")
  run="$bench/export-runs/$records"
  rm -rf "$run" && mkdir -p "$run"
  printf 'bench passphrase\n' >"$run/passphrase"
  chmod 600 "$run/passphrase"
  hl() { .build/release/healthledger "$@" --vault "$run/vault" --passphrase-file "$run/passphrase"; }
  hl init --kdf interactive >/dev/null
  echo "importing $records records" >&2
  hl import apple-health "$export_zip" --json >/dev/null
  hl daily --from 1970-01-01 --to 1970-01-01 >/dev/null  # brings the daily view up to date outside the timings

  echo "export sqlite, export sqlite again, export parquet on $records records" >&2
  read -r sqlite_seconds _ sqlite_rss < <(measure "$run/sqlite.json" .build/release/healthledger export sqlite "$run/health.db" --json \
    --vault "$run/vault" --passphrase-file "$run/passphrase")
  read -r rerun_seconds _ rerun_rss < <(measure "$run/rerun.json" .build/release/healthledger export sqlite "$run/health.db" --json \
    --vault "$run/vault" --passphrase-file "$run/passphrase")
  read -r parquet_seconds _ parquet_rss < <(measure "$run/parquet.json" .build/release/healthledger export parquet "$run/parquet" --json \
    --vault "$run/vault" --passphrase-file "$run/passphrase")
  echo "peer: healthkit-to-sqlite $peer_version on $records records" >&2
  read -r peer_seconds _ peer_rss < <(measure "$run/peer.out" "$bench/venv/bin/healthkit-to-sqlite" "$export_zip" "$run/peer.db" --silent)
  peer_rows=$(python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
tables = [name for (name,) in db.execute("select name from sqlite_master where type = '"'"'table'"'"'")]
print(sum(db.execute(f"select count(*) from [{name}]").fetchone()[0] for name in tables))' "$run/peer.db")
  rows=$(rows_of "$run/sqlite.json")
  lines+=("$records export-sqlite $rows $sqlite_seconds $sqlite_rss $(stat -c %s "$run/health.db")")
  lines+=("$records export-sqlite-rerun $(rows_of "$run/rerun.json") $rerun_seconds $rerun_rss -")
  lines+=("$records export-parquet $(rows_of "$run/parquet.json") $parquet_seconds $parquet_rss $(du -sb "$run/parquet" | cut -f1)")
  lines+=("$records healthkit-to-sqlite $peer_rows $peer_seconds $peer_rss $(stat -c %s "$run/peer.db")")
done

echo
printf '%-9s %-22s %10s %9s %10s %12s %10s %10s\n' records run rows seconds rows/s "peak RSS MB" bytes bytes/row
for line in "${lines[@]}"; do
  read -r records run rows seconds rss bytes <<<"$line"
  python3 - "$records" "$run" "$rows" "$seconds" "$rss" "$bytes" <<'PY'
import sys
records, run, rows, seconds, rss, size = sys.argv[1:]
rate = f"{int(rows) / max(float(seconds), 1e-9):,.0f}"
per_row = f"{int(size) / max(int(rows), 1):.1f}" if size != "-" else "-"
print(f"{records:<9} {run:<22} {int(rows):>10,} {float(seconds):>9.2f} {rate:>10} {int(rss) / 1024:>12.0f} {size:>10} {per_row:>10}")
PY
done
