#!/usr/bin/env bash
# The main job end to end: a vault filled with a generated, realistic history of every
# kind of event, then listed and audited. Pass --vault DIR to keep it somewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
swift build -c release --product healthledger >&2
exec .build/release/healthledger demo "$@"
