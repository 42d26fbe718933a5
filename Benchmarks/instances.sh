#!/usr/bin/env bash
# Several instances on PostgreSQL (not a test; issue 25, "Speed"): release builds of homepwner
# on a database of their own (the cluster named by HOMEPWNER_TEST_DATABASE, or a throw-away one
# from .ci/postgres.sh, stopped afterwards), 100 seeded items, an owner the script creates, and
# nginx in front with the README's "Several instances" block (plain HTTP here: its listen line
# filled in, nothing else changed). Measures and prints:
#   1. GET /items signed in, wrk -t1 -c64 for DURATION (15s): a SQLite instance (reference),
#      one PostgreSQL instance directly, one behind nginx, two behind nginx (round-robin),
#      in turn for ROUNDS (3) rounds: req/s, p50, p99, and the medians. Targets: two >= 0.9 x
#      one behind nginx, p99 < 20 ms.
#   2. A write on A (PUT /items/{key}.json with a token), then GET /items on B until it shows
#      the change, WRITES_PAGE (300) times: p50/p99 from A's response (target 50 ms) and
#      B's request latency (Benchmarks/instances_client.py).
#   3. A write on A, an open /events stream on B: time to the event, WRITES_EVENTS (1,000)
#      times, p50/p99 (target p99 < 250 ms) (Benchmarks/events_client.py latency).
#   4. The soak (Benchmarks/Soak: 64 users, the realistic mix) through nginx on both
#      instances for SOAK_MINUTES (10): 0 errors, 0 5xx, p99; RSS of A and B every minute.
# Everything (wrk, nginx, PostgreSQL, the instances, the clients) shares the machine's cores:
# on a 2-core machine the figures measure contention as much as the servers.
#
#   Benchmarks/instances.sh                 # needs wrk, nginx, python3, PostgreSQL 15
#   SOAK_MINUTES=3 DURATION=15s Benchmarks/instances.sh
#   PARTS="1 3" Benchmarks/instances.sh     # only those parts
#   NGINX_WORKERS=2 PARTS=1 Benchmarks/instances.sh   # nginx's worker_processes (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
source Tests/Proxy/postgres-common.sh

duration=${DURATION:-15s}
rounds=${ROUNDS:-3}
writes_page=${WRITES_PAGE:-300}
writes_events=${WRITES_EVENTS:-1000}
soak_minutes=${SOAK_MINUTES:-10}
parts=${PARTS:-1 2 3 4}
for tool in wrk nginx python3 curl; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y wrk nginx-light curl python3)" >&2; exit 1; }
done

echo "== building release"
# One product per invocation: `swift build` keeps only the last --product it is given.
swift build -c release --product homepwner 2>&1 | tail -1
swift build -c release --product SoakBenchmark 2>&1 | tail -1
release="$(swift build -c release --show-bin-path)"
bin="$release/homepwner"
work=$(mktemp -d)
chmod 755 "$work"   # nginx workers may run as an unprivileged user
sqlite_pid=""
stop_sqlite() { [ -n "$sqlite_pid" ] && { kill "$sqlite_pid" 2>/dev/null; wait "$sqlite_pid" 2>/dev/null; sqlite_pid=""; } || true; }
trap 'stop_sqlite; cleanup' EXIT

create_test_database instances
password="instances benchmark owner $RANDOM$RANDOM"
printf '%s\n' "$password" | HOMEPWNER_DATABASE="$database" "$bin" users add owner --role owner \
  --password-stdin --data-dir "$work/cli" >/dev/null
token=$(HOMEPWNER_DATABASE="$database" "$bin" tokens add benchmark --user owner --data-dir "$work/cli" \
  | grep -o '[A-Za-z0-9_-]\{20,\}' | tail -1)
[ -n "$token" ] || fail "no API token"
# A seeds the 100 items (the store is empty), B starts once they are there. nginx passes the
# browser's Host on: each instance must know nginx's two addresses (or it answers 421).
one=$(free_port) two=$(free_port)
proxied=(--trusted-proxy 127.0.0.1 --public-host "127.0.0.1:$one" --public-host "127.0.0.1:$two")
start_instance A "$database" --seed 100 --quiet "${proxied[@]}"
start_instance B "$database" --quiet "${proxied[@]}"
pid_a=${pids[0]} pid_b=${pids[1]}

