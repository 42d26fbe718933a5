#!/usr/bin/env bash
# A busy server still lets its owner in (issue 21). Three parts, each on its own server with a
# fresh data directory, an owner and a viewer (load by Benchmarks/busy_client.py):
#
#   A. report flood: 40 viewer connections loop GET /items/report on 100,000 items while the
#      owner signs in every 0.5 s (each a 303 within 2 s) and GET /health is timed (≤ 100 ms);
#   B. import: 100,000 CSV rows uploaded, previewed and confirmed, with the same sign-ins and
#      /health timing; the item count checked afterwards;
#   C. pixel flood: 30 connections upload a 10000×10000 PNG to item dialogs in a loop while
#      anonymous GET /sign-in is timed (p99 < 200 ms).
#
# Prints each figure beside its target (PASS/FAIL) and the CPU of the server, the load
# generator and everyone else; exits 1 on any FAIL.
#
#   Benchmarks/busy.sh                    # needs python3
#   PARTS="A C" A_SECONDS=30 Benchmarks/busy.sh
#   ITEMS=20000 FLOOD=40 UPLOADS=30 PIXELS=10000 C_SECONDS=15 SIGN_IN_EVERY=0.5 PROBE_EVERY=0.05
#   LOAD_NICE=0 Benchmarks/busy.sh        # the floods at the server's priority (default nice 10)
#   VERBOSE=1 PARTS=A Benchmarks/busy.sh  # also when each full report ended
set -euo pipefail
cd "$(dirname "$0")/.."
parts=${PARTS:-A B C}
items=${ITEMS:-100000}
export ITEMS=$items
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 1; }

swift build -c release --product homepwner >/dev/null
bin=.build/release/homepwner
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
password="benchmark pass phrase"

# start DIR SEED: a server on its own data directory with an owner and a viewer; sets
# server_pid, server_port and server_seconds (from launch to listening: the seeding, mostly).
# Not run in a subshell, so that the server is this shell's child (cleanup, wait).
start() {
    printf '%s' "$password" | "$bin" users add owner --role owner --password-stdin --data-dir "$1" >/dev/null
    printf '%s' "$password" | "$bin" users add viewer --role viewer --password-stdin --data-dir "$1" >/dev/null
    local began=$EPOCHREALTIME
    "$bin" --port 0 --data-dir "$1" --seed "$2" --quiet >"$1/out" 2>"$1/err" &
    server_pid=$!
    pids+=("$server_pid")
    for _ in $(seq 1 6000); do
        grep -q "listening on" "$1/out" 2>/dev/null && break
        kill -0 "$server_pid" 2>/dev/null || { echo "the server stopped: $(cat "$1/err")" >&2; return 1; }
        sleep 0.1
    done
    grep -q "listening on" "$1/out" || { echo "the server did not start in 10 minutes" >&2; return 1; }
    server_port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$1/out")
    server_seconds=$(awk -v a="$began" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
}
rss() { awk '/VmHWM/ {peak = $2} /VmRSS/ {now = $2} END {printf "RSS %.0f MB, peak %.0f MB", now / 1024, peak / 1024}' "/proc/$1/status"; }

failed=()
for part in $parts; do
    case $part in
        A) seed=$items ;;
        B) seed=0 ;;
        C) seed=100 ;;
        *) echo "unknown part $part (A, B or C)" >&2; exit 2 ;;
    esac
    mkdir "$work/$part"
    start "$work/$part" "$seed"
    pid=$server_pid port=$server_port
    echo
    echo "server for $part: $seed items seeded, listening after $server_seconds s; $(rss "$pid")"
    python3 Benchmarks/busy_client.py "$part" "http://127.0.0.1:$port" "$password" "$pid" "$work" || failed+=("$part")
    echo "server for $part afterwards: $(rss "$pid")"
    # Each part ends with its server: SIGTERM, and it must exit 0 (graceful shutdown).
    kill "$pid"
    status=0
    wait "$pid" || status=$?
    [ "$status" -eq 0 ] || { echo "server for $part exited with $status: $(tail -3 "$work/$part/err")"; failed+=("$part (shutdown)"); }
done
echo
if [ ${#failed[@]} -gt 0 ]; then echo "FAIL: ${failed[*]}"; exit 1; fi
echo "PASS: every target of parts $parts"
