#!/usr/bin/env bash
# Soak benchmark (not a test; issue 9): 64 virtual users, each a keep-alive connection,
# doing the realistic mix (90 % list / edit mode / detail / photos, 10 % Add→Done,
# edit→Done, move, delete) against a release build of homepwner on a fresh data
# directory with 100 seeded items. Prints requests/s, p50/p99, errors, 5xx, expected
# conflicts and the server's RSS every 10 s, then PASS/FAIL per target:
# 0 errors, 0 5xx, RSS flat (last minute within 10 % of the second), p99 < 50 ms.
#
# Usage: Benchmarks/soak.sh [minutes, default 10]
#        CONNECTIONS=64 PHOTOS=12 Benchmarks/soak.sh 1
# Exit status: that of SoakBenchmark (1 when a target failed), or 1 when the server
# did not stop cleanly on SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."

minutes="${1:-10}"
[[ "$minutes" =~ ^[0-9]+$ && "$minutes" -ge 1 ]] || { echo "usage: Benchmarks/soak.sh [minutes]" >&2; exit 2; }

echo "== building release"
# One product per invocation: `swift build` keeps only the last --product it is given.
swift build -c release --product homepwner 2>&1 | tail -1
swift build -c release --product SoakBenchmark 2>&1 | tail -1
bin="$(swift build -c release --show-bin-path)"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# A fresh server on a free port (--port 0; the port is read back from its first line),
# with an owner account the virtual users sign in as, as on any real install.
export SOAK_PASSWORD="soak benchmark owner $RANDOM$RANDOM"
printf '%s\n' "$SOAK_PASSWORD" | "$bin/homepwner" users add owner --role owner --password-stdin --data-dir "$work/data" >/dev/null
"$bin/homepwner" --port 0 --data-dir "$work/data" --seed 100 --quiet >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
for _ in $(seq 1 300); do
  grep -q "listening on" "$work/server.out" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
port="$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/server.out")"
[[ -n "$port" ]] || { echo "homepwner did not start:" >&2; cat "$work/server.err" >&2; exit 1; }
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/health" -o /dev/null && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/health" -o /dev/null || { echo "homepwner does not answer /health" >&2; exit 1; }
echo "== homepwner pid $server_pid on port $port, data in $work/data"

status=0
"$bin/SoakBenchmark" --port "$port" --pid "$server_pid" --minutes "$minutes" \
  --connections "${CONNECTIONS:-64}" --photos "${PHOTOS:-12}" || status=$?

# Graceful shutdown must still work after the soak: SIGTERM → exit status 0.
kill -TERM "$server_pid"
server_status=0
wait "$server_pid" || server_status=$?
server_pid=""
if [[ "$server_status" -ne 0 ]]; then
  echo "FAIL  homepwner exited with status $server_status after SIGTERM" >&2
  [[ -s "$work/server.err" ]] && tail -20 "$work/server.err" >&2
  exit 1
fi
echo "homepwner stopped on SIGTERM with status 0"
if [[ -s "$work/server.err" ]]; then
  echo "homepwner's stderr (last 20 lines):"
  tail -20 "$work/server.err"
fi
exit "$status"
