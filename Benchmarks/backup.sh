#!/usr/bin/env bash
# One-file backup and restore of a ~1 GB store (issue 13): `homepwner backup` with no server,
# again beside a running server, then `homepwner restore` into an empty data directory;
# wall time and peak RSS of each (GNU time), which must stay flat whatever the store's size.
#
#   Benchmarks/backup.sh                 # needs /usr/bin/time; ~3.5 GB free under $TMPDIR
#   MEGABYTES=256 Benchmarks/backup.sh   # a smaller store
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes=${MEGABYTES:-1024}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install -y time)" >&2; exit 1; }

swift build -c release --product homepwner >/dev/null
swift build -c release --product BackupSeedBenchmark >/dev/null
bin=.build/release/homepwner
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# measure LABEL COMMAND…: runs it under GNU time; prints its output, wall time and peak RSS.
measure() {
    local label=$1; shift
    /usr/bin/time -v -o "$work/time" "$@" >"$work/out"
    local wall rss
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time")
    rss=$(awk '/Maximum resident set size/ {printf "%.1f MB", $6 / 1024}' "$work/time")
    printf '%-26s %10s   peak RSS %s\n' "$label" "$wall" "$rss"
    sed 's/^/    /' "$work/out"
}

mkdir "$work/data" "$work/restored"
.build/release/BackupSeedBenchmark "$work/data" --megabytes "$megabytes"
measure "backup (no server)" "$bin" backup "$work/idle.sqlite" --data-dir "$work/data"

"$bin" --port 0 --quiet --data-dir "$work/data" >"$work/server.out" 2>&1 &
server=$!
for _ in $(seq 1 600); do grep -q "listening on" "$work/server.out" 2>/dev/null && break; sleep 0.1; done
measure "backup (server running)" "$bin" backup "$work/live.sqlite" --data-dir "$work/data"
kill "$server"; wait "$server" || true; server=""

rm "$work/live.sqlite"
measure "restore (empty data dir)" "$bin" restore "$work/idle.sqlite" --data-dir "$work/restored"
cmp -s <(du -b "$work/idle.sqlite" | cut -f1) <(du -b "$work/restored/homepwner.sqlite" | cut -f1) \
    && echo "restored file: same size as the backup" || echo "restored file: $(du -b "$work/restored/homepwner.sqlite" | cut -f1) bytes"
