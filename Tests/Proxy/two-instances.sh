#!/usr/bin/env bash
# Two homepwner instances on one PostgreSQL database behind nginx (issue 25 points 2 and 3):
# a database of its own on the cluster named by HOMEPWNER_TEST_DATABASE (or a throw-away one
# from .ci/postgres.sh, stopped afterwards, when that is unset), instances A and B on it, each
# with its own data directory, and nginx doing HTTPS (throw-away certificate) in front with an
# `upstream` of both, round-robin. The nginx configuration is the README's own "Several
# instances" block (only its ports, and the listen and certificate lines it leaves to the
# reader, filled in), so what is tested is what people copy. two_instances.py then checks,
# through nginx and straight against A and B: sign-in on one and Done on the other, the next
# page after a write on the other, 409 between them, sign-in throttling, session ends and
# /events (see its checks).
#
#   Tests/Proxy/two-instances.sh [CHECK…]  # needs nginx, openssl (installed when missing), PostgreSQL 15;
#                                          # CHECK: part of a check's name in two_instances.py
#
# Env: HOMEPWNER_BIN (default .build/debug/homepwner), HOMEPWNER_TEST_DATABASE,
# HOMEPWNER_SKIP_SHARED_THROTTLE=1 (skips the throttling check). Exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Tests/Proxy/postgres-common.sh

install_if_missing nginx openssl
bin="${HOMEPWNER_BIN:-.build/debug/homepwner}"
[ -x "$bin" ] || { echo "error: no server binary at $bin — run \`swift build\` first" >&2; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"   # nginx workers run as an unprivileged user
trap cleanup EXIT

create_test_database two_instances
password='two instances pass phrase'
for user in ann:owner bob:editor cat:editor dan:editor gina:viewer gus:viewer guy:viewer; do
  printf '%s' "$password" | HOMEPWNER_DATABASE="$database" "$bin" users add "${user%%:*}" --role "${user#*:}" \
    --password-stdin --data-dir "$work/cli" >/dev/null
done

https_port=$(free_port)
start_instance A "$database" --trusted-proxy 127.0.0.1 --public-host "localhost:$https_port"
start_instance B "$database" --trusted-proxy 127.0.0.1 --public-host "localhost:$https_port"

# The README's "Several instances" nginx block: its two `server` lines become A and B, the
# comment standing for the HTTPS server's first lines becomes this test's; every other line
# (the proxy_* ones above all) is used unchanged.
mkdir -p "$work/nginx/logs"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost" \
  -keyout "$work/nginx/key.pem" -out "$work/nginx/cert.pem" 2>/dev/null
block=$(readme_nginx_block "## Several instances")
replace_line 'server 127.0.0.1:8080;' "server 127.0.0.1:${ports[A]};"
replace_line 'server 127.0.0.1:8081;' "server 127.0.0.1:${ports[B]};"
replace_line '# listen, server_name, ssl_certificate, ssl_certificate_key and client_max_body_size as above' \
  "listen 127.0.0.1:$https_port ssl; server_name localhost; ssl_certificate $work/nginx/cert.pem; ssl_certificate_key $work/nginx/key.pem; client_max_body_size 12m;"
require_line 'proxy_pass http://homepwner;'
require_line 'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;'
require_line 'proxy_set_header X-Forwarded-Proto $scheme;'
# Which instance answered, for the checks only (http level: the README's block adds no header).
start_nginx "add_header X-Upstream-Addr \$upstream_addr always;"

HP_A="http://127.0.0.1:${ports[A]}" HP_B="http://127.0.0.1:${ports[B]}" \
HP_PROXY="https://localhost:$https_port" HP_CA="$work/nginx/cert.pem" HP_PASSWORD="$password" \
  python3 Tests/Proxy/two_instances.py "$@" && checks=passed || checks=failed
# The README's connection budget: each instance holds 1 writer + readers (the cores, 2 to 8)
# + 1 bulk reader + 1 listener, and no more after all that work.
readers=$(( $(nproc) < 2 ? 2 : ($(nproc) > 8 ? 8 : $(nproc)) ))
connections=$(psql_at "$cluster_database" "SELECT count(*) FROM pg_stat_activity WHERE datname = '$test_database'")
[ "$connections" = $((2 * (3 + readers))) ] \
  || fail "two instances hold $connections PostgreSQL connections, not 2 × (3 + $readers readers) as the README says"
echo "the two instances hold $connections PostgreSQL connections (2 × (3 + $readers readers)), as the README says"
[ "$checks" = passed ] || fail "two instances: a check failed (above)"
echo "two instances behind nginx: every check passed"
