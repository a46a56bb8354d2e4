#!/usr/bin/env bash
# libFuzzer over the parsers that read untrusted bytes: the record decoder, the Apple Health
# XML reader, the ShareHealth and ECG CSV readers, the zip directory and inflater, and the query parser and the age reader
# when this checkout has their modules.
#
#   Tools/Fuzz/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Builds each module the targets need with `swiftc -sanitize=fuzzer,address` into
# .build/fuzz, seeds each corpus from the test fixtures, runs every target for the given
# time (default 60 s) and prints the executions per target. No input is over 64 kB, so a single
# allocation over 256 MB (-malloc_limit_mb) is a reader believing a size the input claims: it is
# reported as a crash, like a 266-byte zip claiming a 2 GB directory was (issue 40, case 11). A crash stops with the input
# saved as .build/fuzz/TARGET/crash-*; keep it as a regression test, fix, run again.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
work=.build/fuzz
# The Swift runtime's own crash handler would hide the sanitizer's report.
export SWIFT_BACKTRACE=enable=no
lib=$work/lib
mkdir -p "$lib"
extra_libs=
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -I "$lib" -Xcc -D_GNU_SOURCE=1
  -I Sources/CSodium -I Sources/CLMDB -I Sources/CZstd -I Sources/CKeyutils -I Sources/CZip -I Sources/CIsal -I Sources/CMalloc
  -I .build/checkouts/ZIPFoundation/Sources/CZLib)

sources() { find "$@" -name '*.swift' | sort; }

# build_module NAME SOURCES...: a static library and its module, rebuilt when a source changed.
build_module() {
  local name=$1
  shift
  local stamp=$lib/$name.stamp
  if [[ -f $stamp ]] && [[ -z $(find "$@" -newer "$stamp" 2>/dev/null) ]]; then return; fi
  echo "building $name for fuzzing" >&2
  swiftc "${flags[@]}" -module-name "$name" -emit-library -static -emit-module \
    -emit-module-path "$lib/$name.swiftmodule" -o "$lib/lib$name.a" "$@" 2>&1 | grep -v 'ld.gold: warning' >&2 || true
  [[ -f $lib/lib$name.a ]] || { echo "fuzz.sh: building $name failed" >&2; exit 1; }
  touch "$stamp"
}

# build_binary NAME SOURCES...: a fuzz binary; its entry is compiled with the parsers'
# sources into one module so that it reaches their internal types.
build_binary() {
  local name=$1
  shift
  if [[ -x $work/fuzz-$name ]] && [[ -z $(find "$@" "$lib" -newer "$work/fuzz-$name" 2>/dev/null) ]]; then return; fi
  echo "building fuzz binary $name" >&2
  swiftc "${flags[@]}" -module-name "Fuzz$name" -o "$work/fuzz-$name" "$@" \
    -L "$lib" $extra_libs -lZIPFoundation -lLedgerStore -lMigrations -lLedgerCrypto -lLedgerCore -lsodium -lkeyutils -llmdb -lzstd -lz -lisal \
    2>&1 | grep -v 'ld.gold: warning' >&2 || true
  [[ -x $work/fuzz-$name ]] || { echo "fuzz.sh: building $name failed" >&2; exit 1; }
}

seed() { # seed TARGET FILES...
  local corpus=$work/corpus/$1
  shift
  mkdir -p "$corpus"
  for file in "$@"; do cp "$file" "$corpus/$(basename "$(dirname "$file")")-$(basename "$file")"; done
}

build_module LedgerCore $(sources Sources/LedgerCore)
build_module LedgerCrypto $(sources Sources/LedgerCrypto)
build_module Migrations $(sources Migrations)
build_module LedgerStore $(sources Sources/LedgerStore)
build_module ZIPFoundation $(sources .build/checkouts/ZIPFoundation/Sources/ZIPFoundation)
build_binary RecordDecoder Tools/Fuzz/Targets/RecordDecoder.swift
# HealthImport without the Apple Health importer (the targets call its readers); one
# binary for its three readers, the target chosen by FUZZ_TARGET.
build_module Zip $(sources Sources/Zip)
extra_libs="-lZip" build_binary HealthImport Tools/Fuzz/Targets/HealthImportTargets.swift \
  $(sources Sources/HealthImport | grep -v AppleHealthImporter.swift)

