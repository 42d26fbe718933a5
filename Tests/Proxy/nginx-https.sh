#!/usr/bin/env bash
# Homepwner behind a real nginx doing HTTPS (issue 11): Debian's nginx, started here with a
# throw-away self-signed certificate from openssl, forwards to homepwner on loopback; a
# client signs in through it over HTTPS with curl and gets Secure, __Host- cookies and HSTS.
# The nginx server block is the README's own (taken from README.md, only its name, port,
# certificate and upstream replaced), so what is tested is what people copy. Through it, a
# guesser forging `Forwarded` and `X-Forwarded-For` is still counted as one client (issue 21)
# and slowed, while the owner signing in from elsewhere is not.
#
#   Tests/Proxy/nginx-https.sh        # needs nginx, openssl, curl (installed when missing)
#
# Env: HOMEPWNER_BIN (default .build/debug/homepwner). Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
for tool in nginx openssl curl; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "proxy test: installing $tool" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light openssl curl >/dev/null
  fi
done

bin="${HOMEPWNER_BIN:-.build/debug/homepwner}"
[ -x "$bin" ] || { echo "error: no server binary at $bin — run \`swift build\` first" >&2; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"   # nginx workers run as an unprivileged user
pids=()
cleanup() {
  [ -f "$work/nginx/nginx.pid" ] && nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  for log in "$work/homepwner.err" "$work/nginx/logs/error.log"; do
    [ -s "$log" ] && { echo "--- last lines of $log:" >&2; tail -n 20 "$log" >&2; }
  done
  exit 1
}
# The status line and headers of a response saved with -D, for a failure message.
shown() { tr -d '\r' <"$1" | sed 's/^/    /'; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# An owner, then homepwner trusting the proxy on loopback, answering for the proxy's name and port.
mkdir -p "$work/data"
printf 'proxy test pass phrase' | "$bin" users add owner --role owner --password-stdin --data-dir "$work/data" >/dev/null
https_port=$(free_port)
"$bin" --port 0 --data-dir "$work/data" --quiet --trusted-proxy 127.0.0.1 --public-host "localhost:$https_port" \
  >"$work/homepwner.out" 2>"$work/homepwner.err" &
pids+=("$!")
for _ in $(seq 1 100); do grep -q "listening on" "$work/homepwner.out" 2>/dev/null && break; sleep 0.1; done
app_port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$work/homepwner.out")
[ -n "$app_port" ] || { cat "$work/homepwner.err" >&2; fail "homepwner did not start"; }

# A self-signed certificate for localhost, valid one day.
mkdir -p "$work/nginx/logs"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost" \
  -keyout "$work/nginx/key.pem" -out "$work/nginx/cert.pem" 2>/dev/null
# The README's nginx block, as written under "On the network, behind HTTPS": each line that
# names the example's host, certificate or upstream must be there exactly once and is
# replaced; every other line (the proxy_set_header ones above all) is used unchanged.
block=$(awk '/^## On the network, behind HTTPS/ { section = 1; next }
             section && /^## / { exit }
             section && /^```nginx$/ { inside = 1; next }
             inside && /^```$/ { exit }
             inside' README.md)
[ -n "$block" ] || fail "README.md has no \`\`\`nginx block under \"## On the network, behind HTTPS\""
replace_line() {  # $1: a line of the README's block (without its indent), $2: what it becomes here
  local count
  count=$(sed 's/^ *//' <<<"$block" | grep -cxF -- "$1" || true)
  [ "$count" = 1 ] || fail "README's nginx block should have the line '$1' once, has it $count times:"$'\n'"$block"
  block=$(FROM="$1" TO="$2" awk '{ line = $0; sub(/^ +/, "", line)
    if (line == ENVIRON["FROM"]) { match($0, /^ */); print substr($0, 1, RLENGTH) ENVIRON["TO"] } else print }' <<<"$block")
}
require_line() {  # a line the README's block must keep, or the checks below prove less than it says
  sed 's/^ *//' <<<"$block" | grep -qxF -- "$1" || fail "README's nginx block lacks '$1':"$'\n'"$block"
}
replace_line 'listen 443 ssl;' "listen 127.0.0.1:$https_port ssl;"
replace_line 'server_name inventory.example.org;' 'server_name localhost;'
replace_line 'ssl_certificate     /etc/ssl/inventory.pem;' "ssl_certificate $work/nginx/cert.pem;"
replace_line 'ssl_certificate_key /etc/ssl/inventory.key;' "ssl_certificate_key $work/nginx/key.pem;"
replace_line 'proxy_pass http://127.0.0.1:8080;' "proxy_pass http://127.0.0.1:$app_port;"
require_line 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;'
require_line 'proxy_set_header X-Forwarded-Proto $scheme;'
require_line 'proxy_set_header Forwarded "";'
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 256; }
http {
  access_log off;
$block
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf"
base="https://localhost:$https_port"
curl_tls=(curl -sS --cacert "$work/nginx/cert.pem" --resolve "localhost:$https_port:127.0.0.1" -c "$work/jar" -b "$work/jar")

# The sign-in page, over HTTPS, sets the __Host- CSRF cookie (Secure) and HSTS.
"${curl_tls[@]}" -D "$work/h1" -o "$work/sign-in.html" "$base/sign-in"
grep -qi '^strict-transport-security: max-age=' "$work/h1" || fail "no HSTS over HTTPS"
grep -qi '^set-cookie: __Host-hp_csrf=.*; Secure' "$work/h1" || fail "no Secure __Host-hp_csrf cookie: $(grep -i set-cookie "$work/h1")"
token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/sign-in.html" | cut -d'"' -f4)
[ -n "$token" ] || fail "no CSRF token on the sign-in page"

# Signing in: a new Secure __Host-hp_session cookie and a 303 to the list.
"${curl_tls[@]}" -D "$work/h2" -o /dev/null -H "Origin: $base" \
  --data-urlencode "_csrf=$token" --data-urlencode "username=owner" \
  --data-urlencode "password=proxy test pass phrase" --data-urlencode "next=/items" "$base/sign-in"
grep -q '^HTTP/1.1 303' "$work/h2" || fail "sign-in did not redirect: $(head -1 "$work/h2")"
grep -qi '^set-cookie: __Host-hp_session=.*; HttpOnly; Secure; SameSite=Lax' "$work/h2" || fail "no Secure __Host-hp_session cookie"
"${curl_tls[@]}" -o "$work/items.html" "$base/items"
grep -q 'Signed in as owner' "$work/items.html" || fail "the list is not shown signed in"

# A write through the proxy: Add makes a draft (303 to it); a foreign Origin is refused.
token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/items.html" | cut -d'"' -f4)
status=$("${curl_tls[@]}" -o /dev/null -w '%{http_code}' -H "Origin: $base" --data-urlencode "_csrf=$token" "$base/items")
[ "$status" = 303 ] || fail "Add through the proxy answered $status"
status=$("${curl_tls[@]}" -o /dev/null -w '%{http_code}' -H "Origin: https://evil.example" --data-urlencode "_csrf=$token" "$base/items")
[ "$status" = 403 ] || fail "a foreign Origin through the proxy answered $status"

# The session cookie is useless over plain HTTP straight to the app (it is only __Host- over HTTPS).
status=$(curl -sS -o /dev/null -w '%{http_code}' -b "$work/jar" "http://127.0.0.1:$app_port/items")
[ "$status" = 303 ] || fail "plain HTTP with the HTTPS session cookie answered $status"

# Issue 21: guessing the owner's password from one address (127.0.0.2, so nginx's
# $remote_addr is not the trusted proxy's own), each guess with a made-up Forwarded and a
# made-up X-Forwarded-For. nginx drops the first and appends 127.0.0.2 to the second, and the
# server believes only that last hop: all 30 guesses are one client, so the 5 free failures
# for a username from one client are spent and the 6th guess is answered 429. A server that
# believed a forged address would see 30 clients and slow them only at the 11th (10 free
# failures for a username from new clients), or never.
guesses=30
slowed_by=6
guess_jar="$work/guess-jar"
curl_guess=(curl -sS --interface 127.0.0.2 --cacert "$work/nginx/cert.pem" --resolve "localhost:$https_port:127.0.0.1"
  -c "$guess_jar" -b "$guess_jar")
first_429=""
slowed=0
statuses=()
for guess in $(seq 1 "$guesses"); do
  forged=(-H "Forwarded: for=198.51.100.$((RANDOM % 254 + 1));proto=https"
          -H "X-Forwarded-For: 203.0.$((RANDOM % 256)).$((RANDOM % 254 + 1))")
  "${curl_guess[@]}" "${forged[@]}" -o "$work/guess.html" "$base/sign-in" \
    || fail "guess $guess: no sign-in page from 127.0.0.2 (curl --interface needs 127.0.0.0/8 on lo)"
  token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/guess.html" | cut -d'"' -f4 || true)
  [ -n "$token" ] || fail "guess $guess: no CSRF token on the sign-in page"
  status=$("${curl_guess[@]}" "${forged[@]}" -D "$work/guess-headers" -o /dev/null -w '%{http_code}' -H "Origin: $base" \
    --data-urlencode "_csrf=$token" --data-urlencode "username=owner" \
    --data-urlencode "password=wrong guess $guess" "$base/sign-in") || fail "guess $guess: the POST failed"
  statuses+=("$status")
  case "$status" in
    429)
      slowed=$((slowed + 1))
      grep -qi '^retry-after: *[0-9]' "$work/guess-headers" \
        || fail "guess $guess was answered 429 without Retry-After:"$'\n'"$(shown "$work/guess-headers")"
      [ -n "$first_429" ] || first_429=$guess
      ;;
    401) ;;  # a wrong password: the form again, with its error
    *) fail "guess $guess was answered $status:"$'\n'"$(shown "$work/guess-headers")" ;;
  esac
