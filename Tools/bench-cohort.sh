#!/usr/bin/env bash
# The cohort benchmark: PARTICIPANTS generated Apple Health exports of RECORDS records each
# (health-export-gen, one seed per participant, plus a mood a day) → init → import →
# export bundle, then `cohort build` of all the bundles (and again, which must change
# nothing), then the cohort queries of Tools/check-cohort.py in DuckDB and in Spark.
#   bash Tools/bench-cohort.sh [PARTICIPANTS [RECORDS]]   (default 50 100000)
# Bundles are kept in .build-bench/cohort-RECORDS/ and reused by later runs; PREPARE_BIN
# names another healthledger to make them with (init, import and export bundle only).
set -euo pipefail
cd "$(dirname "$0")/.."
participants=${1:-50}
records=${2:-100000}
if [ -z "${HEALTHLEDGER_BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --product healthledger >&2
  swift build -c release --static-swift-stdlib --product health-export-gen >&2
fi
bin=${HEALTHLEDGER_BIN:-.build/release/healthledger}
gen=${EXPORT_GEN_BIN:-.build/release/health-export-gen}
prepare=${PREPARE_BIN:-$bin}
venv=.build/venv-export
"$venv/bin/python" -c 'import pyarrow, duckdb, pyspark' 2>/dev/null || bash Tools/check-cohort.sh >/dev/null
export SPARK_LOCAL_IP=127.0.0.1
source Tools/bench-exports.sh
bench=.build-bench/cohort-$records
mkdir -p "$bench/bundles"
[ -f "$bench/identity.txt" ] || age-keygen -o "$bench/identity.txt" 2>"$bench/recipient.txt"
recipient=$(grep -o 'age1[0-9a-z]*' "$bench/recipient.txt")
printf 'bench passphrase\n' >"$bench/passphrase"
chmod 600 "$bench/passphrase"


bundles=()
prepared=$(date +%s)
for index in $(seq 1 "$participants"); do
  bundle="$bench/bundles/participant-$index.age"
  bundles+=("$bundle")
  [ -f "$bundle" ] && continue
  work="$bench/work-$index"
  rm -rf "$work" && mkdir -p "$work"
  echo "participant $index of $participants: generate, import, bundle" >&2
  "$gen" --records "$records" --seed "$((1000 + index))" --no-quirks --out "$work/export.zip" >/dev/null 2>&1
  hl() { "$prepare" "$@" --vault "$work/vault" --passphrase-file "$bench/passphrase"; }
  hl init --kdf interactive >/dev/null
  hl import apple-health "$work/export.zip" --json >/dev/null
  # A mood each morning after a night's sleep (Apple Health exports hold none).
  hl log --json --kind category.recorded | python3 -c '
import datetime as dt, json, random, sys
random.seed(sys.argv[1])
days = set()
for line in sys.stdin:
    event = json.loads(line)
    if event["payload"]["type"] == "HKCategoryTypeIdentifierSleepAnalysis" and "end" in event:
        days.add(event["end"][:10])
for day in sorted(days):
    print(json.dumps({"kind": "mood.rated", "start": day + "T10:00:00+00:00",
                      "payload": {"rating": random.randint(1, 10), "scaleMin": 1, "scaleMax": 10}}))
' "$index" >"$work/moods.jsonl"
  [ -s "$work/moods.jsonl" ] && hl append --jsonl "$work/moods.jsonl" >/dev/null
  hl export bundle --out "$bundle" --recipient "$recipient" >/dev/null  # written as .partial, moved when whole
  rm -rf "$work"
done
echo "bundles ready ($(( $(date +%s) - prepared )) s)" >&2
[ "${PREPARE_ONLY:-}" = 1 ] && exit 0
[ -f "$bench/study.key" ] || "$bin" cohort keygen "$bench/study.key" >/dev/null

dataset="$bench/dataset-$participants"
rm -rf "$dataset"
build=("$bin" cohort build "${bundles[@]}" --study-key "$bench/study.key" --identity "$bench/identity.txt" --out "$dataset" --json)
echo "cohort build of $participants bundles" >&2
read -r build_seconds build_cpu build_rss < <(measure "$bench/build.json" "${build[@]}")
read -r again_seconds again_cpu again_rss < <(measure "$bench/again.json" "${build[@]}")
echo "queries in DuckDB and Spark" >&2
"$venv/bin/python" Tools/check-cohort.py "$dataset" --timing >"$bench/queries.txt"

python3 - "$bench/build.json" "$bench/again.json" "$dataset" "$participants" "$records" "$build_seconds" "$build_cpu" "$build_rss" \
  "$again_seconds" "$again_cpu" "$again_rss" "$(du -sb "$dataset" | cut -f1)" "$(du -cb "${bundles[@]}" | tail -1 | cut -f1)" <<'PY'
import json, sys
built, again = (json.load(open(path)) for path in sys.argv[1:3])
participants, records = int(sys.argv[4]), int(sys.argv[5])
seconds, cpu, rss, again_seconds, again_cpu, again_rss, size, bundle_bytes = sys.argv[6:14]
rows = built["rows"]
assert again["rows"] == 0 and all(p["action"] == "unchanged" for p in again["participants"]), "the second build changed something"
print(f"{participants} participants x {records:,} records: {rows:,} rows, dataset {int(size):,} bytes ({int(size) / rows:.1f} bytes/row), bundles {int(bundle_bytes):,} bytes")
print(f"cohort build: {float(seconds):.1f} s wall, {float(cpu):.1f} s CPU, peak RSS {int(rss) / 1024:.0f} MB, {rows / float(seconds):,.0f} rows/s")
print(f"cohort build again (nothing new): {float(again_seconds):.1f} s wall, {float(again_cpu):.1f} s CPU, peak RSS {int(again_rss) / 1024:.0f} MB")
PY
cat "$bench/queries.txt"