# The query parser, when this checkout has the Query module: its syntax files stand alone.
if [[ -d Sources/Query/Syntax ]]; then
  build_binary QueryParser Tools/Fuzz/Targets/QueryParser.swift $(sources Sources/Query/Syntax)
  mkdir -p "$work/corpus/query-parser"
  grep -o "healthledger query '[^']*'" docs/query.md | sed "s/^healthledger query '//; s/'\$//" | nl -ba -w1 -s' ' |
    while read -r number query; do printf '%s' "$query" >"$work/corpus/query-parser/docs-$number"; done
fi

# The age reader, when this checkout has the AgeFormat module, seeded with the age test
# kit's files (each without its test-kit header, which ends at the first blank line).
if [[ -d Sources/AgeFormat ]]; then
  build_module AgeFormat $(sources Sources/AgeFormat)
  extra_libs=-lAgeFormat build_binary AgeReader Tools/Fuzz/Targets/AgeReader.swift
  mkdir -p "$work/corpus/age-reader"
  for vector in Tests/AgeFormatTests/Fixtures/age-testkit/testdata/*; do
    python3 -c 'import sys; data = open(sys.argv[1], "rb").read(); sys.stdout.buffer.write(data[data.index(b"\n\n") + 2:])' \
      "$vector" >"$work/corpus/age-reader/testkit-$(basename "$vector")"
  done
fi

fixtures=Tests/HealthImportTests/Fixtures
mkdir -p "$work/corpus/record-decoder"
FUZZ_SEED_DIR=$work/corpus/record-decoder "$work/fuzz-RecordDecoder" >/dev/null 2>&1
seed apple-health-xml $(find $fixtures/apple-health -name '*.xml' -size -200k) $(find $fixtures/apple-health -name '*.gpx' | head -3)
# Elements nested thousands deep (within -max_len): closed, so a captured element is walked
# whole, and left open, for the scanner and the importer's depth limit.
python3 -c 'import sys; n = 9000; sys.stdout.write("<HealthData><Deep>" + "<a>" * n + "</a>" * n + "</Deep></HealthData>")' \
  >"$work/corpus/apple-health-xml/deep-nesting-closed.xml"
python3 -c 'import sys; sys.stdout.write("<HealthData><Deep>" + "<a x=\"1\">" * 7000)' >"$work/corpus/apple-health-xml/deep-nesting-open.xml"
seed sharehealth-csv $(find $fixtures/sharehealth $fixtures/sharehealth-malformed -name '*.csv')
seed ecg-csv $(find $fixtures/electrocardiograms -name '*.csv')
seed zip-directory $fixtures/zip/zip64.zip $(find $fixtures/apple-health -name '*.zip' -size -64k)

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(record-decoder apple-health-xml sharehealth-csv ecg-csv zip-directory)
  [[ -x $work/fuzz-QueryParser ]] && targets+=(query-parser)
  [[ -x $work/fuzz-AgeReader ]] && targets+=(age-reader)
fi
printf '%-18s %8s %14s %10s %s\n' target seconds executions "corpus" result
for target in "${targets[@]}"; do
  binary=$work/fuzz-HealthImport
  [[ $target == record-decoder ]] && binary=$work/fuzz-RecordDecoder
  [[ $target == query-parser ]] && binary=$work/fuzz-QueryParser
  [[ $target == age-reader ]] && binary=$work/fuzz-AgeReader
  mkdir -p "$work/$target"
  log=$work/$target/fuzz.log
  status=0
  FUZZ_TARGET=$target "$binary" "$work/corpus/$target" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=1024 -malloc_limit_mb=256 \
    -artifact_prefix="$work/$target/" -print_final_stats=1 >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  result=ok
  [[ $status -eq 0 ]] || result="CRASH (see $log and $work/$target/crash-*)"
  printf '%-18s %8s %14s %10s %s\n' "$target" "$seconds" "${runs:-?}" "$(ls "$work/corpus/$target" | wc -l)" "$result"
done
