#!/usr/bin/env bash
# A throw-away PostgreSQL 15 cluster for the PostgreSQL test suites (issue 25).
#
#   eval "$(.ci/postgres.sh start)"  # starts it, or finds it running; prints `export HOMEPWNER_TEST_DATABASE=…`
#   .ci/postgres.sh env              # the export line of the running cluster
#   .ci/postgres.sh restart          # `pg_ctl restart` on the same port (run by the restart test)
#   .ci/postgres.sh stop-server      # stops the server and keeps its data (the outage test)
#   .ci/postgres.sh start-server     # starts it again on the same port, with the same data
#   .ci/postgres.sh freeze / thaw    # SIGSTOP / SIGCONT every process of it (a server gone silent)
#   .ci/postgres.sh stop             # stops it and removes its directory; nothing to stop is fine
#
# The cluster lives in one directory under /tmp per clone of the repository (two checkouts on one
# machine get two clusters), listens on 127.0.0.1 at a free port and on a unix socket in that
# directory, trusts every local connection (user `homepwner`, database `homepwner_test`), and runs
# without fsync: it is for tests and thrown away. Logs go to stderr and to postgres.log in the
# directory; stdout carries only the export line, for eval.
set -euo pipefail

bin=/usr/lib/postgresql/15/bin
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${HOMEPWNER_POSTGRES_DIR:-/tmp/homepwner-postgres-$(printf %s "$repo" | md5sum | cut -c1-8)}
data=$dir/data

say() { echo "postgres.sh: $*" >&2; }

# PostgreSQL refuses to run as root: then the server side runs as the `postgres` system user
# that Debian's package creates. Clients (createdb, the tests) may run as anyone.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install_if_missing() {
  [ -x "$bin/initdb" ] && return
  say "installing postgresql (PostgreSQL 15 with contrib, for pg_trgm)"
  local sudo_if_needed=(); [ "$(id -u)" -eq 0 ] || sudo_if_needed=(sudo)
  "${sudo_if_needed[@]}" apt-get update >&2
  "${sudo_if_needed[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
}

running() { [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

print_env() {
  echo "export HOMEPWNER_TEST_DATABASE=postgresql://homepwner@127.0.0.1:$(cat "$dir/port")/homepwner_test"
}

# The server's options on `port`: one place, so that start-server starts it as start did.
server_options() {
  echo "-p $1 -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
}

# A port nothing listens on now (bash connects to it; refused means free).
free_port() {
  local port
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 30000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  say "no free port found"; return 1
}

start() {
  install_if_missing
  if running; then print_env; return; fi
  # A directory left by a cluster that is not running (a crash, a reboot): start afresh.
  [ -e "$dir" ] && stop
  mkdir -m 0700 "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  # C.UTF-8, not C: pg_trgm takes only letters and digits of the locale into trigrams, and in
  # the C locale no Chinese character is one.
  as_owner "$bin/initdb" -D "$data" -A trust -U homepwner -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; return 1; }
  local port
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 start -o "$(server_options "$port")" >&2; then
      break
    fi
    # Another process took the port between the check and the start: try another.
    say "start on port $port failed (attempt $attempt)"; tail -5 "$dir/postgres.log" >&2 || true
    [ "$attempt" -eq 3 ] && return 1
  done
  echo "$port" >"$dir/port"
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U homepwner homepwner_test >&2
  say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $data"
  print_env
}

restart() {
  running || { say "no cluster running in $dir"; return 1; }
  # pg_ctl restart reuses the start's options (postmaster.opts): same port, same socket directory.
  as_owner "$bin/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 -m fast restart >&2
}

# An outage: the server stops (`-m fast`: sessions are ended, as when it crashes or restarts),
# the directory and the data stay, and start-server brings it back on the same port.
stop_server() {
  running || { say "no cluster running in $dir"; return 1; }
  as_owner "$bin/pg_ctl" -D "$data" -w -t 60 -m fast stop >&2
}

start_server() {
  [ -f "$data/PG_VERSION" ] && [ -f "$dir/port" ] || { say "no stopped cluster in $dir"; return 1; }
  running && return 0
  as_owner "$bin/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 start -o "$(server_options "$(cat "$dir/port")")" >&2
}

# A server gone silent (frozen, or cut off by the network): every process of the cluster is
# stopped with SIGSTOP, so connections stay open and nothing answers; thaw sends SIGCONT.
cluster_pids() { local main; main=$(head -1 "$data/postmaster.pid"); echo "$main" $(pgrep -P "$main"); }
freeze() { running || { say "no cluster running in $dir"; return 1; }; kill -STOP $(cluster_pids); }
thaw() { kill -CONT $(cluster_pids); }

stop() {
  [ -e "$dir" ] || return 0
  [ -f "$data/postmaster.pid" ] && thaw 2>/dev/null || true
  if running; then as_owner "$bin/pg_ctl" -D "$data" -w -t 60 -m fast stop >&2; fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  env) running && print_env ;;
  restart) restart ;;
  stop-server) stop_server ;;
  start-server) start_server ;;
  freeze) freeze ;;
  thaw) thaw ;;
  stop) stop ;;
  *) echo "usage: $0 start|env|restart|stop-server|start-server|freeze|thaw|stop" >&2; exit 2 ;;
esac
