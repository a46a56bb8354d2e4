#!/usr/bin/env bash
# The sealed-bundle benchmark: `healthledger export bundle` on vaults of several sizes, in
# one run, with its encryption stage timed beside Debian's `age` encrypting the same zip.
#   bash Tools/bench-bundle.sh [RECORDS ...]   (default 250000 1000000)
# Each vault is an `import apple-health` of a generated export.zip (Tools/bench-exports.sh,
# shared with bench-import.sh); peak RSS comes from /usr/bin/time -v.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh time
swift build -c release --static-swift-stdlib >&2

source Tools/bench-exports.sh
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(250000 1000000)
mkdir -p "$bench/bundles"
hl=.build/release/healthledger

# Runs a command under /usr/bin/time -v; prints "WALL_SECONDS CPU_SECONDS PEAK_RSS_KB".
timed() {
  local out=$1 err=$2
  shift 2
  /usr/bin/time -v -o "$err.time" "$@" >"$out" 2>"$err"
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = t[n] + (n > 1 ? t[n-1] * 60 : 0) + (n > 2 ? t[n-2] * 3600 : 0) }
              /User time|System time/ { cpu += $2 }
              /Maximum resident set size/ { rss = $2 } END { printf "%.2f %.2f %d\n", s, cpu, rss }' "$err.time"
}

json() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d[sys.argv[2]])' "$1" "$2"; }

rows=()
for records in "${sizes[@]}"; do
  export_zip=$(generated_export "$records")
  run="$bench/bundles/$records-seed$seed-$generator"
  printf 'bench passphrase\n' >"$bench/bundles/passphrase"
  if [ ! -f "$run/imported.json" ]; then
    rm -rf "$run" && mkdir -p "$run"
    echo "importing $export_zip into $run/vault" >&2
    $hl init --vault "$run/vault" --passphrase-file "$bench/bundles/passphrase" --kdf interactive >/dev/null
    $hl import apple-health "$export_zip" --vault "$run/vault" --passphrase-file "$bench/bundles/passphrase" --json >"$run/imported.json.partial"
    mv "$run/imported.json.partial" "$run/imported.json"
  fi
  events=$(json "$run/imported.json" stored)
  rm -f "$run/key.txt" "$run"/*.age "$run"/*.zip
  age-keygen -o "$run/key.txt" 2>/dev/null
  recipient=$(age-keygen -y "$run/key.txt")

  echo "export bundle of $events events" >&2
  read -r export_seconds _ export_rss < <(timed "$run/export.json" "$run/export.err" \
    $hl export bundle --out "$run/bundle.age" --recipient "$recipient" --json --vault "$run/vault" --passphrase-file "$bench/bundles/passphrase")
  bytes=$(json "$run/export.json" bytes)
  seal_seconds=$(json "$run/export.json" encryptCPUSeconds)

  # The same zip, decrypted by age, then encrypted again by age: the peer of our encryption stage.
  age -d -i "$run/key.txt" -o "$run/inner.zip" "$run/bundle.age"
  # CPU time on both sides, best of three for age: wall time on a shared 2-core machine
  # measures the neighbours more than the cipher.
  age_seconds=999
  for _ in 1 2 3; do
    read -r _ cpu _ < <(timed /dev/null "$run/age.err" age -r "$recipient" -o "$run/by-age.age" "$run/inner.zip")
    age_seconds=$(python3 -c "print(min($age_seconds, $cpu))")
  done
  read -r open_seconds _ open_rss < <(timed /dev/null "$run/open.err" $hl open "$run/bundle.age" --identity "$run/key.txt")
  rows+=("$records $events $bytes $export_seconds $export_rss $seal_seconds $age_seconds $open_seconds $open_rss")
done

echo
printf '%9s %9s %9s %8s %8s %10s %9s %10s %10s %8s %10s\n' records events "bundle MB" "export s" "MB/s" "events/s" "peak RSS" "seal CPU s" "age CPU s" "ratio" "open s/RSS"
for row in "${rows[@]}"; do
  read -r records events bytes export_seconds export_rss seal_seconds age_seconds open_seconds open_rss <<<"$row"
  python3 - "$records" "$events" "$bytes" "$export_seconds" "$export_rss" "$seal_seconds" "$age_seconds" "$open_seconds" "$open_rss" <<'PY'
import sys
records, events, size, seconds, rss, seal, age, open_s, open_rss = sys.argv[1:]
mb = int(size) / 1e6
print(f"{int(records):9,} {int(events):9,} {mb:9.1f} {float(seconds):8.1f} {mb / float(seconds):8.1f} {int(events) / float(seconds):10,.0f} "
      f"{int(rss) / 1024:7.0f}MB {float(seal):10.2f} {float(age):10.2f} {float(seal) / max(float(age), 0.01):7.2f}x {float(open_s):5.1f}s/{int(open_rss) / 1024:.0f}MB")
PY
done
echo "seal CPU s: CPU time export spent in the age stage (encrypting and writing the zip); age CPU s: Debian's age encrypting the same zip (user + system, best of 3)."
