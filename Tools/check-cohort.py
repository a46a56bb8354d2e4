#!/usr/bin/env python3
"""Runs the same SQL text over a `cohort build` dataset in DuckDB and in Spark (local[2]) and
checks that both engines give the same answers, and that these are the answers each
participant's own `log --json` gives.

usage: check-cohort.py DATASET [--logs MAP.json] [--shifted DATASET] [--readers duckdb,spark] [--timing]

MAP.json maps each participant's pseudonym to the file holding that participant's
`log --json`; --shifted names the same bundles built with --shift-dates.
"""
import argparse, datetime as dt, glob, json, math, os, sys, time

KINDS = ["samples", "categories", "moods"]

# Hours asleep by the day each night ends, and the mean mood of each day (0–1).
SLEEP_AND_MOOD = """
        WITH sleep AS (
            SELECT participant, end_day AS wake_day, sum(duration_seconds) / 3600 AS sleep_hours
            FROM categories
            WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis'
              AND value IN ('HKCategoryValueSleepAnalysisAsleepCore', 'HKCategoryValueSleepAnalysisAsleepDeep',
                            'HKCategoryValueSleepAnalysisAsleepREM', 'HKCategoryValueSleepAnalysisAsleepUnspecified',
                            'HKCategoryValueSleepAnalysisAsleep')
            GROUP BY participant, end_day
        ), mood AS (
            SELECT participant, local_day AS mood_day, avg(normalized) AS mood
            FROM moods
            GROUP BY participant, local_day
        )
"""

# The queries, word for word the same in both engines: each reads the views
# `samples`, `categories` and `moods` (one per kind=…, over every participant=…).
QUERIES = {
    "resting heart rate by week and participant": """
        SELECT participant,
               CAST(date_trunc('week', local_day) AS DATE) AS week,
               avg(value) AS mean_resting_heart_rate,
               count(*) AS readings
        FROM samples
        WHERE type = 'HKQuantityTypeIdentifierRestingHeartRate'
        GROUP BY participant, CAST(date_trunc('week', local_day) AS DATE)
        ORDER BY participant, week""",
    "sleep total against next-day mood": SLEEP_AND_MOOD + """
        SELECT s.participant, s.wake_day, s.sleep_hours, m.mood AS next_day_mood
        FROM sleep s JOIN mood m ON m.participant = s.participant AND m.mood_day = s.wake_day
        ORDER BY s.participant, s.wake_day""",
    "sleep and mood correlation by participant": SLEEP_AND_MOOD + """
        SELECT s.participant, count(*) AS nights, corr(s.sleep_hours, m.mood) AS correlation
        FROM sleep s JOIN mood m ON m.participant = s.participant AND m.mood_day = s.wake_day
        GROUP BY s.participant
        ORDER BY s.participant""",
}


def normal(value):
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if hasattr(value, "is_finite") or isinstance(value, float):
        return float(value)
    return value


def run_duckdb(root):
    import duckdb
    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    for kind in KINDS:
        files = os.path.join(root, "participant=*", f"kind={kind}", "*.parquet")
        connection.execute(f"CREATE VIEW {kind} AS SELECT * FROM read_parquet('{files}', hive_partitioning = true)")
    answers, seconds = {}, {}
    for name, sql in QUERIES.items():
        started = time.perf_counter()
        answers[name] = [tuple(normal(v) for v in row) for row in connection.execute(sql).fetchall()]
        seconds[name] = time.perf_counter() - started
    return answers, seconds, duckdb.__version__


