#!/usr/bin/env bash
# Validates a FHIR R4 JSON Bundle (a bundle's fhir/bundle.json): the `fhir.resources`
# R4 models (PyPI) parse every resource, then Tools/FHIRCheck/check.py applies the rules of
# FHIR R4's vital-signs profile and checks every UCUM unit. Prints one line per problem
# and a summary; exits 1 when there is any. The virtualenv is made once, under .build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${FHIR_CHECK_VENV:-$root/.build/venv-fhir-check}"
mkdir -p "$(dirname "$venv")"
# Tests run this in parallel: one makes the virtualenv while the others wait.
exec 9>"$venv.lock"
flock 9
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import fhir.resources' 2>/dev/null; then
  python3 -m venv "$venv"
  # fhir.resources 6.5.0 is the last release whose default models are R4 (4.0.1); it
  # needs pydantic 1.
  "$venv/bin/pip" install --quiet --disable-pip-version-check "fhir.resources==6.5.0" "pydantic>=1.10,<2" >&2
fi
flock -u 9
exec "$venv/bin/python" "$root/Tools/FHIRCheck/check.py" "$@"
