#!/usr/bin/env bash
# Benchmark of live updates (issue 25 point 4), on a release build with a fresh data directory
# of 100 items, signed in as an owner the script creates:
#   1. 5,000 idle `GET /events` streams (Benchmarks/events_client.py hold: each from its own
#      127.1.x.y source address, 10 per address, so the real per-address caps stay on): the
#      server's RSS growth (target < 50 MB), and `GET /items` (wrk -t1 -c64, signed in)
#      before, while and after they are held (target: no more than 10 % slower).
#   2. write → event latency: 1,000 `PUT /items/{key}.json` one after another, each timed
#      until an open stream delivers its event (p50/p99, target p99 < 250 ms); once with
#      only that stream open, once beside the 5,000.
#
#   Benchmarks/events.sh               # needs wrk, curl, python3 (apt-get install -y wrk curl)
#   STREAMS=2000 WRITES=200 DURATION=5s Benchmarks/events.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10s}
streams=${STREAMS:-5000}
writes=${WRITES:-1000}
for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y wrk curl python3)" >&2; exit 1; }
done
# Every stream is a descriptor on both sides; the server raises its own soft limit to the
# hard one, the client needs it raised here.
ulimit -n "$(ulimit -Hn)"
[ "$(ulimit -n)" -ge $((streams + 512)) ] || { echo "the open-file limit $(ulimit -n) is under $((streams + 512)): raise its hard limit" >&2; exit 1; }

swift build -c release --product homepwner >/dev/null
binary=.build/release/homepwner
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

password="events benchmark owner $RANDOM$RANDOM"
printf '%s\n' "$password" | "$binary" users add owner --role owner --password-stdin --data-dir "$work/data" >/dev/null
token=$("$binary" tokens add benchmark --user owner --data-dir "$work/data" | grep -o '[A-Za-z0-9_-]\{20,\}' | tail -1)
"$binary" --port 0 --data-dir "$work/data" --seed 100 --quiet >"$work/server.out" 2>"$work/server.err" &
server=$!
pids+=("$server")
for _ in $(seq 1 600); do grep -q "listening on" "$work/server.out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/server.out")
[ -n "$port" ] || { echo "homepwner did not start:" >&2; cat "$work/server.err" >&2; exit 1; }

# Signs the owner in through the form; $cookie gets the browser's cookies (session, CSRF).
jar="$work/cookies"
curl -sf -c "$jar" -o "$work/sign-in.html" "http://127.0.0.1:$port/sign-in"
csrf=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/sign-in.html" | cut -d'"' -f4)
curl -sf -o /dev/null -b "$jar" -c "$jar" -H "Origin: http://127.0.0.1:$port" \
  --data-urlencode "_csrf=$csrf" --data-urlencode "username=owner" --data-urlencode "password=$password" \
  "http://127.0.0.1:$port/sign-in"
cookie=$(sed 's/^#HttpOnly_//' "$jar" | awk '!/^#/ && NF >= 7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}')
[[ "$cookie" == *hp_session=* ]] || { echo "signing in failed" >&2; exit 1; }
[ -n "$token" ] || { echo "no API token" >&2; exit 1; }

rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }   # KiB
# wrk on the signed-in list; prints a line and sets the variable named $2 to its req/s.
measure() {
  local out rps p50 p99
  out=$(wrk -t1 -c64 -d"$duration" --latency -H "Cookie: $cookie" "http://127.0.0.1:$port/items")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  grep -h "Non-2xx\|Socket errors" <<<"$out" | sed "s/^/  /" || true
  printf "  %-36s %10s req/s   p50 %-9s p99 %s\n" "$1" "$rps" "$p50" "$p99"
  eval "$2=$rps"
}

# Holds $streams streams in the background; returns when they are all open.
hold_streams() {
  rm -f "$work/ready"
  python3 Benchmarks/events_client.py hold "$port" "$cookie" "$streams" "$work/ready" &
  holder=$!
  pids+=("$holder")
  for _ in $(seq 1 1200); do
    [ -s "$work/ready" ] && break
    kill -0 "$holder" 2>/dev/null || { echo "the stream client failed" >&2; exit 1; }
    sleep 0.1
  done
  read -r _ opened took <"$work/ready"
  echo "  $opened streams open in $took s"
}
release_streams() {
  kill -TERM "$holder"; wait "$holder" 2>/dev/null || true
  grep "lost" "$work/ready" | sed 's/^/  streams closed by the server while held: /'
}

echo "== 1. $streams idle event streams (GET /items with 100 items: wrk -t1 -c64 -d$duration, signed in)"
curl -sf -o /dev/null -H "Cookie: $cookie" "http://127.0.0.1:$port/items"
wrk -t1 -c64 -d3s -H "Cookie: $cookie" "http://127.0.0.1:$port/items" >/dev/null   # warm up
measure "GET /items, no streams" before
sleep 1
rss_before=$(rss)
hold_streams
sleep 2
rss_held=$(rss)
measure "GET /items, $streams streams held" during
rss_after_wrk=$(rss)
release_streams
sleep 1
measure "GET /items, streams closed again" after
awk -v b="$rss_before" -v h="$rss_held" -v w="$rss_after_wrk" -v n="$streams" 'BEGIN {
  g = (h - b) / 1024
  printf "  server RSS: %.1f MB before, %.1f MB with the streams (%.1f MB after wrk): %+.1f MB, %.1f KB a stream: target < 50 MB %s\n",
    b / 1024, h / 1024, w / 1024, g, (h - b) / n, (g < 50 ? "PASS" : "FAIL")
}'
awk -v b="$before" -v d="$during" -v a="$after" 'BEGIN {
  base = (b + a) / 2; slower = (1 - d / base) * 100
  printf "  GET /items with the streams: %.0f req/s against %.0f without (mean of before and after): %.1f %% slower: target <= 10 %% %s\n",
    d, base, slower, (slower <= 10 ? "PASS" : "FAIL")
}'

echo "== 2. write -> event latency: $writes PUT /items/{key}.json, one after another"
echo " a. one stream open"
python3 Benchmarks/events_client.py latency "$port" "$cookie" "$token" "$writes"
echo " b. beside $streams idle streams (every write is sent to all of them)"
hold_streams
python3 Benchmarks/events_client.py latency "$port" "$cookie" "$token" "$writes"
release_streams
echo "server peak RSS: $(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$server/status")"
