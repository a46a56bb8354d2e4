#!/usr/bin/env bash
# The main job end to end: a vault filled with a generated, realistic history of every
# kind of event, listed and audited; then a generated Apple Health export.zip (with the
# quirks real ones have) imported into the same vault, and audited again.
#   bash Tools/demo.sh [--vault DIR] [--days N] [--seed S] [--export-records N]
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
swift build -c release --static-swift-stdlib --product healthledger >&2
swift build -c release --static-swift-stdlib --product health-export-gen >&2

work=$(mktemp -d)
vault="$work/vault"
records=50000
demo_arguments=()
while [ $# -gt 0 ]; do
  case "$1" in
    --vault) vault="$2"; shift 2 ;;
    --export-records) records="$2"; shift 2 ;;
    *) demo_arguments+=("$1"); shift ;;
  esac
done

.build/release/healthledger demo --vault "$vault" "${demo_arguments[@]}"
echo
echo "8. An Apple Health export of $records records (generated: export.zip with routes, ECGs and the quirks of real exports), imported:"
.build/release/health-export-gen --records "$records" --out "$work/export.zip" >/dev/null
printf 'demo passphrase\n' >"$work/passphrase"
chmod 600 "$work/passphrase"
.build/release/healthledger import apple-health "$work/export.zip" --vault "$vault" --passphrase-file "$work/passphrase" | sed 's/^/   /'
echo "9. Imported again: nothing new is stored"
.build/release/healthledger import apple-health "$work/export.zip" --vault "$vault" --passphrase-file "$work/passphrase" | sed -n '1s/^/   /p'
echo "10. Audit after the import:"
.build/release/healthledger audit --vault "$vault" --passphrase-file "$work/passphrase" | sed 's/^/   /'
hl() { .build/release/healthledger "$@" --vault "$vault" --passphrase-file "$work/passphrase"; }
echo "11. Questions over the whole history (docs/query.md):"
echo "   query 'mood avg, mood min by week' (last weeks):"
hl query 'mood avg, mood min by week' | tail -4 | sed 's/^/     /'
echo "   correlate sleep.total --with 'mood avg':"
hl correlate sleep.total --with 'mood avg' | sed 's/^/     /'
echo "12. A sealed bundle for a doctor's age key, opened and verified with that key:"
.build/release/healthledger keygen --out "$work/doctor.key" | sed 's/^/   /'
recipient=$(grep -o 'age1[0-9a-z]*' "$work/doctor.key" | head -1)
hl export bundle --out "$work/bundle.age" --recipient "$recipient" | tail -1 | sed 's/^/   /'
# sed reads to the end (printing the first 12 lines): `head` would close the pipe early,
# and under pipefail the writer's SIGPIPE would fail the demo.
.build/release/healthledger open "$work/bundle.age" --identity "$work/doctor.key" | sed -n '1,12s/^/   /p'
echo
echo "Everything is in $work (vault passphrase: demo passphrase)."