# nginx: the README's block as it is, on `two` (A and B), and a copy of it with only A, its
# upstream renamed, on `one`.
readme=$(readme_nginx_block "## Several instances")
listen_line='# listen, server_name, ssl_certificate, ssl_certificate_key and client_max_body_size as above'
block=$readme
replace_line 'server 127.0.0.1:8080;' "server 127.0.0.1:${ports[A]};"
replace_line 'server 127.0.0.1:8081;' "# one instance only"
replace_line "$listen_line" "listen 127.0.0.1:$one; server_name localhost; client_max_body_size 12m;"
one_block=$(sed -e 's/^upstream homepwner {/upstream homepwner_one {/' \
  -e 's|proxy_pass http://homepwner;|proxy_pass http://homepwner_one;|' <<<"$block")
block=$readme
replace_line 'server 127.0.0.1:8080;' "server 127.0.0.1:${ports[A]};"
replace_line 'server 127.0.0.1:8081;' "server 127.0.0.1:${ports[B]};"
replace_line "$listen_line" "listen 127.0.0.1:$two; server_name localhost; client_max_body_size 12m;"
block="$one_block"$'\n'"$block"
start_nginx ""
# postgres-common.sh's nginx has one worker; NGINX_WORKERS=2 (or auto) shows what that costs.
if [ -n "${NGINX_WORKERS:-}" ]; then
  sed -i "s/^worker_processes 1;/worker_processes $NGINX_WORKERS;/" "$work/nginx/nginx.conf"
  nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s reload 2>>"$work/nginx/logs/error.log"
  sleep 1
fi
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$two/health" && break; sleep 0.1; done

# Signs the owner in through the form on PORT; prints the Cookie header's value.
sign_in() {
  local jar="$work/cookies-$1" csrf
  curl -sf -c "$jar" -o "$work/sign-in.html" "http://127.0.0.1:$1/sign-in"
  csrf=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/sign-in.html" | cut -d'"' -f4)
  curl -sf -o /dev/null -b "$jar" -c "$jar" -H "Origin: http://127.0.0.1:$1" \
    --data-urlencode "_csrf=$csrf" --data-urlencode "username=owner" --data-urlencode "password=$password" \
    "http://127.0.0.1:$1/sign-in"
  sed 's/^#HttpOnly_//' "$jar" | awk '!/^#/ && NF >= 7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}'
}
cookie=$(sign_in "${ports[A]}")
[[ "$cookie" == *hp_session=* ]] || fail "signing in on A failed"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "http://127.0.0.1:${ports[B]}/items")" = 200 ] \
  || fail "A's session is not signed in on B"

