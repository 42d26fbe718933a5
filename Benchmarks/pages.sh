#!/usr/bin/env bash
# Benchmark of the pages (issues 5 and 10): `wrk -t1 -c64 -d10s` on the list (view mode),
# edit mode and an item's detail sheet with 100 items, the list with 100,000 items, and the
# list in sections with 100,000 items in 200 locations and 50 labels (issue 23),
# each beside nginx (worker_processes 2) serving a saved copy of the same bytes. Requests
# carry a browser's CSRF cookie, as a returning browser's do. Prints req/s, p50/p99, peak RSS.
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

# Starts homepwner on a free port with `seed` items (and places, when a third argument says
# --seed-places); sets $port and $pid.
start_homepwner() {
  local name=$1 seed=$2 places=${3:-}
  mkdir -p "$work/$name"
  # An owner account, as on any real install; the pages are read signed in as it.
  printf '%s\n' "$password" | "$binary" users add owner --role owner --password-stdin --data-dir "$work/$name" >/dev/null
  "$binary" --port 0 --data-dir "$work/$name" --seed "$seed" $places --quiet >"$work/$name.out" 2>"$work/$name.err" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 600); do
    if grep -q "listening on" "$work/$name.out" 2>/dev/null; then break; fi
    sleep 0.1
  done
  port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/$name.out")
  [ -n "$port" ] || { echo "homepwner did not start:" >&2; cat "$work/$name.err" >&2; exit 1; }
  sign_in
}

# Signs a member (the owner unless named) in through the form; sets $cookie to the browser's
# cookies (session, CSRF) and $jar to their file.
sign_in() {
  local username=${1:-owner} token
  jar="$work/cookies-$port-$username"
  # Whole pages first: a reader that stops early would fail curl with SIGPIPE under pipefail.
  curl -sf -c "$jar" -o "$work/sign-in.html" "http://127.0.0.1:$port/sign-in"
  token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/sign-in.html" | cut -d'"' -f4)
  curl -sf -o /dev/null -b "$jar" -c "$jar" -H "Origin: http://127.0.0.1:$port" \
    --data-urlencode "_csrf=$token" --data-urlencode "username=$username" --data-urlencode "password=$password" \
    "http://127.0.0.1:$port/sign-in"
  # curl's jar marks HttpOnly cookies with a "#HttpOnly_" prefix; other "#" lines are comments.
  cookie=$(sed 's/^#HttpOnly_//' "$jar" | awk '!/^#/ && NF >= 7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}')
  [[ "$cookie" == *hp_session=* ]] || { echo "signing in to homepwner failed" >&2; exit 1; }
}

# Runs wrk and prints one line: label, req/s, p50, p99 (and peak RSS when given a pid),
# with the cookies in $5 (a signed-in browser's) or none.
measure() {
  local label=$1 url=$2 rss_pid=${3:-} cookie=${5:-none=1}
  curl -sf -o /dev/null -H "Cookie: $cookie" "$url"   # warm up and check
  local out
  out=$(wrk -t1 -c64 -d"$duration" --latency -H "Cookie: $cookie" "$url")
  local rps p50 p99 rss="-"
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  if [ -n "$rss_pid" ]; then rss=$(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$rss_pid/status"); fi
  printf "%-34s %12s req/s   p50 %-9s p99 %-9s peak RSS %s\n" "$label" "$rps" "$p50" "$p99" "$rss"
  eval "${4:-_}=$rps"
}

password="pages benchmark owner $RANDOM$RANDOM"
start_homepwner small 100
small_port=$port small_pid=$pid small_cookie=$cookie
# Issue 26: a second member with settings other than the defaults, on the same store.
printf '%s\n' "$password" | "$binary" users add reader --role editor --password-stdin --data-dir "$work/small" >/dev/null
sign_in reader
curl -sf -o "$work/settings.html" -b "$jar" "http://127.0.0.1:$port/settings"
token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/settings.html" | cut -d'"' -f4)
curl -sf -o /dev/null -b "$jar" -H "Origin: http://127.0.0.1:$port" --data-urlencode "_csrf=$token" \
  -d textSize=200 -d language=zh-Hant -d appearance=dark -d currency=EUR -d group=none "http://127.0.0.1:$port/settings"
settings_cookie=$cookie
curl -sf -H "Cookie: $settings_cookie" "http://127.0.0.1:$port/items" | grep -q 'data-text-scale="2"' \
  || { echo "the reader's settings were not applied" >&2; exit 1; }
start_homepwner large 100000
large_port=$port large_pid=$pid large_cookie=$cookie
# Issue 23: 100,000 items in 200 locations with 50 labels, the list in sections.
start_homepwner places 100000 --seed-places
places_port=$port places_pid=$pid places_cookie=$cookie
cookie=$small_cookie

# nginx serving saved copies of the 100-item pages.
mkdir -p "$work/nginx/html" "$work/nginx/logs"
curl -sf -H "Cookie: $cookie" "http://127.0.0.1:$small_port/items" -o "$work/nginx/html/items.html"
key=$(grep -m1 -o 'data-key="[0-9a-f-]*"' "$work/nginx/html/items.html" | cut -d'"' -f2)
curl -sf -H "Cookie: $cookie" "http://127.0.0.1:$small_port/items?mode=edit" -o "$work/nginx/html/edit.html"
curl -sf -H "Cookie: $cookie" "http://127.0.0.1:$small_port/items/$key" -o "$work/nginx/html/detail.html"
curl -sf -H "Cookie: $places_cookie" "http://127.0.0.1:$places_port/items" -o "$work/nginx/html/sections.html"
grep -q 'item-list--sectioned' "$work/nginx/html/sections.html" || { echo "the places store's list is not in sections" >&2; exit 1; }
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
    default_type "text/html; charset=utf-8";
    location = /items { try_files /items.html =404; }
    location = /edit { try_files /edit.html =404; }
    location = /detail { try_files /detail.html =404; }
    location = /sections { try_files /sections.html =404; }
  }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"
