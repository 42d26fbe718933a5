"""Issue 6, point 6: the generated layout checked from the real DOM at four sizes.

390×844 phone upright (compact width), 844×390 phone sideways (compact height),
1024×768 (iPad-like, regular × regular) and 1280×800 desktop. Screenshots of every page
and size land in Tests/Browser/artifacts/.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import SIZES, Browser, HTTPClient, Server, make_png

ALL_SIZES = list(SIZES)
COMPACT_HEIGHT = "844x390"

LONG_NAME = (
    "Grandmother's hand-painted porcelain tea service with twelve cups, saucers, "
    "a sugar bowl and the matching milk jug, wrapped in newspaper from 1962"
)
LONG_SERIAL = "SN-2026-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789-LONGSERIAL-XYZ"  # 64 characters max
MEDIUM_SERIAL = "SN-2026-0042-XY"


@pytest.fixture(scope="module")
def layout_server():
    """One server for the module (these tests only look): random items, a long one, one with a photo."""
    server = Server(seed=6)
    client = HTTPClient(server)
    keys = {
        "long": client.add_item(LONG_NAME, LONG_SERIAL[:64], 1_234_567),
        "medium": client.add_item("Camera", MEDIUM_SERIAL, 75, photo=make_png(320, 240, (40, 120, 200))),
    }
    server.keys = keys
    yield server
    server.stop()


def _browser(request, drivers, server, size, **config):
    browser = Browser(drivers.get(**config), server, size, request.node.originalname, True)
    yield browser
    browser.collect_console()
    errors = browser.console_errors(browser.console[browser.console_checked:])
    if errors:
        pytest.fail(f"console errors during {request.node.name}: {errors}")


@pytest.fixture
def layout_browser(request, drivers, layout_server, size):
    yield from _browser(request, drivers, layout_server, size)


@pytest.fixture
def bigtext_browser(request, drivers, layout_server, size):
    """Chromium at 200% text size (default font 32 px instead of 16 px)."""
    yield from _browser(request, drivers, layout_server, size, big_text=True)


by_size = pytest.mark.parametrize("size", ALL_SIZES, indirect=True)


def open_dialog(b, key):
    b.open(f"/items/{key}")
    b.wait_for("dialog.detail-sheet[open]")


# ---------------------------------------------------------------------------


def test_overflow_check_can_fail(layout_browser):
    """The overflow helper itself: it must notice a page that is too wide."""
    b = layout_browser
    b.open("/items")
    assert b.overflow_problems() == []
    b.js(
        "const d = document.createElement('div'); d.style.width = '3000px'; d.style.height = '10px';"
        "d.id = 'too-wide'; document.querySelector('main').append(d);"
    )
    problems = b.overflow_problems()
    assert any("too-wide" in p for p in problems) and any("scrollWidth" in p for p in problems), problems
    b.open("/items")
    b.js(
        "const d = document.createElement('span'); d.textContent = 'x'; d.id = 'off-right';"
        "d.style.position = 'fixed'; d.style.left = (innerWidth + 20) + 'px'; d.style.top = '0';"
        "document.body.append(d);"
    )
    assert any("off-right" in p for p in b.overflow_problems())


@by_size
def test_pages_do_not_overflow(layout_browser, layout_server):
    b = layout_browser
    keys = layout_server.keys
    pages = [
        ("list", "/items"),
        ("edit-mode", "/items?mode=edit"),
        ("edit-mode-confirm", f"/items?mode=edit&confirm={keys['long']}"),
        ("dialog-long-item", f"/items/{keys['long']}"),
        ("dialog-photo-item", f"/items/{keys['medium']}"),
        ("bulk-confirm", f"/items/delete?key={keys['long']}&key={keys['medium']}"),
        ("report", "/items/report"),
    ]
    for name, path in pages:
        b.open(path)
        assert b.rows() or b.find_all(".confirm__list li, .report__table tbody tr"), f"{name} shows nothing"
        b.check_page(name)

    # A new item's dialog (Add), then Cancel it.
    b.open("/items")
    b.submit_by(b.find(".nav-bar__add button"))
    b.wait_for("dialog.detail-sheet[open]")
    b.check_page("dialog-new-item")
    b.submit_by(b.find(".detail__cancel"))

    b.allow_status(404)
    b.open("/items/00000000-0000-4000-8000-000000000000")
    b.check_page("404")


# The state of one row's fields, measured in the browser.
ROW_STATE_JS = """
const row = arguments[0];
const part = (css) => {
  const el = row.querySelector(css);
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  const hidden = style.display === 'none' || style.visibility === 'hidden' || r.width < 2;
  return {width: r.width, scroll: el.scrollWidth, client: el.clientWidth, hidden,
          truncated: hidden || el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
          right: r.right,
          lines: Math.round(r.height / parseFloat(style.lineHeight || '20'))};
};
return {name: part('.item-cell__name'), serial: part('.item-cell__serial'),
        value: part('.item-cell__value'), date: part('.item-cell__date'),
        row: row.getBoundingClientRect().right, vw: document.documentElement.clientWidth};
