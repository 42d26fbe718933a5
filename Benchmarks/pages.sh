#!/usr/bin/env bash
# Benchmark of the list page (issue 5): `wrk -t1 -c64 -d10s` on GET /items with 100
# items and with 100,000 items (first page), against nginx (worker_processes 2)
# serving a saved copy of the 100-item page. Prints req/s, p50/p99 and peak RSS.
#
#   Benchmarks/pages.sh            # needs wrk and nginx (apt-get install wrk nginx-light)
#   DURATION=5s Benchmarks/pages.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-10s}
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y wrk nginx-light curl)" >&2; exit 1; }
done

swift build -c release --product homepwner >/dev/null
binary=.build/release/homepwner
work=$(mktemp -d)
chmod 755 "$work"   # nginx workers run as an unprivileged user
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Starts homepwner on a free port with `seed` items; sets $port and $pid.
start_homepwner() {
  local name=$1 seed=$2
  mkdir -p "$work/$name"
  "$binary" --port 0 --data-dir "$work/$name" --seed "$seed" --quiet >"$work/$name.out" 2>"$work/$name.err" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 600); do
    if grep -q "listening on" "$work/$name.out" 2>/dev/null; then break; fi
    sleep 0.1
  done
  port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/$name.out")
  [ -n "$port" ] || { echo "homepwner did not start:" >&2; cat "$work/$name.err" >&2; exit 1; }
}

# Runs wrk and prints one line: label, req/s, p50, p99 (and peak RSS when given a pid).
measure() {
  local label=$1 url=$2 rss_pid=${3:-}
  curl -sf -o /dev/null "$url"   # warm up and check
  local out
  out=$(wrk -t1 -c64 -d"$duration" --latency "$url")
  local rps p50 p99 rss="-"
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  if [ -n "$rss_pid" ]; then rss=$(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$rss_pid/status"); fi
  printf "%-34s %12s req/s   p50 %-9s p99 %-9s peak RSS %s\n" "$label" "$rps" "$p50" "$p99" "$rss"
  eval "${4:-_}=$rps"
}

start_homepwner small 100
small_port=$port small_pid=$pid
start_homepwner large 100000
large_port=$port large_pid=$pid

# nginx serving a saved copy of the 100-item page.
mkdir -p "$work/nginx/html" "$work/nginx/logs"
curl -sf "http://127.0.0.1:$small_port/items" -o "$work/nginx/html/items.html"
nginx_port=$((small_port + 1))
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/nginx/html;
    location = /items { default_type "text/html; charset=utf-8"; try_files /items.html =404; }
  }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"
trap 'nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true; cleanup' EXIT

echo "page size: $(wc -c <"$work/nginx/html/items.html") bytes; wrk -t1 -c64 -d$duration"
measure "nginx, saved copy (100 items)" "http://127.0.0.1:$nginx_port/items" "" nginx_rps
measure "homepwner GET /items (100 items)" "http://127.0.0.1:$small_port/items" "$small_pid" small_rps
measure "homepwner GET /items (100,000)" "http://127.0.0.1:$large_port/items" "$large_pid" large_rps
awk -v s="$small_rps" -v n="$nginx_rps" -v l="$large_rps" 'BEGIN {
  printf "ratio to nginx (100 items): %.2f (target >= 0.25)\n", s / n
  printf "100,000 vs 100 items time: %.2fx (target <= 1.5)\n", s / l
}'
