#!/usr/bin/env bash
# The dashboard's speed on a vault imported from a generated Apple Health export of RECORDS
# records (default 1,000,000): median and p95 time of each page (a sequential client), Today's
# requests per second under wrk, and the server's resident memory while wrk hammers Today
# for a minute; and issue 38's three: the first page after `serve` starts, Today after each
# quick entry (`mood` from the terminal, the server running), and pages as of half the log.
# Loopback only. BENCH_VAULT=DIR times an existing vault whose passphrase is 'bench passphrase'.
#   bash Tools/bench-dashboard.sh [RECORDS]
# BENCH_CONFIG=debug times the debug build (no release build needed; slower figures).
# BENCH_BIN=DIR times the healthledger and health-export-gen already in DIR (e.g. copies of an
# older build, for a before/after comparison on the same vault); nothing is built.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh wrk
config=${BENCH_CONFIG:-release}
bin=${BENCH_BIN:-.build/$config}
if [ -z "${BENCH_BIN:-}" ]; then
  swift build -c "$config" --static-swift-stdlib --product healthledger >&2
  swift build -c "$config" --static-swift-stdlib --product health-export-gen >&2
fi

records=${1:-1000000}
bench=.build-bench/dashboard
mkdir -p "$bench"
export_zip="$bench/export-$records.zip"
if [ -z "${BENCH_VAULT:-}" ] && [ ! -f "$export_zip" ]; then
  $bin/health-export-gen --records "$records" --seed 1 --out "$export_zip.partial" >&2
  mv "$export_zip.partial" "$export_zip"
fi
vault=${BENCH_VAULT:-$bench/vault-$records}
printf 'bench passphrase\n' >"$bench/passphrase"
chmod 600 "$bench/passphrase"

if [ -z "${BENCH_VAULT:-}" ] && [ ! -f "$vault/imported" ]; then
  rm -rf "$vault"
  $bin/healthledger init --vault "$vault" --passphrase-file "$bench/passphrase" --kdf interactive >/dev/null
  $bin/healthledger import apple-health "$export_zip" --vault "$vault" --passphrase-file "$bench/passphrase" >&2
  touch "$vault/imported"
fi

# The export's last day with steps: Today is timed on it (the real today may have no data).
last_day=$($bin/healthledger query 'daily.step_count by day' --format csv --vault "$vault" --passphrase-file "$bench/passphrase" | tail -1 | cut -d, -f1)
# "As of" half the log: an import records every event at one time, so a past date would
# show an empty vault; a count of events cuts the history in the middle.
half=$(( ($($bin/healthledger log --limit 1 --json --vault "$vault" --passphrase-file "$bench/passphrase" | python3 -c 'import json, sys; print(json.loads(sys.stdin.readline())["sequence"])') + 1) / 2 ))
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
started=$(date +%s%N)
$bin/healthledger serve --vault "$vault" --passphrase-file "$bench/passphrase" --port "$port" --idle 30m >"$bench/serve.out" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 400); do grep -q token= "$bench/serve.out" 2>/dev/null && break; sleep 0.05; done
url=$(grep -o 'http://[^ ]*token=[0-9a-f]*' "$bench/serve.out")
# The dashboard answers only to its random hl-….localhost name: connect to loopback, name it in Host.
authority=$(printf '%s' "$url" | sed 's|^http://\([^/]*\)/.*|\1|')
cookie=$(curl -s -D - -o /dev/null --resolve "${authority%:*}:$port:127.0.0.1" "$url" | sed -n 's/^Set-Cookie: \(hl_session=[0-9a-f]*\).*/\1/p')

python3 - "$port" "$cookie" "$last_day" "$authority" "$started" "$bin/healthledger" "$vault" "$bench/passphrase" "$half" <<'PY'
import http.client, statistics, subprocess, sys, time
port, cookie, last_day, authority = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
started, binary, vault, passphrase, half = int(sys.argv[5]), sys.argv[6], sys.argv[7], sys.argv[8], int(sys.argv[9])
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

def get(path):
    connection.request("GET", path, headers={"Cookie": cookie, "Host": authority})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        raise SystemExit(f"{path}: HTTP {response.status}")

pages = {
    "today": f"/?date={last_day}",
    "metrics 90 days": f"/metrics?col=step_count&col=heart_rate_avg&col=sleep_total&to={last_day}",
    "metrics 1 year by week": f"/metrics?col=step_count&col=active_energy&group=week&to={last_day}&from={int(last_day[:4]) - 1}{last_day[4:]}",
    "query": f"/query?q=heart_rate+avg+by+day+where+between+{last_day[:8]}01+and+{last_day}",
    "entry": "/entry", "history": "/history",
    "sleep": f"/sleep?date={last_day}", "weight and budget": f"/weight?date={last_day}",
    "timeline": f"/timeline?date={last_day}", "vitals": "/vitals", "face models": "/models",
}
def timed(paths):
    times = []
    for path in paths:
        started = time.perf_counter(); get(path); times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]

get(f"/?date={last_day}")
print(f"first page after `serve` started: {(time.time_ns() - started) / 1e6:.0f} ms (process start, unlock and the first Today)")
after_entry = []
for rating in range(1, 11):
    subprocess.run([binary, "mood", str(rating % 10 + 1), "--vault", vault, "--passphrase-file", passphrase], check=True, capture_output=True)
    begun = time.perf_counter(); get(f"/?date={last_day}"); after_entry.append((time.perf_counter() - begun) * 1000)
after_entry.sort()
print(f"Today after each of 10 quick entries: median {statistics.median(after_entry):.1f} ms, p95 {after_entry[-1]:.1f} ms")
for name, page in [("Today", "/?"), ("weight and budget", "/weight?"), ("metrics 90 days", "/metrics?col=step_count&col=sleep_total&")]:
    median, p95 = timed([f"{page}date={last_day}&to={last_day}&as-of={half}&bench={index}" for index in range(5)])
    print(f"{name} as of half the log ({half} events): median {median:.1f} ms, p95 {p95:.1f} ms")

# "rendered": a parameter the page ignores makes each request new to the page cache.
print(f"{'page':28} {'first (ms)':>10} {'rendered median':>16} {'p95':>7} {'cached median':>14} {'p95':>6}")
for name, path in pages.items():
    started = time.perf_counter(); get(path); first = (time.perf_counter() - started) * 1000
    separator = "&" if "?" in path else "?"
    rendered = timed([f"{path}{separator}bench={index}" for index in range(30)])
    cached = timed([path] * 30)
    print(f"{name:28} {first:10.1f} {rendered[0]:16.1f} {rendered[1]:7.1f} {cached[0]:14.1f} {cached[1]:6.1f}")
PY

rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }
echo "wrk on Today ($last_day), 2 threads, 8 connections, 60 s; server RSS (KB) every 10 s:"
(for _ in 1 2 3 4 5 6 7; do printf '  %s KB\n' "$(rss)"; sleep 10; done) &
sampler=$!
wrk -t2 -c8 -d60s --latency -H "Cookie: $cookie" -H "Host: $authority" "http://127.0.0.1:$port/?date=$last_day" | sed 's/^/  /'
wait $sampler
