#!/usr/bin/env bash
# kill -9 at random moments during append, import, replay and export, again and again.
# After every kill: the audit is clean, every acknowledged event is there (appends print
# `committed LINE` after each durable commit), the views rebuild (`replay`) and the next
# command works. At the end both inputs are completed and stored exactly once.
#
#   Tools/crash-loop.sh [ITERATIONS] [RECORDS]     (default 100 iterations, 20000 records)
#
# Uses $HEALTHLEDGER_BIN, else .build/release/healthledger, else .build/debug/healthledger,
# and health-export-gen beside it. Exits non-zero naming the first broken promise.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=${1:-100}
records=${2:-20000}
bin=${HEALTHLEDGER_BIN:-}
if [[ -z $bin ]]; then
  bin=.build/release/healthledger
  [[ -x $bin ]] || bin=.build/debug/healthledger
fi
generator=$(dirname "$bin")/health-export-gen
[[ -x $bin && -x $generator ]] || { echo "crash-loop: build first (swift build): no $bin or $generator" >&2; exit 66; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 077
printf 'crash loop passphrase\n' >"$work/passphrase"
vault=$work/vault
hl() { "$bin" "$@" --vault "$vault" --passphrase-file "$work/passphrase"; }
fail() { echo "crash-loop: iteration $1: $2" >&2; exit 1; }

"$bin" init --vault "$vault" --passphrase-file "$work/passphrase" --kdf interactive >/dev/null
for ((line = 1; line <= records; line++)); do
  printf '{"id":"%032x","kind":"mood.rated","start":"2026-04-01T08:00:00+02:00","payload":{"rating":%d}}\n' "$line" $((1 + line % 10))
done >"$work/moods.jsonl"
"$generator" --records "$records" --out "$work/export.zip" --seed 10 >/dev/null 2>&1

acknowledged=0
killed=0
declare -A runs=([append]=0 [import]=0 [replay]=0 [export]=0)
operations=(append import replay export)
for ((iteration = 1; iteration <= iterations; iteration++)); do
  operation=${operations[RANDOM % 4]}
  runs[$operation]=$((runs[$operation] + 1))
  case $operation in
    append) hl append --jsonl "$work/moods.jsonl" --batch-size 500 --ack >"$work/out" 2>/dev/null & ;;
    import) hl import apple-health "$work/export.zip" >"$work/out" 2>/dev/null & ;;
    replay) hl replay >"$work/out" 2>/dev/null & ;;
    export) hl export daily "$work/daily" >"$work/out" 2>/dev/null & ;;
  esac
  pid=$!
  # 0.05 to 2 s: from before the vault is open to well into the work.
  delay=$((RANDOM % 1950 + 50))
  sleep "$((delay / 1000)).$(printf '%03d' $((delay % 1000)))"
  if kill -9 "$pid" 2>/dev/null; then killed=$((killed + 1)); fi
  wait "$pid" 2>/dev/null || true
  if [[ $operation == append ]]; then
    last=$(sed -n 's/^committed //p' "$work/out" | tail -1)
    [[ -n $last && $last -gt $acknowledged ]] && acknowledged=$last
  fi

  audit=$(hl audit) || fail "$iteration" "audit after killing $operation: $audit"
  moods=$(hl log --raw --json --kind mood.rated | wc -l)
  ((moods >= acknowledged)) || fail "$iteration" "$acknowledged moods acknowledged but only $moods stored"
  ((moods <= records)) || fail "$iteration" "$moods moods stored from $records lines: duplicates"
  hl replay >/dev/null || fail "$iteration" "the views do not rebuild after killing $operation"
  hl daily --from 2026-04-01 --to 2026-04-01 --json >/dev/null || fail "$iteration" "the next command fails after killing $operation"
done

hl append --jsonl "$work/moods.jsonl" >/dev/null || fail end "completing the append failed"
hl import apple-health "$work/export.zip" >/dev/null || fail end "completing the import failed"
again=$(hl import apple-health "$work/export.zip" --json)
[[ $again == *'"stored":0'* ]] || fail end "a second complete import stored something: $again"
moods=$(hl log --raw --json --kind mood.rated | wc -l)
((moods == records)) || fail end "$moods moods stored after completing, expected exactly $records"
hl audit >/dev/null || fail end "the final audit failed"
echo "crash loop: $iterations iterations (append ${runs[append]}, import ${runs[import]}, replay ${runs[replay]}, export ${runs[export]}), $killed killed mid-run; after each the audit was clean, all $acknowledged acknowledged appends were there, the views rebuilt and the next command worked; finally $moods of $records moods and the whole import stored exactly once"
