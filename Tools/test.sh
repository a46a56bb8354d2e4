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
# A failing run names its failures again at its end, where the tail of a CI log shows them,
# then its summary line again.
run_tests() {
  local log status
  log=$(mktemp)
  set +e
  swift test --skip-build "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  if [ "$status" -ne 0 ]; then
    echo "Failures in this run (swift test $*):"
    grep -E '✘|error:|Fatal error|Exited with' "$log" | grep -v 'Test run with' | cut -c1-400 | head -80
    grep -E 'Test run with' "$log" | tail -1
  fi
  rm -f "$log"
  return "$status"
}
if [ $# -eq 0 ]; then
  # The dashboard's tests serve from inside the test process on Swift's shared threads: in a
  # process of their own, so the other targets' blocking end-to-end tests cannot starve them.
  run_tests --skip DashboardTests
  run_tests --filter DashboardTests
else
  run_tests "$@"
fi