done
echo "wrong guesses with forged Forwarded and X-Forwarded-For: first 429 at guess ${first_429:-none} of $guesses," \
  "$slowed answered 429 (statuses: ${statuses[*]})"
[ -n "$first_429" ] || fail "$guesses wrong guesses with forged forwarding headers were never answered 429"
[ "$first_429" -le "$slowed_by" ] \
  || fail "the first 429 came at guess $first_429, not by guess $slowed_by: the forged addresses were believed"

# The owner, from another address (127.0.0.3), still signs in: they are not locked out.
other_jar="$work/other-jar"
curl_other=(curl -sS --interface 127.0.0.3 --cacert "$work/nginx/cert.pem" --resolve "localhost:$https_port:127.0.0.1"
  -c "$other_jar" -b "$other_jar")
"${curl_other[@]}" -o "$work/other.html" "$base/sign-in" || fail "no sign-in page from 127.0.0.3"
token=$(grep -m1 -o 'name="_csrf" value="[^"]*"' "$work/other.html" | cut -d'"' -f4 || true)
[ -n "$token" ] || fail "no CSRF token on the sign-in page from 127.0.0.3"
status=$("${curl_other[@]}" -D "$work/other-headers" -o /dev/null -w '%{http_code}' -H "Origin: $base" \
  --data-urlencode "_csrf=$token" --data-urlencode "username=owner" \
  --data-urlencode "password=proxy test pass phrase" --data-urlencode "next=/items" "$base/sign-in") \
  || fail "the sign-in POST from 127.0.0.3 failed"
[ "$status" = 303 ] || fail "the right password from another address was answered $status:"$'\n'"$(shown "$work/other-headers")"
echo "nginx HTTPS proxy: sign-in, Secure __Host- cookies, HSTS, writes and refusals all as expected;" \
  "forged forwarding headers slowed by guess $slowed_by, the owner elsewhere still signs in"
