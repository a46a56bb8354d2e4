#!/usr/bin/env bash
# The main job end to end: a vault filled with a generated, realistic history of every
# kind of event, listed and audited; then a generated Apple Health export.zip (with the
# quirks real ones have) imported into the same vault, and audited again.
#   bash Tools/demo.sh [--vault DIR] [--days N] [--seed S] [--export-records N]
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
swift build -c release --product healthledger >&2
swift build -c release --product health-export-gen >&2

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
echo "7. An Apple Health export of $records records (generated: export.zip with routes, ECGs and the quirks of real exports), imported:"
.build/release/health-export-gen --records "$records" --out "$work/export.zip" >/dev/null
printf 'demo passphrase\n' >"$work/passphrase"
chmod 600 "$work/passphrase"
.build/release/healthledger import apple-health "$work/export.zip" --vault "$vault" --passphrase-file "$work/passphrase" | sed 's/^/   /'
echo "8. Imported again: nothing new is stored"
.build/release/healthledger import apple-health "$work/export.zip" --vault "$vault" --passphrase-file "$work/passphrase" | head -1 | sed 's/^/   /'
echo "9. Audit after the import:"
.build/release/healthledger audit --vault "$vault" --passphrase-file "$work/passphrase" | sed 's/^/   /'