"""

# Lengthens one row's name in the live DOM, step by step, and reports the first length at
# which the date, then the serial, start to be squeezed; the value must stay whole throughout.
SQUEEZE_PROBE_JS = ROW_STATE_JS.replace("const row = arguments[0];", "").join(
    [
        """
const target = arguments[0];
const measure = (row) => {""",
        """};
const name = target.querySelector('.item-cell__name');
const original = name.textContent;
const word = 'Porcelain ';
let dateAt = null, serialAt = null, atDate = null, atSerial = null, valueBroken = null;
for (let n = 0; n <= 60; n++) {
  name.textContent = 'Tea ' + word.repeat(n);
  const s = measure(target);
  if (s.value.truncated && valueBroken === null) valueBroken = {n, value: s.value};
  if (dateAt === null && s.date.truncated) { dateAt = n; atDate = s; }
  if (serialAt === null && s.serial.truncated) { serialAt = n; atSerial = s; }
  if (dateAt !== null && serialAt !== null) break;
}
name.textContent = original;
return {dateAt, serialAt, atDate, atSerial, valueBroken};
""",
    ]
)


@by_size
def test_a_long_name_never_erases_serial_date_or_value(layout_browser, layout_server):
    """Priorities decide what gives way: on one line (regular width) the date first, then the
    serial, each down to a few characters and an ellipsis, then the name; the value never.
    On a phone the cell has two lines (iOS's subtitle style), so the name cannot squeeze them."""
    b = layout_browser
    keys = layout_server.keys
    for mode, path in (("list", "/items"), ("edit", "/items?mode=edit")):
        b.open(path)
        # The stored item with a very long name and serial.
        state = b.js(ROW_STATE_JS, b.row(keys["long"]))
        assert not state["value"]["truncated"], f"{mode}: the value is cut at {b.size}: {state['value']}"
        assert state["value"]["width"] > 10, f"{mode}: the value is squeezed away at {b.size}"
        assert state["name"]["truncated"], f"{mode}: a 150-character name shows whole on one row at {b.size}"
        for part in ("serial", "date"):
            assert not state[part]["hidden"] and state[part]["width"] >= 24, (
                f"{mode}: a long name erases the {part} at {b.size}: {state[part]}"
            )
        assert state["row"] <= state["vw"] + 1, f"{mode}: the row is wider than the viewport"

        # A normal row whose name grows: the value stays whole, and the date gives way no
        # later than the serial (on a phone neither needs to).
        probe = b.js(SQUEEZE_PROBE_JS, b.row(keys["medium"]))
        assert probe["valueBroken"] is None, f"{mode}: the value was cut at {b.size}: {probe['valueBroken']}"
        if probe["serialAt"] is not None:
            assert probe["dateAt"] is not None and probe["dateAt"] <= probe["serialAt"], (
                f"{mode}: the serial gave way before the date at {b.size}: {probe}"
            )
        b.screenshot(f"rows-{mode}")


DIALOG_STATE_JS = """
const dialog = document.querySelector('dialog.detail-sheet');
const r = dialog.getBoundingClientRect();
const photo = document.querySelector('.detail__photo');
const photoStyle = getComputedStyle(photo);
const image = document.querySelector('.detail__image');
const label = document.querySelector('.detail__camera');
const input = label.querySelector('input[type=file]');
label.scrollIntoView({block: 'center'});
const lr = label.getBoundingClientRect();
const hit = document.elementFromPoint(lr.left + lr.width / 2, lr.top + lr.height / 2);
document.activeElement && document.activeElement.blur && document.activeElement.blur();
input.focus();
const focusable = document.activeElement === input;
input.blur();
const pr = photo.getBoundingClientRect();
return {
  dialog: {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height},
  vw: document.documentElement.clientWidth, vh: document.documentElement.clientHeight,
  photoShown: photoStyle.display !== 'none' && photoStyle.visibility !== 'hidden' && pr.height > 0,
  imageHeight: image ? image.getBoundingClientRect().height : 0,
  cameraHit: !!(hit && label.contains(hit)),
  cameraPointerEvents: getComputedStyle(label).pointerEvents,
  inputVisible: getComputedStyle(input).visibility !== 'hidden' && getComputedStyle(input).display !== 'none',
  focusable,
};
"""


@by_size
def test_dialog_presentation_photo_and_camera(layout_browser, layout_server):
    b = layout_browser
    open_dialog(b, layout_server.keys["medium"])
    b.screenshot("dialog")
    s = b.js(DIALOG_STATE_JS)
    d, vw, vh = s["dialog"], s["vw"], s["vh"]

    if b.size == COMPACT_HEIGHT:
        assert not s["photoShown"], f"the photo shows on a phone held sideways: {s}"
        assert not s["cameraHit"], "the camera button can be clicked on a phone held sideways"
        assert not s["focusable"], "the camera input can be focused on a phone held sideways"
        # Tab through the whole dialog: the camera input is never reached.
        reached = []
        b.js("document.querySelector('#field-name').focus()")
        # Tab as a keyboard does (the dialog's documents have a file input of their own, which
        # takes keys sent to it as file names).
        for _ in range(14):
            ActionChains(b.driver).send_keys(Keys.TAB).perform()
            reached.append(b.js("const a = document.activeElement; return a.type === 'file' ? 'file:' + a.name : a.type || a.tagName"))
        assert "file:photo" not in reached, f"Tab reaches the disabled camera: {reached}"
    else:
        assert s["photoShown"] and s["imageHeight"] > 20, f"the photo is hidden at {b.size}: {s}"
        assert s["cameraHit"], f"the camera button cannot be clicked at {b.size}: {s}"
        assert s["focusable"], f"the camera input cannot be focused at {b.size}"

    if b.size == "390x844":
        # Full screen on a phone upright.
        assert abs(d["left"]) <= 1 and abs(d["top"]) <= 1, d
        assert abs(d["width"] - vw) <= 1 and abs(d["height"] - vh) <= 1, f"not full screen: {d} vs {vw}×{vh}"
    else:
        # A centred form sheet, narrower than the viewport, in regular width.
        assert d["width"] < vw - 32, f"the sheet is as wide as the viewport at {b.size}: {d}"
        assert abs(d["left"] - (vw - d["right"])) <= 2, f"the sheet is not centred at {b.size}: {d}"
        assert d["left"] >= 0 and d["right"] <= vw
    b.assert_no_overflow("dialog")


@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_200_percent_text_does_not_overflow(bigtext_browser, layout_server):
    b = bigtext_browser
    keys = layout_server.keys
    b.open("/items")
    root_size = b.js("return getComputedStyle(document.documentElement).fontSize")
    assert root_size == "32px", f"the browser's text size is not 200% ({root_size})"
    pages = [
        ("big-text-list", "/items"),
        ("big-text-edit-mode", "/items?mode=edit"),
        ("big-text-dialog", f"/items/{keys['medium']}"),
        ("big-text-dialog-long", f"/items/{keys['long']}"),
        ("big-text-bulk-confirm", f"/items/delete?key={keys['long']}&key={keys['medium']}"),
    ]
    for name, path in pages:
        b.open(path)
        b.check_page(name)
    # The value of the long row is still whole at 200%.
    b.open("/items")
    state = b.js(ROW_STATE_JS, b.row(keys["long"]))
    assert not state["value"]["truncated"], f"the value is cut at 200% text: {state['value']}"


STACKED_JS = """
const row = arguments[0];
const box = (cls) => row.querySelector('.item-cell__' + cls).getBoundingClientRect();
const [name, serial, value, date] = ['name', 'serial', 'value', 'date'].map(box);
return {name: name.bottom, serialTop: serial.top, serialBottom: serial.bottom, valueTop: value.top,
        valueBottom: value.bottom, dateTop: date.top, serialWidth: serial.width, dateWidth: date.width};
"""


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_large_text_on_a_phone_stacks_the_cell(bigtext_browser, layout_server):
    """At 200% text a phone is at an accessibility content size: the name takes the width
    (the value goes under it when both do not fit), the serial and date lines follow, each
    whole; in edit mode the accessories take a line of their own above the cell."""
    b = bigtext_browser
    for path in ("/items", "/items?mode=edit"):
        b.open(path)
        s = b.js(STACKED_JS, b.row(layout_server.keys["medium"]))
        assert s["serialTop"] >= s["name"] - 1, f"the serial is not under the name: {s}"
        assert s["dateTop"] >= s["name"] - 1, f"the date is not under the name: {s}"
        assert s["serialWidth"] > 0 and s["dateWidth"] > 0, f"a stacked label is squeezed away: {s}"
        state = b.js(ROW_STATE_JS, b.row(layout_server.keys["medium"]))
        for part in ("name", "serial", "value", "date"):
            assert not state[part]["truncated"], f"{path}: the {part} is cut at 200% text: {state[part]}"
        b.check_page("big-text-stacked-" + ("edit" if "edit" in path else "list"))


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_normal_text_on_a_phone_keeps_two_lines(layout_browser, layout_server):
    """At 100% text a phone row is two lines: name and value, then serial and date."""
    b = layout_browser
    b.open("/items")
    s = b.js(STACKED_JS, b.row(layout_server.keys["medium"]))
    assert s["valueTop"] < s["name"], f"the value left the name's line at 100% text: {s}"
    assert s["serialTop"] >= s["name"] - 1, f"the serial is not under the name: {s}"
    assert abs(s["dateTop"] - s["serialTop"]) <= 4, f"serial and date are not on one line: {s}"

