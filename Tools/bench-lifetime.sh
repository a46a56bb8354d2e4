#!/usr/bin/env bash
# Everyday commands on a long log beside a short one (issue 38): imports a 20,000-record and
# an EVENTS-record generated export into two vaults, unlocks both, then times every command
# of issue 38's table and its "done" item 1, RUNS times each, and prints one table of p50/p95
# per vault and the ratio large/small (of p50), for the binary under test and, when given,
# a before binary in the same run; then, on the large vault, the work that grows with what is
# asked (a month's bundle and `daily --as-of-seq`) and the whole-log work (`audit`,
# `audit --since`, `replay`), once each, with events/s and peak memory.
# Not part of CI; takes minutes (EVENTS=2000000: ~25).
#   bash Tools/bench-lifetime.sh [EVENTS]          (default 2000000)
#   BENCH_BIN=path       the healthledger to measure (default: a release build of this tree)
#   BENCH_BASE_BIN=path  the healthledger of before, measured on the same vaults first
#   BENCH_RUNS=N         runs per command (default 7)
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-2000000}
runs=${BENCH_RUNS:-7}
bash Tools/install-packages.sh >/dev/null
swift build -c release --static-swift-stdlib --product health-export-gen >&2
if [ -z "${BENCH_BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --product healthledger >&2
  BENCH_BIN=$PWD/.build/release/healthledger
fi
source Tools/bench-exports.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-lifetime.XXXXXX")
trap 'rm -rf "$work"' EXIT
printf 'bench passphrase\n' >"$work/passphrase"
chmod 600 "$work/passphrase"

# Makes vault $2 with binary $1 from an export of $3 records and unlocks it; reports the
# import's time and peak memory and the vault's size (the indexes' cost, before beside after).
make_vault() {
  local bin=$1 vault=$2 records=$3 export_zip
  export_zip=$(generated_export "$records")
  "$bin" init --vault "$vault" --passphrase-file "$work/passphrase" --kdf interactive >/dev/null
  /usr/bin/time -f "$(basename "$vault"): import of $records records %e s, %M KB peak" \
    "$bin" import apple-health "$export_zip" --vault "$vault" --passphrase-file "$work/passphrase" >/dev/null
  echo "$(basename "$vault"): $(du -sb "$vault" | cut -f1) bytes" >&2
  "$bin" unlock --ttl 2h --vault "$vault" --passphrase-file "$work/passphrase" >/dev/null
  "$bin" append activity.defined name=Reading --vault "$vault" >/dev/null
  "$bin" mood 5 --id "$known_mood" --vault "$vault" >/dev/null
}
known_mood=0123456789abcdef0123456789abcdef

# The commands, one a line, with @ID standing for a mood appended when the vault was made
# and @FRESH for a mood appended just before (so each correction and retraction has its own
# target: a correction that changes nothing is refused).
commands() {
  cat <<'LIST'
mood 6
fatigue 3
symptom headache --severity 2
take Vitamin-D 1000IU
eat Oatmeal --kcal 350
weigh 72.4kg
append fatigue.rated rating=4
start Reading
stop --all
start Reading
stop --last
start Reading --from-last-stop
stop Reading
log --limit 10
log --kind mood --limit 5
log --limit 10 --raw --json
log --kind mood --limit 5 --source healthledger-cli
log --limit 5 --text rating
show @ID
correct @FRESH rating=4
retract @FRESH
daily
daily --from '30d ago'
budget
sleep-score
vitals
settings
query 'mood avg by day where last 30d'
query 'mood where rating <= 3 and within 30m after activity "Socializing"'
query 'heart_rate avg by hour where last 7d'
query 'dose where medication = "Ibuprofen" and (note contains "headache" or hour >= 20)'
query 'sleep.total by day where weekday'
query 'mood avg, mood min by day where between 2026-01-01 and 2026-03-31' --format csv
LIST
}

# Times every command RUNS times (the list over and over) with binary $1 on vault $2; writes "command<TAB>ms" lines to $3.
time_commands() {
  local bin=$1 vault=$2 out=$3 line args fresh start end
  : >"$out"
  # Each run goes through the whole list, so every stop finds the start before it.
  for ((run = 0; run < runs; run++)); do
    while IFS= read -r line; do
      if [[ $line == *@FRESH* ]]; then
        fresh=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
        "$bin" mood 5 --id "$fresh" --vault "$vault" >/dev/null
      fi
      eval "args=(${line//@ID/$known_mood})"
      args=("${args[@]//@FRESH/${fresh:-}}")
      start=$(date +%s%N)
      "$bin" "${args[@]}" --vault "$vault" >/dev/null 2>"$work/stderr" || { echo "failed: $line: $(cat "$work/stderr")" >&2; }
      end=$(date +%s%N)
      printf '%s\t%s\n' "$line" $(((end - start) / 1000000)) >>"$out"
    done < <(commands)
  done
}

# Label $1, binary $2, vault $3: each command of the list once, "label: command: S s, KB peak"
# to $work/whole-log.txt (a command the binary does not have prints its error instead).
time_whole_log() {
  local label=$1 bin=$2 vault=$3 size month_end month_start recipient
  size=$("$bin" log --limit 1 --raw --json --vault "$vault" | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["sequence"] + 1)')
  month_end=$("$bin" query 'daily.step_count by day' --format csv --vault "$vault" | tail -1 | cut -d, -f1)
  month_start=$(date -d "$month_end -29 days" +%F)
  "$bin" checkpoint export "$work/checkpoint.txt" --vault "$vault" >/dev/null 2>&1 || true
  "$bin" mood 6 --vault "$vault" >/dev/null
  [ -f "$work/identity.txt" ] || "$bin" keygen -o "$work/identity.txt" >/dev/null
  recipient=$(sed -n 's/^# public key: //p' "$work/identity.txt")
  while IFS= read -r line; do
    eval "args=($line)"
    /usr/bin/time -f "%e %M" -o "$work/time" "$bin" "${args[@]}" --vault "$vault" >/dev/null 2>"$work/stderr" \
      && printf '%s: %s (%s events): %s s, %s KB peak\n' "$label" "$line" "$size" $(cat "$work/time") >>"$work/whole-log.txt" \
      || printf '%s: %s: failed: %s\n' "$label" "$line" "$(head -c 200 "$work/stderr")" >>"$work/whole-log.txt"
  done <<LIST
export bundle --out $work/month-$label.age --recipient $recipient --from $month_start --to $month_end
daily --from $month_start --to $month_end --as-of-seq $((size / 2))
audit --since $work/checkpoint.txt
audit
replay
LIST
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(free -g | awk '/Mem/ {print $7}') GB available" >&2
labels=()
if [ -n "${BENCH_BASE_BIN:-}" ]; then
  make_vault "$BENCH_BASE_BIN" "$work/before-small" 20000
  make_vault "$BENCH_BASE_BIN" "$work/before-large" "$events"
  time_commands "$BENCH_BASE_BIN" "$work/before-small" "$work/before-small.tsv"
  time_commands "$BENCH_BASE_BIN" "$work/before-large" "$work/before-large.tsv"
  time_whole_log before "$BENCH_BASE_BIN" "$work/before-large" || echo "whole-log timing failed (before)" >&2
  rm -rf "$work/before-small" "$work/before-large"
  labels+=(before)
fi
make_vault "$BENCH_BIN" "$work/after-small" 20000
make_vault "$BENCH_BIN" "$work/after-large" "$events"
time_commands "$BENCH_BIN" "$work/after-small" "$work/after-small.tsv"
time_commands "$BENCH_BIN" "$work/after-large" "$work/after-large.tsv"
time_whole_log after "$BENCH_BIN" "$work/after-large" || echo "whole-log timing failed (after)" >&2
labels+=(after)
echo "machine after: load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
cat "$work/whole-log.txt"

python3 - "$work" "$events" "${labels[@]}" <<'PY'
import sys, statistics
work, events, labels = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def load(path):
    rows = {}
    for line in open(path):
        command, ms = line.rstrip("\n").split("\t")
        rows.setdefault(command, []).append(int(ms))
    return rows
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]
tables = {(l, s): load(f"{work}/{l}-{s}.tsv") for l in labels for s in ("small", "large")}
header = "| command |"
for l in labels:
    header += f" {l}: 20k p50 / p95 ms | {l}: {events:,} p50 / p95 ms | {l}: ratio |"
print(header)
print("|---|" + "---|---|---|" * len(labels))
for command in tables[(labels[0], "small")]:
    row = f"| `{command}` |"
    for l in labels:
        small, large = tables[(l, "small")][command], tables[(l, "large")][command]
        ratio = statistics.median(large) / max(statistics.median(small), 1)
        row += f" {pct(small, .5)} / {pct(small, .95)} | {pct(large, .5)} / {pct(large, .95)} | {ratio:.2f} |"
    print(row)
PY
