#!/usr/bin/env bash
# Documents benchmark (issue 24; not a test). A release homepwner with an owner signed in
# through the form, then:
#   A. memory during 8 concurrent 25 MB document uploads (curl, the dialog's multipart form:
#      Done with a document chosen): the server's RSS sampled every 20 ms, its growth over
#      the RSS before them against the target (< 50 MB);
#   B. serving a 25 MB document (`GET /items/{key}/documents/1`, signed in) with wrk against
#      nginx serving the same file (worker_processes 2), in turn for ROUNDS rounds: the ratio
#      of the medians against the target (>= 0.8); and the RSS after serving a 1 MB and a 25 MB
#      document, which must not grow with the size.
#
# Needs: wrk, nginx, curl, python3 (Debian: apt-get install -y wrk nginx-light curl).
# Usage: Benchmarks/documents.sh [duration of each wrk run, default 10s]
#        ROUNDS=5 CONNECTIONS=16 UPLOADS=8 Benchmarks/documents.sh 5s
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-10s}"
rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-8}"
uploads="${UPLOADS:-8}"
size=25000000
for tool in wrk nginx curl python3; do
  command -v "$tool" >/dev/null || { echo "error: $tool is missing (apt-get install -y wrk nginx-light curl python3)" >&2; exit 1; }
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
work="$(mktemp -d)"
server_pid=""; nginx_pid=""; sampler_pid=""
cleanup() {
  [[ -n "$sampler_pid" ]] && kill "$sampler_pid" 2>/dev/null || true
  [[ -n "$server_pid" ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  [[ -n "$nginx_pid" ]] && kill -TERM "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== building release"
swift build -c release --product homepwner 2>&1 | tail -1
binary="$(swift build -c release --show-bin-path)/homepwner"

# Files: PDFs of random bytes (nothing compresses or deduplicates), one per upload, a warm-up
# one (the one served) and a 1 MB one.
python3 - "$work" "$size" "$uploads" <<'EOF'
import os, sys
work, size, uploads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for name, length in [(f"upload-{n}.pdf", size) for n in range(uploads)] + [("served.pdf", size), ("small.pdf", 1_000_000)]:
    with open(os.path.join(work, name), "wb") as f:
        f.write(b"%PDF-1.7\n" + os.urandom(length - 9))
EOF

password="documents benchmark owner $RANDOM$RANDOM"
mkdir -p "$work/data"
printf '%s\n' "$password" | "$binary" users add owner --role owner --password-stdin --data-dir "$work/data" >/dev/null
"$binary" --port 0 --data-dir "$work/data" --seed $((uploads + 2)) --quiet >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
for _ in $(seq 1 300); do grep -q "listening on" "$work/server.out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/server.out")
[ -n "$port" ] || { echo "homepwner did not start:" >&2; cat "$work/server.err" >&2; exit 1; }
base="http://127.0.0.1:$port"

# Signed in through the form, as a browser: the session and CSRF cookies, and the form token.
jar="$work/cookies"
curl -sf -c "$jar" -o "$work/sign-in.html" "$base/sign-in"
token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/sign-in.html" | cut -d'"' -f4)
curl -sf -o /dev/null -b "$jar" -c "$jar" -H "Origin: $base" --data-urlencode "_csrf=$token" \
  --data-urlencode "username=owner" --data-urlencode "password=$password" "$base/sign-in"
curl -sf -b "$jar" -c "$jar" -o "$work/items.html" "$base/items"
token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/items.html" | cut -d'"' -f4)
cookie=$(sed 's/^#HttpOnly_//' "$jar" | awk '!/^#/ && NF >= 7 {printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}')
[[ "$cookie" == *hp_session=* ]] || { echo "signing in failed" >&2; exit 1; }
mapfile -t keys < <(curl -sf -H "Cookie: $cookie" "$base/items.json" | python3 -c 'import json, sys; [print(i["key"]) for i in json.load(sys.stdin)["items"]]')

# Done in an item's dialog with a document chosen: adds it and saves, in one request.
upload() { # key file → prints the status
  curl -s -o /dev/null -w '%{http_code}\n' -H "Cookie: $cookie" -H "Origin: $base" \
    -F "_csrf=$token" -F "name=Item" -F "serialNumber=S" -F "value=1" -F "version=1" -F "action=done" \
    -F "documentKind=receipt" -F "documentTitle=" -F "document=@$2;type=application/pdf" "$base/items/$1"
}
rss() { awk '/VmRSS/ {print $2}' "/proc/$server_pid/status"; }

echo "== A. $uploads concurrent uploads of a ${size}-byte document (the dialog's form, Done with it chosen)"
# A first upload and download, not counted: the pools' threads and SQLite's page caches as they
# are in use.
[ "$(upload "${keys[$uploads]}" "$work/served.pdf")" = "303" ] || { echo "the warm-up upload failed" >&2; exit 1; }
curl -sf -H "Cookie: $cookie" -o /dev/null "$base/items/${keys[$uploads]}/documents/1"
[ "$(upload "${keys[$((uploads + 1))]}" "$work/small.pdf")" = 303 ] || { echo "the 1 MB upload failed" >&2; exit 1; }
sleep 1
before=$(rss)
echo "$before" >"$work/peak"
( peak=$before; while true; do now=$(rss); if (( now > peak )); then peak=$now; echo "$peak" >"$work/peak"; fi; sleep 0.02; done ) &
sampler_pid=$!
start=$(date +%s.%N)
upload_pids=()
for n in $(seq 0 $((uploads - 1))); do
  upload "${keys[$n]}" "$work/upload-$n.pdf" >"$work/status-$n" &
  upload_pids+=($!)
done
wait "${upload_pids[@]}"
elapsed=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
sleep 0.1
kill "$sampler_pid" 2>/dev/null; wait "$sampler_pid" 2>/dev/null || true; sampler_pid=""
statuses=$(cat "$work"/status-* | sort | uniq -c | awk '{printf "%s%s × %s", (n++ ? ", " : ""), $1, $2}')
stored=0
for n in $(seq 0 $((uploads - 1))); do
  count=$(curl -sf -H "Cookie: $cookie" "$base/items/${keys[$n]}/documents.json" | python3 -c 'import json, sys; d = json.load(sys.stdin)["documents"]; print(sum(1 for x in d if x["size"] == '"$size"'))')
  stored=$((stored + count))
done
peak=$(cat "$work/peak")
echo "answers: $statuses; documents stored: $stored of $uploads; all done in ${elapsed}s"
python3 -c "
before, peak = $before / 1024, $peak / 1024
growth = peak - before
print(f'RSS before {before:.1f} MB, peak during {peak:.1f} MB: grew by {growth:.1f} MB (target < 50 MB) ' + ('PASS' if growth < 50 and $stored == $uploads else 'FAIL'))"

echo "== B. serving the ${size}-byte document: wrk -t1 -c$connections -d$duration, $rounds rounds in turn, against nginx"
mkdir -p "$work/nginx/root"
cp "$work/served.pdf" "$work/nginx/root/served.pdf"
# nginx's workers run as another user: the file and the directories to it must be theirs to read.
chmod 755 "$work" "$work/nginx" "$work/nginx/root"
chmod 644 "$work/nginx/root/served.pdf"
nginx_port="$(free_port)"
sed -e "s|@PORT@|$nginx_port|" -e "s|@PREFIX@|$work/nginx|" -e "s|@ROOT@|$work/nginx/root|" \
  Benchmarks/http-nginx.conf >"$work/nginx/nginx.conf"
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
nginx_pid=$!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/served.pdf" 2>/dev/null && break; sleep 0.05; done
ours="$base/items/${keys[$uploads]}/documents/1"
small="$base/items/${keys[$((uploads + 1))]}/documents/1"
cmp <(curl -sf -H "Cookie: $cookie" "$ours") "$work/served.pdf" || { echo "error: the document served is not the file uploaded" >&2; exit 1; }

run() { # name url [cookie]
  local out rps p50 p99
  out="$(wrk -t1 -c"$connections" -d"$duration" --latency -H "Cookie: ${3:-none=1}" "$2")"
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  if grep -q "Non-2xx\|Socket errors" <<<"$out"; then grep "Non-2xx\|Socket errors" <<<"$out" | sed "s/^/  $1: /"; fi
  printf '  %-30s %10s req/s (%6.0f MB/s)   p50 %-9s p99 %s\n' "$1" "$rps" "$(python3 -c "print($rps * $size / 1e6)")" "$p50" "$p99"
  echo "$rps" >>"$work/rps-$(tr ' /' '__' <<<"$1")"
}
median() { sort -g "$work/rps-$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

wrk -t1 -c"$connections" -d2s -H "Cookie: $cookie" "$small" >/dev/null
after_small=$(awk '/VmHWM/ {print $2}' "/proc/$server_pid/status")
for round in $(seq "$rounds"); do
  echo "round $round"
  run "homepwner document" "$ours" "$cookie"
  run "nginx same file" "http://127.0.0.1:$nginx_port/served.pdf"
done
ours_median=$(median homepwner_document); theirs=$(median nginx_same_file)
after_large=$(awk '/VmHWM/ {print $2}' "/proc/$server_pid/status")
echo "medians: homepwner $ours_median req/s, nginx $theirs req/s"
python3 -c "r = float('$ours_median') / float('$theirs'); print(f'ratio homepwner/nginx (medians): {r:.2f} (target >= 0.80) ' + ('PASS' if r >= 0.8 else 'FAIL'))"
python3 -c "
small, large = $after_small / 1024, $after_large / 1024
print(f'peak RSS after serving 1 MB for 2 s: {small:.1f} MB; after serving 25 MB for {$rounds} rounds: {large:.1f} MB (+{large - small:.1f} MB) ' + ('PASS' if large - small < 10 else 'FAIL'))"
awk '/RssAnon/ {printf "homepwner now: %.1f MB anonymous", $2/1024} /RssFile/ {printf ", %.1f MB mapped files\n", $2/1024}' "/proc/$server_pid/status"
