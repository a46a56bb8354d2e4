#!/usr/bin/env python3
"""Reads `export sqlite` and `export parquet` output with the consumers' own tools and checks
that they agree with each other and with `healthledger log --json` / `daily --json`.

usage: check-exports.py LOG.jsonl DAILY.jsonl (--sqlite FILE | --parquet DIR [--readers pyarrow,duckdb,spark])
"""
import argparse
import datetime as dt
import json
import math
import os
import sys

EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
DAY_MICROS = 86_400_000_000
FACE_FEATURES = [
    "eyeOpennessLeft", "eyeOpennessRight", "eyeBlinkLeft", "eyeBlinkRight", "browRaiseLeft", "browRaiseRight", "browFurrow",
    "mouthOpen", "mouthSmileLeft", "mouthSmileRight", "mouthPucker", "jawOpen", "cheekPuffLeft", "cheekPuffRight", "noseWrinkle",
    "headPitch", "headYaw", "headRoll", "faceWidth", "faceHeight", "eyeDistance", "noseMouthDistance", "mouthWidth", "faceCenterX",
]
FACE_INDICATORS = ["alertnessScore", "tensionScore", "smileScore", "facialSymmetry"]
JSON_COLUMNS = {"metadata", "tags", "nutrients", "payload"}
AMENDMENTS = {"event.corrected", "event.retracted", "subject.erased"}
TABLES = {
    "sample.recorded": "samples", "category.recorded": "categories", "workout.recorded": "workouts",
    "mood.rated": "moods", "fatigue.rated": "fatigue", "medication.defined": "medications", "dose.taken": "doses",
    "food.logged": "food", "activity.defined": "activities", "activity.started": "activities",
    "activity.stopped": "activities", "symptom.reported": "symptoms", "vital.measured": "vitals", "face.captured": "faces",
}
PARTITIONED = {"samples": "type", "categories": "type", "other_events": "kind"}


def snake(name):
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


def micros(text):
    return (dt.datetime.fromisoformat(text.replace("Z", "+00:00")) - EPOCH) // dt.timedelta(microseconds=1)


def as_json(value):
    return value if value else None


def rating(p):
    low, high = p.get("scaleMin", 1), p.get("scaleMax", 10)
    return dict(rating=p["rating"], scale_min=low, scale_max=high, normalized=(p["rating"] - low) / (high - low),
                note=p.get("note"), tags=as_json(p.get("tags")))


def payload(kind, p):
    """The payload columns the export promises, computed from the event as `log --json` shows it."""
    if kind == "sample.recorded":
        return dict(type=p["type"], value=float(p["value"]), unit=p["unit"], metadata=as_json(p.get("metadata")))
    if kind == "category.recorded":
        return dict(type=p["type"], value=str(p["value"]), metadata=as_json(p.get("metadata")))
    if kind == "workout.recorded":
        return dict(activity_type=p["activityType"], duration_seconds=float(p["duration"]),
                    distance=p.get("totalDistance"), distance_unit=p.get("totalDistanceUnit"),
                    energy=p.get("totalEnergyBurned"), energy_unit=p.get("totalEnergyBurnedUnit"),
                    metadata=as_json(p.get("metadata")))
    if kind in ("mood.rated", "fatigue.rated"):
        return rating(p)
    if kind == "medication.defined":
        dosage = p.get("defaultDosage") or {}
        return dict(name=p["name"], started_on=p.get("startedOn"), frequency=p.get("frequency"),
                    default_amount=dosage.get("amount"), default_unit=dosage.get("unit"), notes=p.get("notes"))
    if kind == "dose.taken":
        dosage = p.get("dosage") or {}
        return dict(medication=p["medication"], amount=dosage.get("amount"), unit=dosage.get("unit"), note=p.get("note"))
    if kind == "food.logged":
        return dict(name=p["name"], meal=p.get("meal"), kcal=p.get("kcal"), protein=p.get("protein"), carbs=p.get("carbs"),
                    fat=p.get("fat"), nutrients=as_json(p.get("nutrients")), note=p.get("note"))
    if kind.startswith("activity."):
        action = kind.split(".")[1]
        return dict(action=action, name=p["name"], note=p.get("description") if action == "defined" else p.get("note"),
                    tags=as_json(p.get("tags")), started_by=p.get("startedBy"))
    if kind == "symptom.reported":
        return dict(name=p["name"], severity=p["severity"], note=p.get("note"), session=p.get("session"))
    if kind == "vital.measured":
        count = len(p["values"] if p["signal"] == "ppg" else p["x"])
        rate = p.get("sampleRate")
        duration = count / rate if rate else (p["timestamps"][-1] - p["timestamps"][0])
        return dict(signal=p["signal"], sample_count=count, sample_rate=rate, duration_seconds=duration,
                    detail=p.get("detail"), session=p.get("session"))
    if kind == "face.captured":
        row = {}
        for group, names in (("features", FACE_FEATURES), ("indicators", FACE_INDICATORS)):
            values = p.get(group) or {}
            row.update({snake(name): values.get(name) for name in names})
        meta = p.get("metadata") or {}
        row.update(image_width=meta.get("imageWidth"), image_height=meta.get("imageHeight"),
                   face_confidence=meta.get("faceConfidence"), landmark_count=meta.get("landmarkCount"))
        return row
    return dict(kind=kind, payload=p)


