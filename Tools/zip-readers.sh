#!/usr/bin/env bash
# Opens and tests a zip with five common readers — Python's zipfile (testzip), Info-ZIP
# unzip -t, libarchive's bsdtar -tf, 7-Zip's 7z t and Java's java.util.zip.ZipFile — and
# prints one line per reader: "ok READER VERSION" or "FAILED READER VERSION: output".
# Exits 1 when any reader fails. Tools/install-packages.sh installs them.
set -uo pipefail
zip="$1"
root="$(cd "$(dirname "$0")/.." && pwd)"
classes="$root/.build/zip-readers"
failed=0
report() { # name, version, status, output
  if [ "$3" -eq 0 ]; then echo "ok $1 $2"; else echo "FAILED $1 $2: $(echo "$4" | tail -5 | tr '\n' ' ')"; failed=1; fi
}

out=$(python3 - "$zip" 2>&1 <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    bad = archive.testzip()
    if bad is not None:
        sys.exit(f"{bad} fails its CRC-32")
    print(len(archive.namelist()), "entries")
PY
); status=$?
report python-zipfile "$(python3 -c 'import sys; print(sys.version.split()[0])')" $status "$out"

out=$(unzip -t "$zip" 2>&1); status=$?
grep -q "No errors detected" <<<"$out" || status=1
report unzip "$(unzip -v | head -1 | awk '{print $2}')" $status "$out"

out=$(bsdtar -tf "$zip" 2>&1); status=$?
# libarchive falls back to reading local headers front to back when it cannot find the
# central directory (it looks in the last 16 KiB); only the central directory holds the
# bundles' 0600 modes, so a listing without them was not read through it.
if [ $status -eq 0 ] && ! bsdtar -tvf "$zip" 2>/dev/null | head -1 | grep -q '^-rw------- '; then
  status=1; out="central directory not found: listed by streaming only"
fi
report bsdtar "$(bsdtar --version | awk '{print $2}')" $status "$out"

out=$(7z t "$zip" 2>&1); status=$?
grep -q "Everything is Ok" <<<"$out" || status=1
grep -qiE "warning|error" <<<"$(grep -v 'Errors: 0' <<<"$out")" && status=1
report 7z "$(7z i 2>/dev/null | grep -m1 -o '7-Zip[^:]*' | awk '{print $NF}')" $status "$out"

mkdir -p "$classes"
if [ ! -f "$classes/ZipFileCheck.class" ] || [ "$root/Tools/ZipReaders/ZipFileCheck.java" -nt "$classes/ZipFileCheck.class" ]; then
  javac -d "$classes" "$root/Tools/ZipReaders/ZipFileCheck.java"
fi
out=$(java -cp "$classes" ZipFileCheck "$zip" 2>&1); status=$?
report java.util.zip "$(java -version 2>&1 | head -1 | awk -F'"' '{print $2}')" $status "$out"
exit $failed
