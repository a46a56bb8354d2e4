#!/usr/bin/env bash
# Unit and end-to-end tests (the end-to-end tests run the built binary).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
swift build --build-tests
# The dashboard in a real browser (Chromium via Selenium), on the binary just built.
[ $# -gt 0 ] || bash Tools/dashboard-browser-test.sh
swift test --skip-build "$@"
