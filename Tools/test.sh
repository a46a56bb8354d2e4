#!/usr/bin/env bash
# Unit and end-to-end tests (the end-to-end tests run the built binary).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
swift build --build-tests
# Before the test runner, so its closing summary stays the last line.
bash Tools/check-exports.sh
swift test --skip-build "$@"
