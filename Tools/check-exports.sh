#!/usr/bin/env bash
# Exports a demo vault with `export sqlite` and `export parquet` and reads the outputs with
# the tools their users have: Datasette and sqlite-utils, then pyarrow, DuckDB and Spark
# (local[2], needs the JDK) from a virtualenv. Every table must agree with `log --json` and
# `daily --json`, the re-run on the SQLite file must add only what is new, and every file
# must be private. EXPORT_CHECK_READERS=pyarrow,duckdb leaves Spark out.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv --help >/dev/null 2>&1 || bash Tools/install-packages.sh python3-venv
venv=.build/venv-export
if [ ! -x "$venv/bin/datasette" ] || ! "$venv/bin/python" -c 'import pyarrow, duckdb, pyspark, sqlite_utils' 2>/dev/null; then
  echo "installing pyarrow, duckdb, pyspark, datasette and sqlite-utils into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet pyarrow duckdb pytz pyspark datasette sqlite-utils
fi
readers=${EXPORT_CHECK_READERS:-pyarrow,duckdb,spark}
export SPARK_LOCAL_IP=127.0.0.1  # Spark in local[2] stays on loopback
bin=${HEALTHLEDGER_BIN:-.build/debug/healthledger}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 022  # the exports must make their files private themselves
"$bin" demo --vault "$work/vault" --days 30 >/dev/null
printf 'demo passphrase\n' >"$work/passphrase"
chmod 600 "$work/passphrase"
hl() { "$bin" "$@" --vault "$work/vault" --passphrase-file "$work/passphrase"; }
fail() { echo "check-exports: $*" >&2; exit 1; }

# The log as it reads now, and the daily metrics over the days its events fall on.
snapshot() {
  hl log --json >"$work/log.jsonl"
  read -r first last < <(python3 - "$work/log.jsonl" <<'PY'
import datetime as dt, json, sys
epoch = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
days = set()
for line in open(sys.argv[1]):
    event = json.loads(line)
    start = dt.datetime.fromisoformat(event["start"].replace("Z", "+00:00"))
    days.add((start.astimezone(dt.timezone.utc) + dt.timedelta(seconds=event["utcOffset"])).date())
print(min(days), max(days))
PY
)
  hl daily --json --from "$first" --to "$last" >"$work/daily.jsonl"
}

hl export sqlite "$work/health.db" --json >"$work/first.json" 2>"$work/warning.txt"
grep -q plaintext "$work/warning.txt" || fail "export sqlite did not warn that it writes plaintext"
[ "$(stat -c %a "$work/health.db")" = 600 ] || fail "health.db is not 0600"
snapshot
"$venv/bin/python" Tools/check-exports.py "$work/log.jsonl" "$work/daily.jsonl" --sqlite "$work/health.db"

"$venv/bin/datasette" inspect "$work/health.db" --inspect-file "$work/inspect.json"
"$venv/bin/sqlite-utils" views "$work/health.db" >"$work/views.json"
"$venv/bin/python" - "$work/inspect.json" "$work/views.json" "$work/health.db" <<'PY'
import json, sqlite3, sys
inspected = json.load(open(sys.argv[1]))["health"]["tables"]
views = [view["view"] for view in json.load(open(sys.argv[2]))]
database = sqlite3.connect(sys.argv[3])
tables = [name for (name,) in database.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
for table in tables:
    count = database.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
    assert inspected[table]["count"] == count, f"datasette inspect counts {inspected[table]['count']} rows in {table}, sqlite3 {count}"
for view in views:
    database.execute(f'SELECT * FROM "{view}"').fetchall()
print(f"datasette inspect: {len(inspected)} tables ({', '.join(sorted(inspected))}); sqlite-utils: {len(views)} views run")
PY

# Later events, a retraction of an early mood: the re-run adds only those.
early_mood=$(grep -m1 '"kind":"mood.rated"' "$work/log.jsonl" | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
hl retract "$early_mood" >/dev/null
hl mood 7 >/dev/null
hl symptom headache --severity 2 >/dev/null
hl export sqlite "$work/health.db" --json >"$work/second.json" 2>/dev/null
python3 - "$work/first.json" "$work/second.json" <<'PY'
import json, sys
first, second = (json.load(open(path)) for path in sys.argv[1:3])
assert second["incremental"] and second["from_sequence"] == first["to_sequence"], second
assert second["rows"] == {"moods": 2, "symptoms": 1}, second["rows"]
print(f"incremental re-run: events {second['from_sequence']}..<{second['to_sequence']}, rows changed {second['rows']}")
PY
snapshot
"$venv/bin/python" Tools/check-exports.py "$work/log.jsonl" "$work/daily.jsonl" --sqlite "$work/health.db"

hl export parquet "$work/parquet" 2>/dev/null >/dev/null
[ -z "$(find "$work/parquet" -type f ! -perm 600)" ] || fail "Parquet files that are not 0600: $(find "$work/parquet" -type f ! -perm 600 | head -3)"
[ -z "$(find "$work/parquet" -type d ! -perm 700)" ] || fail "Parquet folders that are not 0700"
"$venv/bin/python" Tools/check-exports.py "$work/log.jsonl" "$work/daily.jsonl" --parquet "$work/parquet" --readers "$readers"

# Ten days in the middle: the events that started on them (each on its own local day) and
# those days' metrics, read through the day index, and nothing of the other days.
read -r days_first days_last < <(python3 - "$work/log.jsonl" "$work/log-days.jsonl" <<'PY'
import datetime as dt, json, sys
def day(event):
    start = dt.datetime.fromisoformat(event["start"].replace("Z", "+00:00"))
    return (start.astimezone(dt.timezone.utc) + dt.timedelta(seconds=event["utcOffset"])).date()
events = [json.loads(line) for line in open(sys.argv[1])]
days = sorted({day(event) for event in events})
first, last = days[len(days) // 3], days[len(days) // 3] + dt.timedelta(days=9)
with open(sys.argv[2], "w") as out:
    for event in events:
        if first <= day(event) <= last:
            out.write(json.dumps(event) + "\n")
print(first, last)
PY
)
hl daily --json --from "$days_first" --to "$days_last" >"$work/daily-days.jsonl"
hl export parquet "$work/parquet-days" --from "$days_first" --to "$days_last" --json 2>/dev/null >"$work/days.json"
python3 - "$work/days.json" <<'PY'
import json, sys
summary = json.load(open(sys.argv[1]))
assert summary["days"] == 10, summary
PY
"$venv/bin/python" Tools/check-exports.py "$work/log-days.jsonl" "$work/daily-days.jsonl" --parquet "$work/parquet-days" --readers pyarrow,duckdb
