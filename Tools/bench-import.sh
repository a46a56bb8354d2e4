#!/usr/bin/env bash
# The Apple Health import benchmark: `healthledger import apple-health` beside its peer,
# healthkit-to-sqlite (PyPI), on the same generated export.zip, in one run.
#   bash Tools/bench-import.sh [RECORDS ...]   (default 200000 2000000)
# The exports and the peer come from Tools/bench-exports.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tools/install-packages.sh
python3 -m venv --help >/dev/null 2>&1 || bash Tools/install-packages.sh python3-venv
swift build -c release --static-swift-stdlib >&2

source Tools/bench-exports.sh
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200000 2000000)
mkdir -p "$bench/runs"
peer_version=$(install_peer)

# Runs a command; prints "SECONDS PEAK_RSS_KB EXIT_STATUS". wait4 reports the child's own
# peak resident set, which `time` would need another package for. With THREADS_OUT set, it
# also writes the CPU seconds each named thread used there, read from /proc every 50 ms
# (a thread that ends between two looks loses at most that much).
measure() {
  local out=$1 err=$2
  shift 2
  python3 - "$out" "$err" "$@" <<'PY'
import os, subprocess, sys, threading, time
out, err, command = sys.argv[1], sys.argv[2], sys.argv[3:]
threads_out = os.environ.get("THREADS_OUT")
ticks = os.sysconf("SC_CLK_TCK")
cpu_by_thread = {}
started = time.monotonic()
with open(out, "wb") as stdout, open(err, "wb") as stderr:
    child = subprocess.Popen(command, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL)
    ended = threading.Event()
    def sample():
        while not ended.wait(0.05):
            try:
                tids = os.listdir(f"/proc/{child.pid}/task")
            except OSError:
                continue
            for tid in tids:
                try:
                    stat = open(f"/proc/{child.pid}/task/{tid}/stat").read()
                except OSError:
                    continue
                name = stat[stat.index("(") + 1:stat.rindex(")")]
                fields = stat[stat.rindex(")") + 2:].split()
                cpu_by_thread[tid] = (name, (int(fields[11]) + int(fields[12])) / ticks)
    sampler = threading.Thread(target=sample)
    if threads_out:
        sampler.start()
    _, status, usage = os.wait4(child.pid, 0)
    ended.set()
    if threads_out:
        sampler.join()
        totals = {}
        for name, seconds in cpu_by_thread.values():
            totals[name] = totals.get(name, 0) + seconds
        with open(threads_out, "w") as file:
            for name, seconds in sorted(totals.items(), key=lambda item: -item[1]):
                file.write(f"{name} {seconds:.2f}\n")
            file.write(f"total(wait4) {usage.ru_utime + usage.ru_stime:.2f}\n")
print(f"{time.monotonic() - started:.2f} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
PY
}

results=()
for records in "${sizes[@]}"; do
  export_zip=$(generated_export "$records")
  manifest="${export_zip%.zip}.json"
  total=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["total"])' "$manifest")
  run="$bench/runs/$records"
  rm -rf "$run" && mkdir -p "$run"

  echo "peer: healthkit-to-sqlite $peer_version on $records records" >&2
  read -r peer_seconds peer_rss peer_status < <(measure "$run/peer.out" "$run/peer.err" \
    "$bench/venv/bin/healthkit-to-sqlite" "$export_zip" "$run/peer.db" --silent)
  results+=("healthkit-to-sqlite $records $total $peer_seconds $peer_rss $peer_status")

  echo "healthledger import apple-health on $records records" >&2
  printf 'bench passphrase\n' >"$run/passphrase"
  chmod 600 "$run/passphrase"
  .build/release/healthledger init --vault "$run/vault" --passphrase-file "$run/passphrase" --kdf interactive >/dev/null
  read -r own_seconds own_rss own_status < <(THREADS_OUT="$run/threads" measure "$run/healthledger.json" "$run/healthledger.err" \
    .build/release/healthledger import apple-health "$export_zip" --vault "$run/vault" --passphrase-file "$run/passphrase" --json)
  results+=("healthledger $records $total $own_seconds $own_rss $own_status")
done

echo
printf '%-20s %10s %9s %11s %13s  %s\n' tool records seconds records/s "peak RSS MB" note
for index in "${!results[@]}"; do
  read -r tool records total seconds rss status <<<"${results[$index]}"
  note=""
  rate=$(python3 -c "print(f'{$total / max($seconds, 1e-9):,.0f}')")
  if [ "$status" != 0 ]; then
    note="failed (exit $status): see $bench/runs/$records/"
    rate=-
  fi
  printf '%-20s %10s %9s %11s %13s  %s\n' "$tool" "$total" "$seconds" "$rate" "$((rss / 1024))" "$note"
  if [ "$tool" = healthledger ]; then
    read -r _ _ _ peer_seconds _ peer_status <<<"${results[$((index - 1))]}"
    if [ "$status" = 0 ] && [ "$peer_status" = 0 ]; then
      python3 -c "print(f'  healthledger / healthkit-to-sqlite rate: {$peer_seconds / $seconds:.2f}x')"
    fi
    # Where the time went: the stages run on their own threads, on as many cores as there are.
    threads="$bench/runs/$records/threads"
    [ ! -s "$threads" ] || echo "  CPU seconds by thread: $(paste -sd ' ' "$threads")"
  fi
done
