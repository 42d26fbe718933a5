#!/usr/bin/env bash
# HTTP benchmark (not a test): wrk -t1 -c64 against a release build of homepwner (/health
# and a ~20 KB static file) and against nginx serving the same file with worker_processes 2,
# in turn for ROUNDS rounds (default 3). Prints req/s, p50/p99 latency, the medians, the
# static-file ratio against its target (>= 0.90) and our peak RSS.
#
# Needs: wrk and nginx (Debian: apt-get install -y wrk nginx-light). Installs nothing.
# Usage: Benchmarks/http.sh [duration of each run, default 10s]     ROUNDS=5 Benchmarks/http.sh 5s
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-10s}"
file_path="/bench/sample-20k.txt"
for tool in wrk nginx; do
  command -v "$tool" >/dev/null || { echo "error: $tool is missing (apt-get install -y wrk nginx-light)" >&2; exit 1; }
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
work="$(mktemp -d)"
server_pid=""; nginx_pid=""
cleanup() {
  [[ -n "$server_pid" ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  [[ -n "$nginx_pid" ]] && kill -TERM "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== building release"
swift build -c release --product homepwner 2>&1 | tail -1
binary="$(swift build -c release --show-bin-path)/homepwner"

# Our server, quiet (nginx runs with access_log off too).
port="$(free_port)"
"$binary" --port "$port" --quiet --data-dir "$work/data" --public-dir Public >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
for _ in $(seq 100); do grep -q "listening" "$work/server.out" 2>/dev/null && break; sleep 0.05; done
grep -q "listening" "$work/server.out" || { cat "$work/server.err" >&2; exit 1; }

# nginx on the same file.
nginx_port="$(free_port)"
mkdir -p "$work/nginx"
sed -e "s|@PORT@|$nginx_port|" -e "s|@PREFIX@|$work/nginx|" -e "s|@ROOT@|$PWD/Public|" \
  Benchmarks/http-nginx.conf >"$work/nginx/nginx.conf"
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
nginx_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$nginx_port$file_path" -o /dev/null 2>/dev/null && break; sleep 0.05; done

size=$(curl -sf "http://127.0.0.1:$port$file_path" | wc -c)
[[ "$size" -eq $(curl -sf "http://127.0.0.1:$nginx_port$file_path" | wc -c) ]] || { echo "error: the two servers disagree on the file" >&2; exit 1; }

# One wrk run; prints its req/s, p50 and p99 and keeps the req/s for the medians.
run() { # name url
  local out
  out="$(wrk -t1 -c64 -d"$duration" --latency "$2")"
  local rps p50 p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  if grep -q "Non-2xx\|Socket errors" <<<"$out"; then grep "Non-2xx\|Socket errors" <<<"$out" | sed "s/^/  $1: /"; fi
  printf '  %-26s %12s req/s   p50 %-9s p99 %s\n' "$1" "$rps" "$p50" "$p99"
  echo "$rps" >>"$work/rps-$(tr ' /' '__' <<<"$1")"
}
median() { sort -g "$work/rps-$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The machine's load drifts over seconds (two cores shared with wrk itself): the three are
# measured in turn, round after round, and compared by their medians.
rounds="${ROUNDS:-3}"
echo "== wrk -t1 -c64 -d$duration --latency, $rounds rounds in turn   (file: Public$file_path, $size bytes)"
for round in $(seq "$rounds"); do
  echo "round $round"
  run "homepwner /health" "http://127.0.0.1:$port/health"
  run "homepwner static file" "http://127.0.0.1:$port$file_path"
  run "nginx static file" "http://127.0.0.1:$nginx_port$file_path"
done

ours=$(median homepwner_static_file); theirs=$(median nginx_static_file)
echo "medians: homepwner /health $(median homepwner__health) req/s, static file $ours req/s, nginx $theirs req/s"
python3 -c "r = float('$ours') / float('$theirs'); print(f'static-file ratio homepwner/nginx (medians): {r:.2f} (target >= 0.90) ' + ('PASS' if r >= 0.9 else 'FAIL'))"
# Peak RSS, and what of it is the server's own memory: the rest is shared code and ICU's data,
# mapped from files and shared with every other Swift process.
awk '/VmHWM/ {printf "homepwner peak RSS: %.1f MB", $2/1024} /RssAnon/ {printf " (now: %.1f MB anonymous", $2/1024} /RssFile/ {printf ", %.1f MB mapped files)\n", $2/1024}' "/proc/$server_pid/status"
