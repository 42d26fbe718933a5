#!/usr/bin/env bash
# CSV at 100,000 items (issue 13): GET /items.csv (time, size, the server's peak RSS before and
# after), then the same file imported into an empty store: upload, preview, confirm.
#
#   Benchmarks/csv.sh                 # needs curl, python3
#   ITEMS=20000 Benchmarks/csv.sh
set -euo pipefail
cd "$(dirname "$0")/.."
items=${ITEMS:-100000}
for tool in curl python3; do command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }; done

swift build -c release --product homepwner >/dev/null
bin=.build/release/homepwner
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
password="benchmark pass phrase"

# start DIR SEED: a server on its own data directory with an owner; prints "PID PORT".
start() {
    printf '%s' "$password" | "$bin" users add owner --role owner --password-stdin --data-dir "$1" >/dev/null
    "$bin" --port 0 --data-dir "$1" --seed "$2" --quiet >"$1/out" 2>"$1/err" &
    pids+=("$!")
    local pid=$!
    for _ in $(seq 1 1200); do grep -q "listening on" "$1/out" 2>/dev/null && break; sleep 0.1; done
    echo "$pid $(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$1/out")"
}
peak() { awk '/VmHWM/ {print $2 / 1024 " MB"}' "/proc/$1/status"; }
rss() { awk '/VmRSS/ {print $2 / 1024 " MB"}' "/proc/$1/status"; }

mkdir "$work/a" "$work/b"
read -r pid port < <(start "$work/a" "$items")
echo "server A: $items items seeded; RSS $(rss "$pid"), peak so far $(peak "$pid")"
python3 Benchmarks/csv_client.py "http://127.0.0.1:$port" "$password" export "$work/items.csv"
echo "server A after 3 exports: RSS $(rss "$pid"), peak $(peak "$pid")"

read -r pid port < <(start "$work/b" 0)
python3 Benchmarks/csv_client.py "http://127.0.0.1:$port" "$password" import "$work/items.csv"
echo "server B after the import: RSS $(rss "$pid"), peak $(peak "$pid")"