rss() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }   # MB
# wrk on the signed-in list at URL, as NAME (a 3 s warm-up first).
measure() {
  local out rps p50 p99
  wrk -t1 -c64 -d3s -H "Cookie: $cookie" "$2" >/dev/null
  out=$(wrk -t1 -c64 -d"$duration" --latency -H "Cookie: $cookie" "$2")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  # A page that is not 200 (a 421 for a wrong Host, a 503) is fast and would flatter the figure.
  grep -h "Non-2xx\|Socket errors" <<<"$out" | sed "s/^/  $1: /" || true
  printf "  %-36s %10s req/s   p50 %-9s p99 %s\n" "$1" "$rps" "$p50" "$p99"
  echo "$rps $(in_ms "$p99")" >>"$work/wrk-$3"
}
in_ms() { awk '{ v = $1 + 0; if ($1 ~ /us$/) v /= 1000; else if ($1 ~ /[^m]s$/) v *= 1000; print v }' <<<"$1"; }
# The medians of a configuration's req/s and of its p99s (each taken on its own).
median_of() {
  local rps p99
  rps=$(cut -d' ' -f1 "$work/wrk-$1" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  p99=$(cut -d' ' -f2 "$work/wrk-$1" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
  echo "$rps $p99"
}

echo "== A (pid $pid_a) on :${ports[A]}, B (pid $pid_b) on :${ports[B]}, nginx :$one (A) and :$two (A+B); $(nproc) cores shared with wrk, nginx, PostgreSQL and the clients"

if [[ " $parts " == *" 1 "* ]]; then
  echo "== 1. GET /items, 100 items, signed in: wrk -t1 -c64 -d$duration (each after 3 s of warm-up), $rounds rounds"
  printf '%s\n' "$password" | "$bin" users add owner --role owner --password-stdin --data-dir "$work/sqlite" >/dev/null
  "$bin" --port 0 --data-dir "$work/sqlite" --seed 100 --quiet >"$work/sqlite.out" 2>"$work/sqlite.err" &
  sqlite_pid=$!
  for _ in $(seq 300); do grep -q "listening on" "$work/sqlite.out" 2>/dev/null && break; sleep 0.1; done
  sqlite_port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/sqlite.out")
  [ -n "$sqlite_port" ] || fail "the SQLite instance did not start"
  sqlite_cookie=$(sign_in "$sqlite_port")
  cookie_pg=$cookie
  # The machine's load drifts (others' tests, wrk itself): the four are measured in turn,
  # round after round, and compared by their medians.
  for round in $(seq "$rounds"); do
    echo " round $round"
    cookie=$sqlite_cookie
    measure "one instance, SQLite (reference)" "http://127.0.0.1:$sqlite_port/items" sqlite
    cookie=$cookie_pg
    measure "one instance on PostgreSQL, direct" "http://127.0.0.1:${ports[A]}/items" direct
    measure "one instance behind nginx" "http://127.0.0.1:$one/items" one
    measure "two instances behind nginx" "http://127.0.0.1:$two/items" two
  done
  stop_sqlite
  echo " medians of $rounds rounds:"
  for config in sqlite direct one two; do
    median_of "$config" >"$work/median-$config"
    read -r rps p99 <"$work/median-$config"
    printf "  %-36s %10.0f req/s   p99 %.2f ms\n" "$config" "$rps" "$p99"
  done
  read -r one_rps _ <"$work/median-one"
  read -r two_rps two_p99 <"$work/median-two"
  awk -v a="$one_rps" -v b="$two_rps" -v p="$two_p99" 'BEGIN {
    r = b / a
    printf "  two / one behind nginx: %.2f (target >= 0.9) %s; p99 with two %.2f ms (target < 20 ms) %s\n",
      r, (r >= 0.9 ? "PASS" : "FAIL"), p, (p < 20 ? "PASS" : "FAIL") }'
fi

if [[ " $parts " == *" 2 "* ]]; then
  echo "== 2. a write on A, then GET /items on B: $writes_page writes, one after another"
  (cd Benchmarks && python3 instances_client.py next-page "${ports[A]}" "${ports[B]}" "$cookie" "$token" "$writes_page")
fi

if [[ " $parts " == *" 3 "* ]]; then
  echo "== 3. a write on A, an open /events stream on B: $writes_events writes, one after another"
  python3 Benchmarks/events_client.py latency "${ports[A]}" "$cookie" "$token" "$writes_events" "${ports[B]}"
fi

if [[ " $parts " == *" 4 "* ]]; then
  echo "== 4. soak through nginx on A and B: 64 users, $soak_minutes min (RSS: the client follows A; both every minute here)"
  export SOAK_PASSWORD="$password"
  rss_a0=$(rss "$pid_a") rss_b0=$(rss "$pid_b")
  ( while sleep 60; do echo "  RSS A $(rss "$pid_a") MB, B $(rss "$pid_b") MB"; done ) &
  sampler=$!
  soak_status=0
  "$release/SoakBenchmark" --port "$two" --pid "$pid_a" --minutes "$soak_minutes" --connections 64 || soak_status=$?
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null || true
  echo "  RSS A: $rss_a0 MB at the start, $(rss "$pid_a") MB at the end; B: $rss_b0 MB, $(rss "$pid_b") MB"
  [ "$soak_status" = 0 ] || say "the soak reported a failed target (status $soak_status)"
fi

connections=$(psql_at "$cluster_database" "SELECT count(*) FROM pg_stat_activity WHERE datname = '$test_database'")
echo "== the two instances hold $connections PostgreSQL connections; A's peak RSS $(awk '/VmHWM/ {printf "%.1f MB", $2/1024}' "/proc/$pid_a/status"), B's $(awk '/VmHWM/ {printf "%.1f MB", $2/1024}' "/proc/$pid_b/status")"
