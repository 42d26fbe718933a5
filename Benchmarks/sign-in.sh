#!/usr/bin/env bash
# Sign-in under attack (issue 11): what one sign-in costs, then 50 clients — each from its own
# loopback address, so the per-address throttle does not simply turn them all away — hammering
# POST /sign-in with wrong passwords while `wrk` reads GET /items as a signed-in member.
# Prints the sign-in time (median of 20) and GET /items's latency during the flood.
#
#   Benchmarks/sign-in.sh            # needs wrk, curl, python3
#   DURATION=20 Benchmarks/sign-in.sh
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${DURATION:-15}
for tool in wrk curl python3; do command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }; done

swift build -c release --product homepwner >/dev/null
bin=.build/release/homepwner
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

password="benchmark pass phrase"
printf '%s' "$password" | "$bin" users add owner --role owner --password-stdin --data-dir "$work" >/dev/null
"$bin" --port 0 --data-dir "$work" --seed 100 --quiet >"$work/out" 2>"$work/err" &
pids+=("$!")
server=$!
for _ in $(seq 1 300); do grep -q "listening on" "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/out")
base="http://127.0.0.1:$port"

# One sign-in, timed 20 times (each from a fresh cookie jar, as a new browser).
python3 - "$base" "$password" <<'PY'
import http.client, re, statistics, sys, time, urllib.parse
base, password = sys.argv[1], sys.argv[2]
host, port = base[len("http://"):].split(":")
times = []
for _ in range(20):
    c = http.client.HTTPConnection(host, int(port))
    c.request("GET", "/sign-in"); r = c.getresponse(); page = r.read().decode()
    cookie = "; ".join(h.split(";")[0] for k, h in r.getheaders() if k.lower() == "set-cookie")
    token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"_csrf": token, "username": "owner", "password": password, "next": "/items"})
    start = time.perf_counter()
    c.request("POST", "/sign-in", body, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "Origin": base})
    r = c.getresponse(); r.read()
    times.append((time.perf_counter() - start) * 1000)
    assert r.status == 303, r.status
print(f"sign-in (POST /sign-in, yescrypt verify + new session): median {statistics.median(times):.1f} ms, "
      f"max {max(times):.1f} ms (target < 250 ms)")
PY

# A signed-in reader's cookie for wrk.
reader=$(python3 - "$base" "$password" <<'PY'
import http.client, re, sys, urllib.parse
base, password = sys.argv[1], sys.argv[2]
host, port = base[len("http://"):].split(":")
c = http.client.HTTPConnection(host, int(port))
c.request("GET", "/sign-in"); r = c.getresponse(); page = r.read().decode()
jar = dict(h.split(";")[0].split("=", 1) for k, h in r.getheaders() if k.lower() == "set-cookie")
token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
body = urllib.parse.urlencode({"_csrf": token, "username": "owner", "password": password, "next": "/items"})
c.request("POST", "/sign-in", body, {"Content-Type": "application/x-www-form-urlencoded", "Origin": base,
                                      "Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())})
r = c.getresponse(); r.read()
jar.update(dict(h.split(";")[0].split("=", 1) for k, h in r.getheaders() if k.lower() == "set-cookie"))
print("; ".join(f"{k}={v}" for k, v in jar.items()))
PY
)

# The flood: 50 threads, each from its own 127.0.0.N, wrong passwords as fast as answers come.
python3 - "$base" "$duration" >"$work/flood.txt" <<'PY' &
import collections, http.client, re, sys, threading, time, urllib.parse
base, duration = sys.argv[1], float(sys.argv[2])
host, port = base[len("http://"):].split(":")
statuses = collections.Counter(); lock = threading.Lock(); stop = time.time() + duration + 3
def attacker(n):
    c = http.client.HTTPConnection(host, int(port), source_address=(f"127.0.0.{n + 10}", 0), timeout=30)
    c.request("GET", "/sign-in"); r = c.getresponse(); page = r.read().decode()
    cookie = "; ".join(h.split(";")[0] for k, h in r.getheaders() if k.lower() == "set-cookie")
    token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    i = 0
    while time.time() < stop:
        body = urllib.parse.urlencode({"_csrf": token, "username": f"user{i % 7}", "password": f"guess {i}"})
        try:
            c.request("POST", "/sign-in", body, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "Origin": base})
            r = c.getresponse(); r.read()
            with lock: statuses[r.status] += 1
        except Exception as e:
            with lock: statuses[type(e).__name__] += 1
            c = http.client.HTTPConnection(host, int(port), source_address=(f"127.0.0.{n + 10}", 0), timeout=30)
        i += 1
threads = [threading.Thread(target=attacker, args=(n,)) for n in range(50)]
for t in threads: t.start()
for t in threads: t.join()
print("flood answers:", dict(statuses))
PY
flood=$!
sleep 2
echo "GET /items as a signed-in member during the flood (wrk -t1 -c4 -d${duration}s):"
wrk -t1 -c4 -d"${duration}s" --latency -H "Cookie: $reader" "$base/items" | grep -E "Requests/sec|Latency |50%|99%|Non-2xx|Socket errors" || true
wait "$flood" || true
cat "$work/flood.txt"
echo "server peak RSS: $(awk '/VmHWM/ {printf "%.1f MB", $2 / 1024}' "/proc/$server/status") (target for GET /items: p99 < 50 ms)"
