#!/usr/bin/env bash
# PostgreSQL stopped for 10 s under 64 writers (issue 25 point 5): two homepwner instances on
# one database, 64 threads writing through the JSON API (postgres_outage.py) for 25 s, and in
# the middle `.ci/postgres.sh stop-server` (pg_ctl stop -m fast, the data kept) and 10 s later
# `start-server`. Only 503s with Retry-After while it is down, no request over 6 s, writes
# succeed again without restarting homepwner, and every acknowledged write is in the database.
#
#   Tests/Proxy/postgres-outage.sh
#
# It stops the cluster, so it runs on one that .ci/postgres.sh manages: the one named by
# HOMEPWNER_TEST_DATABASE when `.ci/postgres.sh env` names it too (as in .ci/run), else a
# throw-away cluster of its own. Env: HOMEPWNER_BIN (default .build/debug/homepwner), and for
# postgres_outage.py HP_WRITERS, HP_SECONDS, HP_OUTAGE_AT, HP_OUTAGE_SECONDS.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tests/Proxy/postgres-common.sh

bin="${HOMEPWNER_BIN:-.build/debug/homepwner}"
[ -x "$bin" ] || { echo "error: no server binary at $bin — run \`swift build\` first" >&2; exit 1; }
work=$(mktemp -d)
trap cleanup EXIT

managed_cluster outage
create_test_database outage
start_server_on_exit=1
password='outage test pass phrase'
printf '%s' "$password" | HOMEPWNER_DATABASE="$database" "$bin" users add ann --role owner --password-stdin --data-dir "$work/cli" >/dev/null
token=$(HOMEPWNER_DATABASE="$database" "$bin" tokens add outage --user ann --data-dir "$work/cli" | tail -n 1)
[ -n "$token" ] || fail "no API token from \`homepwner tokens add\`"

# 64 writers from one address, and the checker: above the default cap of 64 connections.
start_instance A "$database" --quiet --max-connections-per-address 200
start_instance B "$database" --quiet --max-connections-per-address 200
instance_pids=("${pids[@]}")

HP_A="http://127.0.0.1:${ports[A]}" HP_B="http://127.0.0.1:${ports[B]}" HP_TOKEN="$token" HP_PASSWORD="$password" \
HP_DATABASE="$database" HP_PSQL="$(command -v psql || echo /usr/lib/postgresql/15/bin/psql)" \
HP_STOP=".ci/postgres.sh stop-server" HP_START=".ci/postgres.sh start-server" \
  python3 Tests/Proxy/postgres_outage.py || fail "postgres outage: a check failed (above)"

# Recovered by themselves: the same processes, still answering.
for i in "${!instance_pids[@]}"; do
  kill -0 "${instance_pids[$i]}" 2>/dev/null || fail "an instance exited during the outage"
done
for name in A B; do
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "http://127.0.0.1:${ports[$name]}/items.json")
  [ "$status" = 200 ] || fail "instance $name answered $status after the outage"
done
# What the instances logged meanwhile, for the record: the most frequent lines (digits and ids as #).
say "the instances logged $(cat "$work/A.err" "$work/B.err" | wc -l) lines, most often:"
cat "$work/A.err" "$work/B.err" | cut -c1-160 | sed 's/[0-9a-f-]\{36\}/#/g; s/[0-9][0-9]*/#/g' | sort | uniq -c | sort -rn | head -n 4 >&2