trap 'nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true; cleanup' EXIT

echo "page sizes: list $(wc -c <"$work/nginx/html/items.html"), edit mode $(wc -c <"$work/nginx/html/edit.html"), sheet $(wc -c <"$work/nginx/html/detail.html") bytes; wrk -t1 -c64 -d$duration"
measure "nginx, the list's bytes" "http://127.0.0.1:$nginx_port/items" "" nginx_rps
measure "homepwner GET /items (100 items)" "http://127.0.0.1:$small_port/items" "$small_pid" small_rps "$small_cookie"
measure "nginx, edit mode's bytes" "http://127.0.0.1:$nginx_port/edit" "" nginx_edit_rps
measure "homepwner GET /items?mode=edit" "http://127.0.0.1:$small_port/items?mode=edit" "$small_pid" edit_rps "$small_cookie"
measure "nginx, the sheet's bytes" "http://127.0.0.1:$nginx_port/detail" "" nginx_detail_rps
measure "homepwner GET /items/:key (sheet)" "http://127.0.0.1:$small_port/items/$key" "$small_pid" detail_rps "$small_cookie"
measure "homepwner GET /items (100,000)" "http://127.0.0.1:$large_port/items" "$large_pid" large_rps "$large_cookie"
measure "nginx, the sectioned list's bytes" "http://127.0.0.1:$nginx_port/sections" "" nginx_sections_rps
measure "homepwner GET /items in sections" "http://127.0.0.1:$places_port/items" "$places_pid" sections_rps "$places_cookie"
# Issue 26: the same list read by the member with other settings, against the default, in
# turn for 3 rounds (the machine's noise falls on both alike); the medians' ratio.
default_runs=() settings_runs=()
for round in 1 2 3; do
  measure "  round $round: default settings" "http://127.0.0.1:$small_port/items" "" round_rps "$small_cookie"
  default_runs+=("$round_rps")
  measure "  round $round: non-default" "http://127.0.0.1:$small_port/items" "" round_rps "$settings_cookie"
  settings_runs+=("$round_rps")
done
median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
default_median=$(median "${default_runs[@]}") settings_rps=$(median "${settings_runs[@]}")
awk -v s="$small_rps" -v sd="$default_median" -v st="$settings_rps" -v n="$nginx_rps" -v l="$large_rps" -v e="$edit_rps" -v ne="$nginx_edit_rps" \
    -v d="$detail_rps" -v nd="$nginx_detail_rps" -v sc="$sections_rps" -v nsc="$nginx_sections_rps" 'BEGIN {
  printf "view mode / nginx: %.2f (target >= 0.5)\n", s / n
  printf "non-default settings / default: %.3f (target >= 0.95; medians of 3 rounds in turn)\n", st / sd
  printf "edit mode / nginx: %.2f (target >= 0.25)\n", e / ne
  printf "sheet / nginx:     %.2f\n", d / nd
  printf "100,000 vs 100 items time: %.2fx (target <= 1.5)\n", s / l
  printf "in sections (100,000 items, 200 locations, 50 labels) / nginx: %.2f (target >= 0.5)\n", sc / nsc
}'
