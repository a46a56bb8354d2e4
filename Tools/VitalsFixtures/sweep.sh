#!/usr/bin/env bash
# Measures 50 random recordings (make-fixtures.py --sweep) with the built healthledger and
# counts how many land within ±3 bpm / ±2 breaths per minute, how many are flagged
# unreliable, and how many are confidently wrong.
#   bash Tools/VitalsFixtures/sweep.sh PYTHON_WITH_NEUROKIT2
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${1:?give a python that has neurokit2, e.g. /tmp/nk/bin/python}
swift build --product healthledger >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" Tools/VitalsFixtures/make-fixtures.py --sweep "$work/recordings" 2>/dev/null
printf 'sweep\n' >"$work/passphrase"
chmod 600 "$work/passphrase"
ledger() { .build/debug/healthledger "$@" --vault "$work/vault" --passphrase-file "$work/passphrase"; }
.build/debug/healthledger init --vault "$work/vault" --passphrase-file "$work/passphrase" --kdf interactive >/dev/null
for file in "$work"/recordings/*.csv; do
  name=$(basename "$file" .csv)
  kind=heart-rate; tolerance=3
  if [[ $name == accel-* ]]; then kind=breathing; tolerance=2; fi
  truth=$(cut -d- -f3 <<<"$name")
  ledger measure "$kind" "$file" --json | python3 -c "
import json, sys
reading = json.load(sys.stdin)
rate = reading.get('rate')
verdict = 'flagged ' + reading['reason'] if rate is None else ('within' if abs(rate - $truth) <= $tolerance else 'WRONG')
print('$name', $truth, rate if rate is not None else '-', verdict)"
done | tee "$work/results.txt"
echo "within tolerance: $(grep -c ' within$' "$work/results.txt" || true), flagged: $(grep -c ' flagged ' "$work/results.txt" || true), confidently wrong: $(grep -c ' WRONG$' "$work/results.txt" || true)"
