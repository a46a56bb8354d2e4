#!/usr/bin/env bash
# Builds a cohort of three demo participants from their sealed bundles with `cohort build`
# (plain and with --shift-dates) and runs the same SQL over it in DuckDB and in Spark
# (local[2], needs the JDK): both engines must give the same answers, the answers each
# participant's own `log --json` gives, and every file and folder must be private.
# COHORT_CHECK_READERS=duckdb leaves Spark out.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv --help >/dev/null 2>&1 || bash Tools/install-packages.sh python3-venv
venv=.build/venv-export
if ! "$venv/bin/python" -c 'import pyarrow, duckdb, pyspark' 2>/dev/null; then
  echo "installing pyarrow, duckdb and pyspark into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet pyarrow duckdb pytz pyspark
fi
export SPARK_LOCAL_IP=127.0.0.1  # Spark in local[2] stays on loopback
bin=${HEALTHLEDGER_BIN:-.build/debug/healthledger}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 022  # cohort build must make its files private itself
fail() { echo "check-cohort: $*" >&2; exit 1; }

age-keygen -o "$work/identity.txt" 2>"$work/keygen.txt"
recipient=$(grep -o 'age1[0-9a-z]*' "$work/keygen.txt")
"$bin" cohort keygen "$work/study.key" >/dev/null
printf 'demo passphrase\n' >"$work/passphrase"
chmod 600 "$work/passphrase"
bundles=()
for seed in 11 12 13; do
  "$bin" demo --vault "$work/vault-$seed" --days 21 --seed "$seed" >/dev/null
  hl() { "$bin" "$@" --vault "$work/vault-$seed" --passphrase-file "$work/passphrase"; }
  hl export bundle --out "$work/bundle-$seed.age" --recipient "$recipient" >/dev/null
  hl log --json >"$work/log-$seed.jsonl"
  bundles+=("$work/bundle-$seed.age")
done
build() { "$bin" cohort build "${bundles[@]}" --study-key "$work/study.key" --identity "$work/identity.txt" --json "$@" 2>/dev/null; }
build --out "$work/cohort" >"$work/build.json"
build --out "$work/shifted" --shift-dates >/dev/null
for dataset in cohort shifted; do
  [ -z "$(find "$work/$dataset" -type f ! -perm 600)" ] || fail "files in $dataset that are not 0600"
  [ -z "$(find "$work/$dataset" -type d ! -perm 700)" ] || fail "folders in $dataset that are not 0700"
done
python3 - "$work/build.json" "$work" >"$work/logs.json" <<'PY'
import json, sys
built = json.load(open(sys.argv[1]))
print(json.dumps({p["participant"]: p["bundle"].replace("/bundle-", "/log-").replace(".age", ".jsonl") for p in built["participants"]}))
PY
"$venv/bin/python" Tools/check-cohort.py "$work/cohort" --logs "$work/logs.json" --shifted "$work/shifted" --readers "${COHORT_CHECK_READERS:-duckdb,spark}"
