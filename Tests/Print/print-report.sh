#!/usr/bin/env bash
# The insurance report on paper (issue 13 point 3): starts the built server with an owner and
# seeded items, prints /items/report to PDF with headless Chromium (A4 and Letter), and checks
# the PDFs with poppler-utils: every item's name, the count and the total are in the text, the
# table header is on every page, nothing sticks out of the page, photos are printed, and the
# page size and count are right. Screenshots of the page (390×844, 1280×800, dark) and the
# PDFs land in Tests/Print/artifacts/. CI runs `swift build` first; this script builds nothing.
#
#   Tests/Print/print-report.sh
#
# Env: HOMEPWNER_BIN (default .build/debug/homepwner), PRINT_SEED (seeded items, default 150).
set -euo pipefail
cd "$(dirname "$0")/../.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Debian's chromium, chromium-driver and poppler-utils (pdftotext, pdfinfo, pdfimages), when missing.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
command -v pdftotext >/dev/null 2>&1 && command -v pdfinfo >/dev/null 2>&1 && command -v pdfimages >/dev/null 2>&1 \
  || missing+=(poppler-utils)
# A Chinese font, so the long Chinese name prints as text rather than empty boxes.
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  missing+=(fonts-wqy-zenhei)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "print check: installing ${missing[*]}" >&2
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

# selenium from PyPI, when missing.
if ! python3 -c "import selenium" >/dev/null 2>&1; then
  echo "print check: installing selenium" >&2
  pip_log=$(mktemp)
  if ! python3 -m pip install "selenium>=4.10" 2>&1 | tee "$pip_log"; then
    # Debian's Python is "externally managed" (PEP 668): only when pip says so, override it.
    if grep -q "externally-managed-environment" "$pip_log"; then
      python3 -m pip install --break-system-packages "selenium>=4.10"
    else
      exit 1
    fi
  fi
  rm -f "$pip_log"
fi

bin="${HOMEPWNER_BIN:-.build/debug/homepwner}"
if [ ! -x "$bin" ]; then
  echo "error: no server binary at $bin — run \`swift build\` first (or set HOMEPWNER_BIN)" >&2
  exit 1
fi

data_dir=$(mktemp -d /tmp/homepwner-print-XXXXXX)
server_log="$data_dir/server.log"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$data_dir"
}
trap cleanup EXIT

password="print-check $(date +%s) $$"
printf '%s' "$password" | "$bin" users add owner --role owner --password-stdin --data-dir "$data_dir" >/dev/null
"$bin" --host 127.0.0.1 --port 0 --data-dir "$data_dir" --seed "${PRINT_SEED:-150}" --quiet >"$server_log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'Homepwner listening on http://[^ ]*' "$server_log" | cut -d' ' -f4 || true)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "error: the server did not start:" >&2
  cat "$server_log" >&2
  exit 1
fi

rm -rf Tests/Print/artifacts
mkdir -p Tests/Print/artifacts
HOMEPWNER_URL="$url" HOMEPWNER_PASSWORD="$password" timeout 150 python3 Tests/Print/print_report.py Tests/Print/artifacts
# QR label sheets (issue 24 point 5) on the same server: A4 and Letter, every label's name and
# short code in its own cell, and (with zbarimg) the printed codes scanned (print_labels.py).
HOMEPWNER_URL="$url" HOMEPWNER_PASSWORD="$password" timeout 150 python3 Tests/Print/print_labels.py Tests/Print/artifacts
