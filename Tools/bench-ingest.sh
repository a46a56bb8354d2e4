#!/usr/bin/env bash
# The ingest listener's rate: a week of a heavy Watch wearer (Tools/hae-week.py) posted with
# curl to `ingest serve` on a new vault, then posted again (a retry: everything held).
# BINARY=.build/release/healthledger for a release build (default: the debug build);
# NO_MEDICATIONS=1 posts the metrics alone, as runs before the medications were added did.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${BINARY:-.build/debug/healthledger}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
umask 077
echo "bench passphrase 42 horse" > "$work/pass"
vault=(--vault "$work/vault" --passphrase-file "$work/pass")
"$binary" init "${vault[@]}" --kdf interactive > /dev/null
token=$("$binary" ingest token add bench --json "${vault[@]}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
python3 Tools/hae-week.py --days "${DAYS:-7}" ${NO_MEDICATIONS:+--no-medications} > "$work/week.json"
points=$(python3 -c 'import json,sys; data = json.load(open(sys.argv[1]))["data"]; print(sum(len(m["data"]) for m in data["metrics"]) + len(data.get("medications", [])))' "$work/week.json")
echo "payload: $points points, $(stat -c %s "$work/week.json") bytes; binary $binary"
port=${PORT:-18799}
"$binary" ingest serve --listen "127.0.0.1:$port" "${vault[@]}" > "$work/serve.out" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "listening" "$work/serve.out" && break; sleep 0.1; done
for run in first retry; do
  answer=$(curl -sS -o "$work/answer" -w '%{http_code} %{time_total}' -X POST -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' --data-binary @"$work/week.json" "http://127.0.0.1:$port/api/health")
  seconds=${answer#* }
  echo "$run: HTTP ${answer%% *} in ${seconds} s ($(python3 -c "print(round($points / $seconds))") points/s): $(cat "$work/answer")"
done
echo "listener peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2, $3}')"
kill "$server"; wait "$server" || true
# The same file through `import health-auto-export` into a new vault, beside it.
file_vault=(--vault "$work/file-vault" --passphrase-file "$work/pass")
"$binary" init "${file_vault[@]}" --kdf interactive > /dev/null
start=$(date +%s.%N)
"$binary" import health-auto-export "$work/week.json" --json "${file_vault[@]}" > "$work/import.json"
seconds=$(python3 -c "import sys; print(round($(date +%s.%N) - $start, 1))")
echo "import health-auto-export, same file, new vault: ${seconds} s ($(python3 -c "print(round($points / $seconds))") points/s), stored $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["stored"])' "$work/import.json")"
