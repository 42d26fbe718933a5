#!/usr/bin/env bash
# The JSON API against its own OpenAPI document (issue 13 point 5): schemathesis generates
# requests from /openapi.json — valid, invalid, and sequences (create → read → update → delete)
# — and checks every answer: no server errors, status codes, content types, headers and bodies
# as documented, invalid input refused, valid input accepted, auth not ignored.
#
#   Tests/API/schemathesis.sh [extra schemathesis run arguments…]
#
# CI runs `swift build` first; this script builds nothing. Env: HOMEPWNER_BIN (default
# .build/debug/homepwner), SCHEMATHESIS_EXAMPLES (test cases per operation, default 50; about a minute).
# Installs schemathesis (PyPI) when missing. Reports go to Tests/API/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v schemathesis >/dev/null 2>&1; then
  echo "api tests: installing schemathesis" >&2
  pip_log=$(mktemp)
  if ! python3 -m pip install schemathesis 2>&1 | tee "$pip_log"; then
    # Debian's Python is "externally managed" (PEP 668): only when pip says so, override it.
    if grep -q "externally-managed-environment" "$pip_log"; then
      python3 -m pip install --break-system-packages schemathesis
    else
      exit 1
    fi
  fi
  rm -f "$pip_log"
  hash -r
fi

bin="${HOMEPWNER_BIN:-.build/debug/homepwner}"
if [ ! -x "$bin" ]; then
  echo "error: no server binary at $bin — run \`swift build\` first (or set HOMEPWNER_BIN)" >&2
  exit 1
fi

data=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$data"
}
trap cleanup EXIT

# An owner and an API token, made without a server.
printf '%s' "schemathesis-owner-password" | "$bin" users add owner --role owner --password-stdin --data-dir "$data" >/dev/null
token=$("$bin" tokens add schemathesis --user owner --data-dir "$data")

# The server on a free port; its first line says which.
"$bin" --port 0 --data-dir "$data" --quiet >"$data/server.log" 2>&1 &
server_pid=$!
base=""
for _ in $(seq 1 100); do
  base=$(grep -m1 -o 'http://127\.0\.0\.1:[0-9]*' "$data/server.log" || true)
  [ -n "$base" ] && break
  sleep 0.1
done
if [ -z "$base" ]; then
  echo "error: the server did not start" >&2
  cat "$data/server.log" >&2
  exit 1
fi

# A few items to read, change, move and delete.
for item in '{"name":"Shiny Bear","serialNumber":"4F7X2","valueInDollars":31}' \
            '{"name":"Digital camera","serialNumber":"CAM-1","valueInDollars":899}' \
            '{"name":"数码相机","serialNumber":"","valueInDollars":120}' \
            '{"name":"Rusty Spark","serialNumber":"0A1B2","valueInDollars":5}'; do
  curl -sf -o /dev/null -H "Authorization: Bearer $token" -H "Content-Type: application/json" -d "$item" "$base/items.json"
done

rm -rf Tests/API/artifacts
mkdir -p Tests/API/artifacts
# Every check but use_after_free. A deleted item goes to Recently Deleted, and
# `POST /items/restore.json` puts it back (the delete's `RestoreBatch` link lets stateful runs do
# so). That check only counts a create at the item's own path as bringing an item back, so it
# reports the restored item's next 200 as "deleted resource still available". It is off for that
# reason alone; that a deleted item answers 404 until it is restored is tested in
# Tests/AppTests/APITests.swift (`moveDeleteRestore`).
schemathesis --config-file Tests/API/schemathesis.toml run "$base/openapi.json" \
  -H "Authorization: Bearer $token" \
  --checks all --exclude-checks use_after_free \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-50}" \
  --workers 1 \
  --report junit --report-dir Tests/API/artifacts \
  "$@"
