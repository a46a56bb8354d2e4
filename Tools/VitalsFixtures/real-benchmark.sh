#!/usr/bin/env bash
# Measures every real window of Tests/VitalsTests/Fixtures/Vitals/real through the built
# healthledger (the current algorithm, then each older one with `vitals --algorithm N`) and
# prints the accuracy table against the references of manifest.csv, then per algorithm how
# many readings are right (±3 bpm, ±2 breaths/min), refused, and confidently wrong, and how
# many clean windows were refused.
#   bash Tools/VitalsFixtures/real-benchmark.sh [--markdown]
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product healthledger >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixtures=Tests/VitalsTests/Fixtures/Vitals/real
printf 'benchmark\n' >"$work/passphrase"
chmod 600 "$work/passphrase"
ledger() { .build/debug/healthledger "$@" --vault "$work/vault" --passphrase-file "$work/passphrase"; }
.build/debug/healthledger init --vault "$work/vault" --passphrase-file "$work/passphrase" --kdf interactive >/dev/null
# One reading a window, a minute apart, in manifest order.
minute=0
tail -n +2 "$fixtures/manifest.csv" | while IFS=, read -r name kind _; do
  ledger measure "$kind" "$fixtures/$name.csv" --no-session --at "$(printf '2026-01-01T01:%02d:00Z' "$minute")" >/dev/null
  minute=$((minute + 1))
done
for algorithm in 1 2 3; do ledger vitals --json --algorithm "$algorithm" >"$work/v$algorithm.jsonl"; done
python3 - "$fixtures/manifest.csv" "$work" "${1:-}" <<'PY'
import csv, json, sys
manifest = list(csv.DictReader(open(sys.argv[1])))
versions = {v: [json.loads(line) for line in open(f"{sys.argv[2]}/v{v}.jsonl")] for v in (3, 2, 1)}
def verdict(window, reading):
    tolerance = 3 if window["kind"] == "heart-rate" else 2
    if reading.get("rate") is None:
        return "refused", f"unreliable: {reading['reason']}" + (f" ({reading['quality']:.2f})" if "quality" in reading else "")
    reference = float(window["reference"]) if window["reference"] else None
    quality = f" ({reading['quality']:.2f})" if "quality" in reading else ""
    if reference is None or abs(reading["rate"] - reference) > tolerance:
        return "wrong", f"**{reading['rate']:.1f} wrong**{quality}"
    return "right", f"{reading['rate']:.1f}{quality}"
print("| window | reference | clean | v3 | v2 | v1 |")
print("|---|---|---|---|---|---|")
counts = {v: {"right": 0, "refused": 0, "wrong": 0, "clean refused": 0} for v in versions}
for index, window in enumerate(manifest):
    cells = []
    for v, readings in versions.items():
        outcome, cell = verdict(window, readings[index])
        counts[v][outcome] += 1
        if outcome == "refused" and window["clean"] == "yes":
            counts[v]["clean refused"] += 1
        cells.append(cell)
    reference = window["reference"] or "no pulse"
    unit = "bpm" if window["kind"] == "heart-rate" else "/min"
    print(f"| {window['name']} | {reference} {unit if window['reference'] else ''} | {window['clean']} | " + " | ".join(cells) + " |")
clean = sum(window["clean"] == "yes" for window in manifest)
print()
for v, count in counts.items():
    print(f"v{v}: {count['right']} right, {count['refused']} refused ({count['clean refused']} of {clean} clean), {count['wrong']} confidently wrong")
PY
