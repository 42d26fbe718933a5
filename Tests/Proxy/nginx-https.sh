#!/usr/bin/env bash
# Homepwner behind a real nginx doing HTTPS (issue 11): Debian's nginx, started here with a
# throw-away self-signed certificate from openssl, forwards to homepwner on loopback; a
# client signs in through it over HTTPS with curl and gets Secure, __Host- cookies and HSTS.
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
fail() { echo "FAIL: $*" >&2; exit 1; }
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
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_max_body_size 12m;
  server {
    listen 127.0.0.1:$https_port ssl;
    server_name localhost;
    ssl_certificate $work/nginx/cert.pem;
    ssl_certificate_key $work/nginx/key.pem;
    location / {
      proxy_pass http://127.0.0.1:$app_port;
      proxy_http_version 1.1;
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
    }
  }
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
echo "nginx HTTPS proxy: sign-in, Secure __Host- cookies, HSTS, writes and refusals all as expected"
