#!/usr/bin/env python3
"""A week of a heavy Apple Watch wearer as Health Auto Export posts it (JSON, version 2):
heart rate every 5 s, steps and active energy every minute. Deterministic for a seed.

usage: hae-week.py [--days 7] [--seed 42] > week.json
"""
import argparse
import json
import random
from datetime import datetime, timedelta, timezone

parser = argparse.ArgumentParser()
parser.add_argument("--days", type=int, default=7)
parser.add_argument("--seed", type=int, default=42)
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

json.dump({"data": {"metrics": [
    {"name": "heart_rate", "units": "count/min", "data": heart},
    {"name": "step_count", "units": "count", "data": steps},
    {"name": "active_energy", "units": "kcal", "data": energy},
]}}, __import__("sys").stdout, ensure_ascii=False)
