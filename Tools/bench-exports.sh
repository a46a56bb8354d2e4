# Generated Apple Health exports, the peer importer and a timer, for the benchmarks that
# run on them (bench-import.sh, bench-export.sh, bench-bundle.sh, bench-cohort.sh): sourced, not run, from the
# repository's root after a release build of health-export-gen.
# Exports are generated once per size, seed and generator version and kept in .build-bench/.
# They are written with --no-quirks: the peer parses with Python's expat, which stops at
# the iOS 16 DTD and the control characters of real exports, and both tools must read the
# same file. BENCH_SEED picks another seed.

bench=.build-bench
seed=${BENCH_SEED:-1}
# The generator's sources name its version: a changed generator writes a new export.
generator=$(cat Tools/ExportGen/*.swift Tools/ExportGen/*/*.swift | sha1sum | cut -c1-10)

# Prints the path of the export.zip of $1 records, with its manifest beside it (.json).
generated_export() {
  local records=$1
  local export_zip="$bench/exports/export-$records-seed$seed-$generator.zip"
  local manifest="${export_zip%.zip}.json"
  mkdir -p "$bench/exports"
  if [ ! -f "$export_zip" ] || [ ! -f "$manifest" ]; then
    .build/release/health-export-gen --records "$records" --seed "$seed" --no-quirks \
      --out "$export_zip.partial" --manifest "$manifest" >&2
    mv "$export_zip.partial" "$export_zip"
  fi
  echo "$export_zip"
}

# Installs the peer, healthkit-to-sqlite (PyPI), into $bench/venv once; prints its version.
install_peer() {
  if [ ! -x "$bench/venv/bin/healthkit-to-sqlite" ]; then
    echo "installing the peer, healthkit-to-sqlite, into $bench/venv" >&2
    python3 -m venv "$bench/venv"
    "$bench/venv/bin/pip" install --quiet healthkit-to-sqlite >&2
  fi
  "$bench/venv/bin/pip" show healthkit-to-sqlite | sed -n 's/^Version: //p'
}

# Runs a command; prints "SECONDS CPU_SECONDS PEAK_RSS_KB" (wait4's figures for the child alone).
measure() {
  local out=$1
  shift
  python3 - "$out" "$@" <<'PY'
import os, subprocess, sys, time
started = time.monotonic()
with open(sys.argv[1], "wb") as out:
    child = subprocess.Popen(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit(f"{sys.argv[2:]} failed")
print(f"{time.monotonic() - started:.2f} {usage.ru_utime + usage.ru_stime:.2f} {usage.ru_maxrss}")
PY
}
