"""Issue 24 point 5: QR labels in the browser, at phone and desktop sizes, JavaScript on and off.

Select mode's "Print labels" (the button waits for a selection with JavaScript), the item
dialog's "QR label" link, the locations' chooser, the sheet itself (no sideways scrolling, the
Print button only with JavaScript, Back); a qr.svg as Chromium draws it scans (zbarimg, Debian
zbar-tools) as the item's absolute address; axe-core 0 serious/critical and the Nu Html
Checker 0 errors on the new pages. One server for the module; few page loads.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from conftest import HTTPClient, Server, _browser_fixture, place_item
from test_standards import nu_checker_errors, serious_axe_findings

PHONE, DESKTOP = "390x844", "1280x800"
LONG = ("Antique grandfather clock, walnut case, brass pendulum, hand-painted moon dial, Westminster "
        "chimes, inherited in 1987, appraised 2024 by Smith & Sons")[:150].ljust(150, "x")
CHINESE = "古董落地钟，胡桃木外壳，黄铜钟摆，手绘月相表盘，威斯敏斯特报时，一九八七年继承"
HOSTILE = '<script>alert(1)</script> & "lamp"'


@pytest.fixture(scope="module")
def labels_server():
    server = Server()
    http = HTTPClient(server)
    server.keys = {
        "camera": http.add_item("Camera", "4F7X2", 450),
        "long": http.add_item(LONG, "SN-1", 1_234),
        "chinese": http.add_item(CHINESE, "ZH-1", 5),
        "hostile": http.add_item(HOSTILE, "H-1", 60),
    }
    places = place_item(http, server.keys["camera"], new_location="Garage > Box 3")
    server.box = places["location_key"]
    server.http = http
    yield server
    server.stop()


@pytest.fixture
def labels_browser(request, drivers, labels_server, size, javascript):
    yield from _browser_fixture(request, drivers, labels_server, size, javascript=javascript)


@pytest.fixture
def javascript(request):
    return getattr(request, "param", True)


def label_names(b) -> list[str]:
    return [name.get_attribute("textContent") for name in b.find_all(".qr-label__name")]


def check_sheet(b, names: list[str], what: str):
    """The sheet on screen: its labels in order, each with a drawn code and a short code."""
    assert b.path.split("?")[0] in ("/qr-labels", "/items/qr-labels"), b.path
    assert label_names(b) == names
    assert len(b.find_all(".qr-label svg path")) == len(names)
    codes = [code.get_attribute("textContent") for code in b.find_all(".qr-label__short")]
    assert len(codes) == len(names) and all(re.fullmatch(r"Code [0-9A-F]{6}", code) for code in codes), codes
    print_button = b.find("[data-print]")
    assert print_button.is_displayed() == b.javascript, "Print shows exactly when JavaScript can print"
    b.check_page(what)


cases = pytest.mark.parametrize("size,javascript", [(PHONE, True), (DESKTOP, False)], indirect=True)


@cases
def test_print_labels_from_select_mode(labels_browser, labels_server):
    b = labels_browser
    keys = labels_server.keys
    b.open("/items?mode=select")
    labels = b.find(".select-bar__labels")
    assert labels.is_enabled() != b.javascript, "with JavaScript Print labels waits for a selection"
    for key in (keys["chinese"], keys["camera"]):
        box = b.find(".item-row__select input", b.row(key))
        b.scroll_into_view(box)
        box.click()
    b.check_page("select-mode")
    b.submit_by(b.find(".select-bar__labels"))
    # In the list's order, whatever order they were ticked in.
    check_sheet(b, ["Camera", CHINESE], "sheet-from-select-mode")
    b.submit_by(b.find(".report-bar__back"))
    assert b.path.startswith("/items?mode=select"), b.path


@cases
def test_dialog_link_or_the_locations_chooser(labels_browser, labels_server):
    b = labels_browser
    keys = labels_server.keys
    if b.javascript:
        # The item's dialog → its label.
        b.open(f"/items/{keys['long']}")
        b.submit_by(b.find(".detail__qr-link"))
        check_sheet(b, [LONG], "sheet-one-item")
    else:
        # The locations page → the chooser → a label for the box.
        b.open("/locations")
        b.submit_by(b.find(".places__qr-link"))
        b.check_page("chooser")
        options = {option.text.split("\n")[0]: option for option in b.find_all(".qr-choose__option")}
        box = b.find("input", options["Garage › Box 3"])
        b.scroll_into_view(box)
        box.click()
        b.submit_by(b.find(".qr-choose__actions button"))
        check_sheet(b, ["Garage › Box 3"], "sheet-location")


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg is not installed (Debian zbar-tools)")
@pytest.mark.parametrize("size", [DESKTOP], indirect=True)
def test_qr_svg_as_drawn_by_chromium_scans_as_the_items_address(labels_browser, labels_server, tmp_path):
    b = labels_browser
    key = labels_server.keys["hostile"]
    # An image opened alone names no icon: Chromium asks for /favicon.ico, which is 404.
    b.allow_status(404)
    b.open(f"/items/{key}/qr.svg")
    shot = tmp_path / "qr.png"
    b.driver.save_screenshot(str(shot))
    b.screenshot("qr-svg")
    scanned = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True).stdout.split()
    assert scanned == [labels_server(f"/items/{key}")]


@pytest.mark.parametrize("size,scheme", [(PHONE, "light"), (DESKTOP, "dark")], indirect=["size"])
def test_label_pages_meet_axe(labels_browser, labels_server, scheme):
    b = labels_browser
    keys = labels_server.keys
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    problems = []
    try:
        for name, path in [("sheet", f"/qr-labels?item={keys['long']}&item={keys['hostile']}&location={labels_server.box}"),
                           ("chooser", "/qr-labels/locations?none=1")]:
            b.open(path)
            problems += [f"{name} ({scheme}, {b.size}): {finding}" for finding in serious_axe_findings(b)]
            b.screenshot(f"axe-{name}-{scheme}")
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_label_pages_have_no_html_errors(labels_server, tmp_path):
    http = labels_server.http
    keys = labels_server.keys
    gone = "00000000-0000-4000-8000-000000000000"
    pages = [
        ("sheet", f"/qr-labels?item={keys['camera']}&item={keys['long']}&item={keys['chinese']}&item={keys['hostile']}"
                  f"&item={gone}&location={labels_server.box}", 200),
        ("sheet-select", f"/items/qr-labels?mode=select&key={keys['camera']}", 200),
        ("chooser", "/qr-labels/locations?none=1", 200),
        ("nothing-selected", "/items?mode=select&none=labels", 200),
        ("dialog", f"/items/{keys['camera']}", 200),
        ("locations", "/locations", 200),
        ("bad-key", "/qr-labels?item=nope", 400),
        ("none-exist", f"/qr-labels?item={gone}", 404),
    ]
    files = []
    for name, path, expected in pages:
        status, _, body = http.get(path)
        assert status == expected, f"{path} answered {status}"
        file = tmp_path / f"{name}.html"
        file.write_bytes(body)
        files.append(str(file))
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
