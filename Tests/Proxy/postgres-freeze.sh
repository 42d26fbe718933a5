#!/usr/bin/env bash
# PostgreSQL gone silent (issue 25 point 5, "the network drops"): every process of the cluster
# is stopped with SIGSTOP for 8 s (`.ci/postgres.sh freeze`/`thaw`), so connections stay open
# and nothing answers, as when a network cuts off. One homepwner instance on it, and meanwhile:
#   - 24 API reads, 8 API writes and 8 signed-in pages at once: each answered 503 with
#     Retry-After within 5 s, none later;
#   - /health and the stylesheet, asked every 0.2 s: answered within 0.2 s each (no event loop
#     waits on the database);
#   - after the thaw, reads and writes succeed again within 5 s, without a restart.
#
#   Tests/Proxy/postgres-freeze.sh
#
# Needs .ci/postgres.sh's cluster (HOMEPWNER_TEST_DATABASE as `.ci/postgres.sh env` prints it,
# or a throw-away one). Env: HOMEPWNER_BIN (default .build/debug/homepwner).
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tests/Proxy/postgres-common.sh

bin="${HOMEPWNER_BIN:-.build/debug/homepwner}"
[ -x "$bin" ] || { echo "error: no server binary at $bin — run \`swift build\` first" >&2; exit 1; }
work=$(mktemp -d)
trap '.ci/postgres.sh thaw 2>/dev/null || true; cleanup' EXIT

managed_cluster freeze
create_test_database freeze
password='freeze test pass phrase'
printf '%s' "$password" | HOMEPWNER_DATABASE="$database" "$bin" users add ann --role owner --password-stdin --data-dir "$work/cli" >/dev/null
token=$(HOMEPWNER_DATABASE="$database" "$bin" tokens add freeze --user ann --data-dir "$work/cli" | tail -n 1)
[ -n "$token" ] || fail "no API token from \`homepwner tokens add\`"
start_instance A "$database" --quiet --max-connections-per-address 200

HP_BASE="http://127.0.0.1:${ports[A]}" HP_TOKEN="$token" HP_PASSWORD="$password" \
HP_FREEZE=".ci/postgres.sh freeze" HP_THAW=".ci/postgres.sh thaw" \
  python3 Tests/Proxy/postgres_freeze.py || fail "postgres freeze: a check failed (above)"
kill -0 "${pids[0]}" 2>/dev/null || fail "the instance exited"
say "passed"
