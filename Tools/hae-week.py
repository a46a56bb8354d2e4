#!/usr/bin/env python3
"""A week of a heavy Apple Watch wearer as Health Auto Export posts it (JSON, version 2):
heart rate every 5 s, steps and active energy every minute, and three dose events a day
(medications: one taken in the morning, one twice a day, now and then skipped or snoozed).
Deterministic for a seed; the metrics are the same with or without the medications.

usage: hae-week.py [--days 7] [--seed 42] [--no-medications] > week.json
"""
import argparse
import json
import random
from datetime import datetime, timedelta, timezone

parser = argparse.ArgumentParser()
parser.add_argument("--days", type=int, default=7)
parser.add_argument("--seed", type=int, default=42)
parser.add_argument("--medications", action=argparse.BooleanOptionalAction, default=True)
arguments = parser.parse_args()
rng = random.Random(arguments.seed)
zone = timezone(timedelta(hours=1))
start = datetime(2026, 3, 2, tzinfo=zone)
watch = "Alex’s Apple Watch"


def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S %z")


heart, steps, energy = [], [], []
for second in range(0, arguments.days * 86_400, 5):
    moment = start + timedelta(seconds=second)
    awake = 7 <= moment.hour < 23
    rate = (72 if awake else 55) + rng.randint(-6, 12)
    heart.append({"date": stamp(moment), "Min": rate, "Avg": rate, "Max": rate, "source": watch})
    if second % 60 == 0:
        walked = rng.randint(0, 110) if awake and rng.random() < 0.4 else 0
        steps.append({"date": stamp(moment), "qty": walked, "source": watch})
        energy.append({"date": stamp(moment), "qty": round(0.4 + walked * 0.045, 3), "source": watch})

# Health's dose events, from a generator of their own so that the metrics stay as they were.
doses = random.Random(arguments.seed + 1)
schedule = [("Aspirin 81 mg Oral Tablet", "243670", 8, 1), ("Metformin 500 mg Oral Tablet", "861007", 8, 1),
            ("Metformin 500 mg Oral Tablet", "861007", 20, 1)]
medications = []
for day in range(arguments.days if arguments.medications else 0):
    for name, code, hour, count in schedule:
        due = start + timedelta(days=day, hours=hour)
        roll = doses.random()
        status = "Skipped" if roll < 0.08 else "Snoozed" if roll < 0.12 else "Taken"
        logged = due + timedelta(minutes=doses.randint(0, 45) if status == "Taken" else 0)
        medications.append({"displayText": name, "start": stamp(logged), "end": stamp(logged), "scheduledDate": stamp(due),
                            "form": "Tablet", "status": status, "isArchived": False, "dosage": count if status == "Taken" else 0,
                            "codings": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": code}]})

data = {"metrics": [
    {"name": "heart_rate", "units": "count/min", "data": heart},
    {"name": "step_count", "units": "count", "data": steps},
    {"name": "active_energy", "units": "kcal", "data": energy},
]}
if medications:
    data["medications"] = medications
json.dump({"data": data}, __import__("sys").stdout, ensure_ascii=False)