def run_spark(root):
    import pyspark
    from pyspark.sql import SparkSession
    spark = (SparkSession.builder.master("local[2]").appName("healthledger-cohort-check")
             .config("spark.sql.session.timeZone", "UTC")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        for kind in KINDS:
            spark.read.option("basePath", root).parquet(os.path.join(root, "participant=*", f"kind={kind}")).createOrReplaceTempView(kind)
        answers, seconds = {}, {}
        for name, sql in QUERIES.items():
            started = time.perf_counter()
            answers[name] = [tuple(normal(v) for v in row) for row in spark.sql(sql).collect()]
            seconds[name] = time.perf_counter() - started
        return answers, seconds, pyspark.__version__
    finally:
        spark.stop()


def same(left, right):
    if isinstance(left, float) or isinstance(right, float):
        if left is None or right is None:
            return left is right
        if math.isnan(left) and math.isnan(right):
            return True
        return math.isclose(left, right, rel_tol=1e-9, abs_tol=1e-9)
    return left == right


def compare(name, expected, got, label):
    assert len(expected) == len(got), f"{name}: {label} gives {len(got)} rows, expected {len(expected)}"
    for want, row in zip(expected, got):
        assert len(want) == len(row) and all(same(a, b) for a, b in zip(want, row)), f"{name}: {label} row {row}, expected {want}"


def local_day(instant, offset):
    moment = dt.datetime.fromisoformat(instant.replace("Z", "+00:00"))
    return (moment.astimezone(dt.timezone.utc) + dt.timedelta(seconds=offset)).date()


ASLEEP = {"HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM",
          "HKCategoryValueSleepAnalysisAsleepUnspecified", "HKCategoryValueSleepAnalysisAsleep"}


def from_logs(logs):
    """The first two queries' answers computed from each participant's `log --json`."""
    weekly, sleep, mood = {}, {}, {}
    for participant, path in logs.items():
        for line in open(path):
            event = json.loads(line)
            payload, offset = event["payload"], event["utcOffset"]
            day = local_day(event["start"], offset)
            if event["kind"] == "sample.recorded" and payload["type"] == "HKQuantityTypeIdentifierRestingHeartRate":
                weekly.setdefault((participant, day - dt.timedelta(days=day.weekday())), []).append(float(payload["value"]))
            elif event["kind"] == "category.recorded" and payload["type"] == "HKCategoryTypeIdentifierSleepAnalysis" and payload["value"] in ASLEEP:
                start = dt.datetime.fromisoformat(event["start"].replace("Z", "+00:00"))
                end = dt.datetime.fromisoformat(event["end"].replace("Z", "+00:00"))
                key = (participant, local_day(event["end"], offset))
                sleep[key] = sleep.get(key, 0.0) + (end - start).total_seconds() / 3600
            elif event["kind"] == "mood.rated":
                normalized = (payload["rating"] - payload["scaleMin"]) / (payload["scaleMax"] - payload["scaleMin"])
                mood.setdefault((participant, day), []).append(normalized)
    return {
        "resting heart rate by week and participant": [
            (p, week.isoformat(), sum(values) / len(values), len(values)) for (p, week), values in sorted(weekly.items())],
        "sleep total against next-day mood": [
            (p, day.isoformat(), hours, sum(mood[(p, day)]) / len(mood[(p, day)])) for (p, day), hours in sorted(sleep.items()) if (p, day) in mood],
    }


def check_shift(plain, shifted):
    """--shift-dates moves each participant by one whole number of weeks, and nothing else."""
    import duckdb
    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    columns = "participant, start, \"end\", local_day, end_day, duration_seconds, type, value"
    rows = {}
    for label, root in (("plain", plain), ("shifted", shifted)):
        files = os.path.join(root, "participant=*", "kind=categories", "*.parquet")
        rows[label] = connection.execute(f"SELECT {columns} FROM read_parquet('{files}', hive_partitioning = true)").fetchall()
    assert len(rows["plain"]) == len(rows["shifted"]) > 0, "the shifted dataset holds other rows"
    shifts = {}
    for a, b in zip(sorted(rows["plain"], key=lambda r: (r[0], r[1], r[6], r[7])), sorted(rows["shifted"], key=lambda r: (r[0], r[1], r[6], r[7]))):
        assert a[0] == b[0] and a[5] == b[5] and a[6:] == b[6:], f"shifting changed more than dates: {a} {b}"
        days = (b[3] - a[3]).days
        assert b[1] - a[1] == dt.timedelta(days=days) and (b[2] - a[2] if a[2] else dt.timedelta(days=days)) == dt.timedelta(days=days)
        assert b[3].weekday() == a[3].weekday(), "a shifted day keeps its weekday"
        shifts.setdefault(a[0], set()).add(days)
    for participant, days in shifts.items():
        assert len(days) == 1, f"{participant} moved by several shifts {days}"
        (shift,) = days
        assert shift % 7 == 0 and 7 <= abs(shift) <= 364, f"{participant} moved by {shift} days"
    print(f"--shift-dates: {len(rows['plain'])} rows, each participant moved by one whole number of weeks "
          f"({', '.join(str(next(iter(d))) for d in shifts.values())} days); weekdays, times of day and durations kept")


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("dataset")
    parser.add_argument("--logs")
    parser.add_argument("--shifted")
    parser.add_argument("--readers", default="duckdb,spark")
    parser.add_argument("--timing", action="store_true", help="print each query's time per engine")
    options = parser.parse_args()
    import pyarrow.parquet
    for path in glob.glob(os.path.join(options.dataset, "participant=*", "kind=*", "*.parquet")):
        names = set(pyarrow.parquet.read_schema(path).names)
        leaked = names & {"id", "sequence", "source", "device", "note", "notes", "tags", "metadata", "name", "session", "detail", "medication"}
        assert not leaked, f"{path} has columns {leaked}"
    engines = {"duckdb": run_duckdb, "spark": run_spark}
    results = {reader: engines[reader](options.dataset) for reader in options.readers.split(",")}
    first = next(iter(results))
    for reader, (answers, seconds, version) in results.items():
        for name in QUERIES:
            compare(name, results[first][0][name], answers[name], f"{reader} against {first}")
        counts = ", ".join(f"{name}: {len(answers[name])} rows" for name in QUERIES)
        print(f"{reader} {version}: {counts}")
        if options.timing:
            print(f"  {reader} seconds: " + ", ".join(f"{name} {seconds[name]:.2f}" for name in QUERIES))
    if options.logs:
        logs = json.load(open(options.logs))
        for name, expected in from_logs(logs).items():
            assert expected, f"{name}: no rows in the participants' logs"
            compare(name, expected, results[first][0][name], f"{first} against the participants' log --json")
        print(f"the answers of {' and '.join(results)} agree with each other and with {len(logs)} participants' log --json")
    else:
        print(f"the answers of {' and '.join(results)} agree")
    if options.shifted:
        check_shift(options.dataset, options.shifted)


if __name__ == "__main__":
    main()
