#!/usr/bin/env bash
# Unit and end-to-end tests (the end-to-end tests run the built binary).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
swift build --build-tests
# Before the test runner, so its closing summary stays the last line; a filtered run
# (arguments for swift test) skips them.
if [ $# -eq 0 ]; then
  bash Tools/check-exports.sh
  bash Tools/check-cohort.sh
  # The dashboard in a real browser (Chromium via Selenium), on the binary just built.
  bash Tools/dashboard-browser-test.sh
fi
if [ $# -eq 0 ]; then
  # The dashboard's tests serve from inside the test process on Swift's shared threads: in a
  # process of their own, so the other targets' blocking end-to-end tests cannot starve them.
  swift test --skip-build --skip DashboardTests
  swift test --skip-build --filter DashboardTests
else
  swift test --skip-build "$@"
fi
