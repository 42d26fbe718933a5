# What Tests/Proxy/two-instances.sh and postgres-outage.sh share (sourced, not run): a database
# of their own, homepwner instances on it, nginx with a block of the README, and the clean-up.
# The caller sets `work` (a temporary directory) and `bin`, and traps `cleanup` on EXIT.

declare -A ports=()   # instance name → its port
declare -A dirs=()    # instance name → its data directory
pids=()
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ beside the tests
started_cluster=0
test_database=""
cluster_database=""

say() { echo "$(basename "$0"): $*" >&2; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_if_missing() {  # nginx-light for nginx; the rest by their own names
  local missing=()
  for tool in "$@"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$([ "$tool" = nginx ] && echo nginx-light || echo "$tool")"); done
  [ ${#missing[@]} -eq 0 ] && return
  say "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

psql_at() {  # psql_at URL SQL…: one statement, stops on an error, quiet
  local psql; psql=$(command -v psql || echo /usr/lib/postgresql/15/bin/psql)
  "$psql" "$1" -X -q -v ON_ERROR_STOP=1 -At -c "$2"
}

# The URL `$1` with its database name replaced by `$2`.
with_database_name() {
  python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$1" "$2"
}

# A fresh database `homepwner_<name>_<pid>` on the test cluster: sets `database` to its URL.
# Without HOMEPWNER_TEST_DATABASE, .ci/postgres.sh starts a cluster, stopped by `cleanup`.
create_test_database() {
  if [ -z "${HOMEPWNER_TEST_DATABASE:-}" ]; then
    local postgres_env
    # One already running (someone's `.ci/postgres.sh start`) is used and left running.
    if ! postgres_env=$(.ci/postgres.sh env 2>/dev/null); then
      postgres_env=$(.ci/postgres.sh start)
      started_cluster=1
    fi
    eval "$postgres_env"
  fi
  cluster_database=$HOMEPWNER_TEST_DATABASE
  test_database="homepwner_$1_$$"
  psql_at "$cluster_database" "CREATE DATABASE $test_database" || fail "cannot create a database on $cluster_database"
  database=$(with_database_name "$cluster_database" "$test_database")
}

# managed_cluster NAME: a test that stops or freezes the cluster needs one .ci/postgres.sh manages:
# the one HOMEPWNER_TEST_DATABASE names when `.ci/postgres.sh env` names it too, else its own.
managed_cluster() {
  if [ -n "${HOMEPWNER_TEST_DATABASE:-}" ] && [ "$(.ci/postgres.sh env 2>/dev/null || true)" != "export HOMEPWNER_TEST_DATABASE=$HOMEPWNER_TEST_DATABASE" ]; then
    say "HOMEPWNER_TEST_DATABASE is not .ci/postgres.sh's cluster, which this test must stop or freeze: using a cluster of its own"
    unset HOMEPWNER_TEST_DATABASE
    export HOMEPWNER_POSTGRES_DIR="/tmp/homepwner-$1-$$"
  fi
}

# start_instance NAME DATABASE [options…]: homepwner on a free port with a data directory of
# its own, the database URL in HOMEPWNER_DATABASE (as the README advises); sets ports[NAME].
start_instance() {
  local name=$1 url=$2; shift 2
  dirs[$name]="$work/instance-$name"
  HOMEPWNER_DATABASE="$url" "$bin" --port 0 --data-dir "${dirs[$name]}" "$@" \
    >"$work/$name.out" 2>"$work/$name.err" &
  pids+=("$!")
  for _ in $(seq 1 300); do grep -q "listening on" "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
  ports[$name]=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/$name.out" | head -1)
  [ -n "${ports[$name]}" ] || fail "instance $name did not start"
}

# The ```nginx block under the README heading `$1`.
readme_nginx_block() {
  local found
  found=$(HEADING="$1" awk '$0 == ENVIRON["HEADING"] { section = 1; next }
             section && /^## / { exit }
             section && /^```nginx$/ { inside = 1; next }
             inside && /^```$/ { exit }
             inside' README.md)
  [ -n "$found" ] || fail "README.md has no \`\`\`nginx block under \"$1\""
  printf '%s\n' "$found"
}

replace_line() {  # $1: a line of `block` (without its indent), exactly once; $2: what it becomes
  local count
  count=$(sed 's/^ *//' <<<"$block" | grep -cxF -- "$1" || true)
  [ "$count" = 1 ] || fail "README's nginx block should have the line '$1' once, has it $count times:"$'\n'"$block"
  block=$(FROM="$1" TO="$2" awk '{ line = $0; sub(/^ +/, "", line)
    if (line == ENVIRON["FROM"]) { match($0, /^ */); print substr($0, 1, RLENGTH) ENVIRON["TO"] } else print }' <<<"$block")
}

require_line() {  # a line the README's block must keep, or the checks prove less than they say
  sed 's/^ *//' <<<"$block" | grep -qxF -- "$1" || fail "README's nginx block lacks '$1':"$'\n'"$block"
}

# nginx with `block` inside `http { … }`, after the http-level lines `$1`.
start_nginx() {
  mkdir -p "$work/nginx/logs"
  cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  $1
$block
}
CONF
  nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" || fail "nginx did not start with:"$'\n'"$(cat "$work/nginx/nginx.conf")"
}

fail() {
  echo "FAIL: $*" >&2
  for log in "$work"/*.err "$work/nginx/logs/error.log"; do
    [ -s "$log" ] && { echo "--- last lines of $log:" >&2; tail -n 20 "$log" >&2; }
  done
  exit 1
}

cleanup() {
  [ -f "$work/nginx/nginx.pid" ] && nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  # A test that stopped the server (the outage test) and ended before starting it again.
  [ "${start_server_on_exit:-0}" = 1 ] && { .ci/postgres.sh start-server || say "could not start the cluster again"; }
  if [ -n "$test_database" ]; then
    psql_at "$cluster_database" "DROP DATABASE IF EXISTS $test_database WITH (FORCE)" || say "could not drop $test_database"
  fi
  [ "$started_cluster" = 1 ] && .ci/postgres.sh stop
  rm -rf "$work"
}
