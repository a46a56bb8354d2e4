#!/usr/bin/env bash
# The dashboard in a real browser: Debian's chromium and chromedriver driven by Selenium
# (from PyPI, in a virtualenv made here). Screenshots go to the folder given (default
# .build/dashboard-screenshots). Runs the built .build/debug/healthledger.
set -euo pipefail
cd "$(dirname "$0")/.."
shots="${1:-.build/dashboard-screenshots}"
bash Tools/install-packages.sh
venv=.build/venv-dashboard
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "selenium>=4.20,<5"
fi
[ -x .build/debug/healthledger ] || swift build --product healthledger
"$venv/bin/python" Tools/dashboard_browser_test.py --binary .build/debug/healthledger --screenshots "$shots"