def expected_rows(log_path):
    tables = {}
    with open(log_path) as log:
        for line in log:
            event = json.loads(line)
            if event["kind"] in AMENDMENTS:
                continue
            table = TABLES.get(event["kind"], "other_events")
            start = micros(event["start"])
            offset = event["utcOffset"]
            row = dict(id=event["id"], sequence=event["sequence"], start=start,
                       end=micros(event["end"]) if "end" in event else None, utc_offset=offset,
                       local_day=(EPOCH + dt.timedelta(days=(start + offset * 1_000_000) // DAY_MICROS)).date().isoformat(),
                       source=event["source"]["name"], device=event["source"].get("device"))
            row.update(payload(event["kind"], event.get("payload", {})))
            tables.setdefault(table, {})[row["id"]] = row
    return tables


def normal(column, value):
    """One representation per value whatever the reader: instants as UTC microseconds, days as ISO text."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.timezone.utc)
        return (value - EPOCH) // dt.timedelta(microseconds=1)
    if isinstance(value, dt.date):
        return value.isoformat()
    if column in JSON_COLUMNS and isinstance(value, str):
        return json.loads(value)
    if hasattr(value, "item"):
        return value.item()
    return value


def normalize(rows, key):
    normalized = [{column: normal(column, value) for column, value in row.items()} for row in rows]
    return {row[key]: row for row in normalized}


def read_sqlite(path):
    import sqlite3
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    tables = {}
    for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        rows = [dict(row) for row in connection.execute(f'SELECT * FROM "{name}"')]
        for row in rows:
            for column in ("start", "end"):
                if name not in ("daily_metrics", "daily_metric_columns", "export_state") and row.get(column) is not None:
                    row[column] = micros(row[column])
        tables[name] = rows
    views = [name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'view'")]
    for view in views:
        connection.execute(f'SELECT * FROM "{view}"').fetchall()
    return tables, views


def table_dirs(root):
    return sorted(name for name in os.listdir(root) if os.path.isdir(os.path.join(root, name)))


def read_pyarrow(root):
    import pyarrow.dataset as ds
    tables = {}
    for name in table_dirs(root):
        partitioning = ds.partitioning(flavor="hive") if name in PARTITIONED else None
        table = ds.dataset(os.path.join(root, name), format="parquet", partitioning=partitioning).to_table()
        rows = table.to_pylist()
        for row in rows:
            for column, value in row.items():
                if isinstance(value, dt.datetime) and value.tzinfo is None:
                    raise AssertionError(f"pyarrow reads {name}.{column} as a naive timestamp: not UTC-adjusted")
        tables[name] = rows
    return tables


def read_duckdb(root):
    import duckdb
    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    tables = {}
    for name in table_dirs(root):
        hive = "true" if name in PARTITIONED else "false"
        relation = connection.execute(
            f"SELECT * FROM read_parquet('{root}/{name}/**/*.parquet', hive_partitioning = {hive}, hive_types_autocast = false)")
        columns = [description[0] for description in relation.description]
        tables[name] = [dict(zip(columns, values)) for values in relation.fetchall()]
    return tables


def read_spark(root):
    from pyspark.sql import SparkSession
    spark = (SparkSession.builder.master("local[2]").appName("healthledger-export-check")
             .config("spark.sql.session.timeZone", "UTC")
             .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    tables = {}
    try:
        for name in table_dirs(root):
            frame = spark.read.parquet(os.path.join(root, name))
            tables[name] = [row.asDict() for row in frame.collect()]
    finally:
        spark.stop()
    return tables


def same(a, b):
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def compare(label, got, want, columns=None):
    problems = []
    if set(got) != set(want):
        problems.append(f"{label}: {len(got)} rows, expected {len(want)}; missing {sorted(set(want) - set(got))[:3]}, extra {sorted(set(got) - set(want))[:3]}")
    for key in sorted(set(got) & set(want)):
        for column in (columns or want[key].keys()):
            if not same(got[key].get(column), want[key].get(column)):
                problems.append(f"{label} {key}.{column}: {got[key].get(column)!r}, expected {want[key].get(column)!r}")
                break
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("log")
    parser.add_argument("daily")
    parser.add_argument("--sqlite")
    parser.add_argument("--parquet")
    parser.add_argument("--readers", default="pyarrow,duckdb,spark")
    args = parser.parse_args()

    expected = expected_rows(args.log)
    with open(args.daily) as daily:
        days = {}
        for line in daily:
            entry = json.loads(line)
            days[entry["date"]] = entry["metrics"]

    sources = {}
    if args.sqlite:
        tables, views = read_sqlite(args.sqlite)
        print(f"sqlite3 {__import__('sqlite3').sqlite_version}: {len(tables)} tables, {len(views)} views")
        sources["sqlite"] = tables
    if args.parquet:
        readers = {"pyarrow": read_pyarrow, "duckdb": read_duckdb, "spark": read_spark}
        for reader in args.readers.split(","):
            module = __import__({"spark": "pyspark"}.get(reader, reader))
            sources[reader] = readers[reader](os.path.abspath(args.parquet))
            print(f"{reader} {module.__version__}: read {len(sources[reader])} tables")

    problems = []
    reference = None
    for reader, tables in sources.items():
        for table, want in expected.items():
            got = normalize(tables.get(table, []), "id")
            problems += compare(f"{reader} {table}", got, want)
        for table in (set(TABLES.values()) | {"other_events"}) - set(expected):
            if tables.get(table):
                problems.append(f"{reader} {table}: {len(tables[table])} rows, the log has none")
        daily_rows = normalize(tables.get("daily_metrics", []), "date")
        if not days.keys() <= daily_rows.keys():
            problems.append(f"{reader} daily_metrics: missing days {sorted(days.keys() - daily_rows.keys())[:3]}")
        for date, metrics in days.items():
            row = daily_rows.get(date, {})
            present = {column: value for column, value in row.items() if column != "date" and value is not None}
            if present != metrics:
                problems.append(f"{reader} daily_metrics {date}: {len(present)} values differ from `daily --json` ({len(metrics)} values)")
        if len(tables.get("daily_metric_columns", [])) != len(next(iter(daily_rows.values()), {"date": 0})) - 1:
            problems.append(f"{reader} daily_metric_columns: {len(tables.get('daily_metric_columns', []))} rows")
        everything = {table: normalize(rows, "date" if table == "daily_metrics" else "key" if table == "daily_metric_columns" else "id")
                      for table, rows in tables.items() if table != "export_state"}
        if reference is None:
            reference = (reader, everything)
        else:
            for table, rows in reference[1].items():
                problems += compare(f"{reader} against {reference[0]}: {table}", everything.get(table, {}), rows)
        counted = sum(len(rows) for rows in tables.values())
        print(f"{reader}: {counted} rows in {len(tables)} tables checked")

    for problem in problems[:40]:
        print("MISMATCH " + problem, file=sys.stderr)
    readers = ", ".join(sources)
    print(f"export check ({readers}): " + (f"{len(problems)} mismatches" if problems else "every table agrees with log --json and daily --json"))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
