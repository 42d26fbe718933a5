"""Issue 22, points 6 and 7: edit mode as on iOS, Select mode, Delete in the dialog; drag with
autoscroll, a lifted row, and a pinned header.

6. Edit mode shows the minus and the handle only (no checkbox), so at 390×844 the serial and the
   date of a 150-character name (Latin or Chinese) show whole; the minus slides a Delete in from
   the row's right edge without changing its height (without JavaScript the minus leads to the
   server's asking row, Delete on the right too); Select is a mode of its own (?mode=select) with
   selection circles and a bar whose buttons wait for a selection (without JavaScript, nothing
   selected brings the list back in Select mode with a message by the bar); "Move to…" moves the
   selection; the item's dialog has a Delete, confirmed, then Undo on the list.
7. With ~60 items at 390×844 with touch, holding a dragged row at the bottom edge scrolls the
   page and the drop lands far down (kept after a reload); the header stays pinned; a lifted
   copy with a shadow follows the finger while the other rows make room.
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from conftest import HTTPClient, Server, WebDriverWait, _browser_fixture

PHONE, LANDSCAPE, DESKTOP = "390x844", "844x390", "1280x800"
three_sizes = pytest.mark.parametrize("size", [PHONE, LANDSCAPE, DESKTOP], indirect=True)
# "before" when run against /work/main's binary, "after" otherwise.

SERIAL = "SN-2026-0042-XY"
NAME150 = (
    "Grandmother's hand-painted porcelain tea service with twelve cups, saucers, a sugar "
    "bowl and the matching milk jug, wrapped in newspaper of 1962, box."
)
CHINESE150 = ("祖母手绘的瓷器茶具，十二个茶杯、茶碟、一个糖罐和配套的奶壶，用一九六二年的旧报纸包着，放在阁楼的木箱里。" * 3)[:150]


@pytest.fixture
def long_server():
    """60 items: the first three named 'first', 150 Latin and 150 Chinese characters."""
    server = Server(seed=57)
    http = HTTPClient(server)
    server.keys = {
        "first": http.add_item("first", SERIAL, 12),
        "name150": http.add_item(NAME150, SERIAL, 1234),
        "chinese150": http.add_item(CHINESE150, SERIAL, 30),
    }
    server.http = http
    yield server
    server.stop()


@pytest.fixture
def long_browser(request, drivers, long_server, size):
    yield from _browser_fixture(request, drivers, long_server, size)


@pytest.fixture
def long_nojs_browser(request, drivers, long_server, size):
    yield from _browser_fixture(request, drivers, long_server, size, javascript=False)


def move_first(http: HTTPClient, key: str):
    status, _, _ = http.post(f"/items/{key}/move", [("position", "1")])
    assert status == 303


ROW_JS = """
const row = arguments[0];
const box = row.getBoundingClientRect();
const part = (name) => {
  const el = row.querySelector('.item-cell__' + name);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {width: r.width, cut: el.scrollWidth > el.clientWidth + 1, text: el.textContent.trim(),
          visible: getComputedStyle(el).display !== 'none' && r.width > 0 && r.right <= innerWidth + 1};
};
return {height: box.height, left: box.left, right: box.right, serial: part('serial'), date: part('date'),
        checkboxes: row.querySelectorAll('input[type=checkbox]').length,
        minus: row.querySelectorAll('.item-row__delete').length, handle: row.querySelectorAll('.item-row__handle').length};
"""


def row_state(b, key):
    row = b.row(key)
    b.js("arguments[0].scrollIntoView({block: 'center'})", row)
    time.sleep(0.05)
    return b.js(ROW_JS, row)


# ---------------------------------------------------------------------------
# Point 6: edit mode


@three_sizes
def test_p6_edit_mode_has_minus_and_handle_only_and_serial_and_date_uncut(long_browser, long_server):
    b = long_browser
    for label in ("name150", "chinese150"):
        move_first(long_server.http, long_server.keys[label])
        b.open("/items?mode=edit")
        state = row_state(b, long_server.keys[label])
        where = f"{label} in edit mode at {b.size}"
        assert state["checkboxes"] == 0, f"edit mode shows a selection checkbox: {where}"
        assert state["minus"] == 1 and state["handle"] == 1, f"no minus or handle: {where}: {state}"
        for part in ("serial", "date"):
            assert state[part]["visible"] and state[part]["width"] >= 16, f"the {part} of {where} is hidden: {state[part]}"
            # On a phone upright (the cell on two lines) both show whole; on one line a long name
            # may squeeze them to an ellipsis, as the list does (test_table_view).
            if b.size == PHONE:
                assert not state[part]["cut"], f"the {part} of {where} is cut: {state[part]}"
        assert state["serial"]["text"] == SERIAL
        b.check_page(f"edit-{label}")
    b.shot(6, "edit-mode")


@three_sizes
def test_p6_minus_slides_delete_in_from_the_right(long_browser, long_server):
    b = long_browser
    key = long_server.keys["first"]
    b.open("/items?mode=edit")
    before = row_state(b, key)
    token = b.mark_page()
    b.find(".item-row__delete", b.row(key)).click()
    confirm = b.wait_for(f'.item-row[data-key="{key}"] .item-row__confirm')
    time.sleep(0.3)  # the slide
    assert b.page_is_marked(token), "with JavaScript the minus asks in place"
    after = row_state(b, key)
    delete = b.find("button", confirm)
    box = b.js("const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right}", delete)
    assert abs(after["height"] - before["height"]) <= 1, f"asking changed the row's height: {before['height']} → {after['height']}"
    assert box["left"] > (after["left"] + after["right"]) / 2 and after["right"] - box["right"] < 24, (
        f"Delete is not at the row's right edge: {box}, row {after}"
    )
    assert not [x for x in b.find_all("button, a", confirm) if x.text.strip() == "Keep"], "a Keep button beside Delete"
    assert b.active_element_info()["rowKey"] == key, "focus did not move to Delete"
    b.shot(6, "delete-slid-in")
    b.check_page("delete-slid-in")

    # The minus again hides it; so does a tap elsewhere, which does nothing else.
    b.find(".item-row__delete", b.row(key)).click()
    assert not b.find_all(".item-row__confirm"), "the minus did not hide Delete"
    b.find(".item-row__delete", b.row(key)).click()
    other = b.find(".item-cell__name", b.rows()[b.keys().index(key) - 1])
    b.scroll_into_view(other)
    other.click()
    assert not b.find_all(".item-row__confirm"), "a tap elsewhere did not hide Delete"
    assert not b.has_dialog(), "the tap that hid Delete also opened an item"

    # Delete deletes, and the list offers Undo.
    b.find(".item-row__delete", b.row(key)).click()
    b.submit_by(b.wait_for(f'.item-row[data-key="{key}"] .item-row__confirm button'))
    assert key not in b.keys() and "Deleted first." in b.flash() and "mode=edit" in b.path
    b.submit_by(b.find(".flash__undo button"))
    assert key in b.keys()


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_p6_nojs_minus_leads_to_delete_on_the_right(long_nojs_browser, long_server):
    b = long_nojs_browser
    key = long_server.keys["first"]
    b.open("/items?mode=edit")
    before = row_state(b, key)
    b.submit_by(b.find(".item-row__delete", b.row(key)))
    assert f"confirm={key}" in b.path
    after = row_state(b, key)
    delete = b.find(".item-row__confirm button.button--danger", b.row(key))
    box = b.js("const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right}", delete)
    assert abs(after["height"] - before["height"]) <= 1, f"asking changed the row's height: {before['height']} → {after['height']}"
    assert box["left"] > (after["left"] + after["right"]) / 2, f"Delete is not on the right: {box}"
    b.shot(6, "nojs-delete-asking")
    # The minus again puts the question away.
    b.submit_by(b.find(".item-row__delete", b.row(key)))
    assert not b.find_all(".item-row__confirm")
    b.submit_by(b.find(".item-row__delete", b.row(key)))
    b.submit_by(b.find(".item-row__confirm button.button--danger", b.row(key)))
    assert key not in b.keys() and "Deleted first." in b.flash()


# ---------------------------------------------------------------------------
# Point 6: Select mode


@three_sizes
def test_p6_select_mode_with_its_own_bar(long_browser, long_server):
    b = long_browser
    keys = long_server.keys
    b.open("/items")
    select = b.find(".nav-bar__select")
    assert select.text.strip() == "Select"
    b.submit_by(select)
    assert "mode=select" in b.path
    assert not b.find_all(".item-row__delete, .item-row__handle"), "Select mode shows edit mode's controls"
    bar = b.find(".select-bar")
    delete = b.find(".select-bar__delete")
    move = b.find(".select-bar__move")
    assert not delete.is_enabled() and not move.is_enabled(), "the bar's buttons work with nothing selected"
    b.shot(6, "select-mode")
    # A tap anywhere in the row selects it (it does not open the item).
    for label in ("first", "chinese150"):
        name = b.find(".item-cell__name", b.row(keys[label]))
        b.scroll_into_view(name)
        name.click()
    assert not b.has_dialog()
    assert delete.is_enabled() and move.is_enabled()
    assert "2 selected" in bar.text
    assert b.js("const r = arguments[0].getBoundingClientRect(); return r.bottom <= innerHeight + 1 && r.top >= 0", bar), (
        "the bar is not in view"
    )
    b.shot(6, "select-two")
    b.check_page("select-two")
    b.submit_by(delete)
    assert b.path.startswith("/items/delete?")
    b.submit_by(b.find(".confirm__actions button.button--danger"))
    assert "mode=select" in b.path and "Deleted 2 items." in b.flash()
    assert keys["first"] not in b.keys()
    b.submit_by(b.find(".flash__undo button"))
    assert keys["first"] in b.keys() and keys["chinese150"] in b.keys()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_p6_nojs_nothing_selected_returns_to_select_mode(long_nojs_browser, long_server):
    b = long_nojs_browser
    b.open("/items?mode=select")
    for button, message in ((".select-bar__delete", "Select the items to delete first."),
                            (".select-bar__move", "Select the items to move first.")):
        b.submit_by(b.find(button))
        assert b.status == 200 and b.path.startswith("/items?mode=select"), b.path
        bar = b.find(".select-bar")
        assert message in bar.text, f"no message by the bar: {bar.text!r}"
        assert not b.find_all(".confirm__title"), "a dead-end page"
    b.shot(6, "nojs-nothing-selected")
    b.check_page("nojs-nothing-selected")


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_p6_nojs_move_selected_to_a_position(long_nojs_browser, long_server):
    b = long_nojs_browser
    keys = long_server.keys
    b.open("/items?mode=select")
    order = b.keys()
    chosen = [order[10], order[40]]
    for key in chosen:
        box = b.find(".item-row__select input", b.row(key))
        b.scroll_into_view(box)
        box.click()
    b.submit_by(b.find(".select-bar__move"))
    assert b.path.startswith("/items/move-selected?")
    b.set_field("#move-position", "2")
    b.check_page("move-selected")
    b.submit_by(b.find(".move__form button.button--primary"))
    assert "Moved 2 items to position 2." in b.flash()
    rest = [k for k in order if k not in chosen]
    assert b.keys() == [rest[0]] + chosen + rest[1:], "the selection did not land together at position 2"


# ---------------------------------------------------------------------------
# Point 6: Delete in the item's dialog


def check_dialog_delete(b, server):
    key = server.keys["first"]
    b.open(f"/items/{key}")
    delete = b.find("dialog .detail__delete")
    b.shot(6, "dialog-delete" + ("" if b.javascript else "-nojs"))
    b.submit_by(delete)
    assert b.path.startswith("/items/delete?") and "first" in b.find(".confirm__list").text
    # Keep goes back to the dialog.
    b.submit_by(b.find(".confirm__actions a.button"))
    assert b.path.startswith(f"/items/{key}") and b.has_dialog()
    b.submit_by(b.find("dialog .detail__delete"))
    b.submit_by(b.find(".confirm__actions button.button--danger"))
    assert b.path.startswith("/items") and "mode=" not in b.path
    assert "Deleted first." in b.flash() and key not in b.keys()
    b.check_page("after-dialog-delete")
    b.submit_by(b.find(".flash__undo button"))
    assert key in b.keys()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_p6_dialog_delete_with_confirmation_then_undo(long_browser, long_server):
    check_dialog_delete(long_browser, long_server)


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_p6_nojs_dialog_delete_with_confirmation_then_undo(long_nojs_browser, long_server):
    check_dialog_delete(long_nojs_browser, long_server)


# ---------------------------------------------------------------------------
# Point 7: drag with autoscroll, the pinned header


DRAG_STATE_JS = """
const ghost = document.querySelector('.item-row--ghost');
const moved = [...document.querySelectorAll('.item-list .item-row[data-key]')]
  .filter((row) => row.style.transform && row.style.transform !== 'none').length;
const header = document.querySelector('.nav-bar').getBoundingClientRect();
return {scrollY: scrollY, ghost: !!ghost, shadow: ghost ? getComputedStyle(ghost).boxShadow : 'none',
        ghostTop: ghost ? ghost.getBoundingClientRect().top : null, moved,
        headerTop: header.top, headerBottom: header.bottom};
"""


def touch(b, kind: str, x: float, y: float):
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    b.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_p7_touch_drag_autoscrolls_and_drops_far_down(long_browser, long_server):
    b = long_browser
    b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        b.open("/items?mode=edit")
        first = b.keys()[0]
        handle = b.find(".item-row__handle", b.row(first))
        box = b.js("const r = arguments[0].getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}", handle)
        touch(b, "touchStart", box["x"], box["y"])
        bottom = b.height - 12
        for step in range(1, 11):
            touch(b, "touchMove", box["x"], box["y"] + (bottom - box["y"]) * step / 10)
            time.sleep(0.02)
        lifted = b.js(DRAG_STATE_JS)
        assert lifted["ghost"] and lifted["shadow"] != "none", f"no lifted copy with a shadow: {lifted}"
        assert abs(lifted["ghostTop"] - (bottom - 30)) < 60, f"the copy does not follow the finger: {lifted}"
        held = time.monotonic()
        while time.monotonic() - held < 2.0:
            touch(b, "touchMove", box["x"], bottom)
            time.sleep(0.1)
        during = b.js(DRAG_STATE_JS)
        b.shot(7, "drag-autoscroll")
        assert during["scrollY"] > 600, f"holding at the bottom edge did not scroll the page: {during}"
        assert during["moved"] >= 10, f"the other rows did not make room: {during}"
        assert during["headerTop"] == 0 and during["headerBottom"] > 30, f"the header scrolled away: {during}"
        touch(b, "touchEnd", 0, 0)
        WebDriverWait(b.driver, 5).until(lambda _: not b.js("return !!document.querySelector('.item-row--ghost')"))
        WebDriverWait(b.driver, 5).until(lambda _: b.keys().index(first) >= 20, "the drop did not land far down")
        landed = b.keys().index(first)
    finally:
        b.emulate_touch(False)
    time.sleep(0.5)
    b.open("/items")
    assert b.keys().index(first) == landed, "the dropped order was not kept"
    b.check_page("after-touch-drag")


@pytest.mark.parametrize("size", [DESKTOP], indirect=True)
def test_p7_mouse_drag_autoscrolls(long_browser, long_server):
    b = long_browser
    b.open("/items?mode=edit")
    first = b.keys()[0]
    handle = b.find(".item-row__handle", b.row(first))
    b.scroll_into_view(handle)
    box = b.js("const r = arguments[0].getBoundingClientRect(); return {y: r.top + r.height / 2}", handle)
    step = int((b.height - 10 - (box["y"] + 20)) / 5)
    actions = ActionChains(b.driver, duration=50).click_and_hold(handle).move_by_offset(0, 20)
    for _ in range(5):
        actions.move_by_offset(0, step)
    actions.pause(1.5).perform()
    during = b.js(DRAG_STATE_JS)
    assert during["ghost"] and during["scrollY"] > 400, f"the page did not scroll under a held drag: {during}"
    assert during["headerTop"] == 0, f"the header scrolled away: {during}"
    ActionChains(b.driver).release().perform()
    WebDriverWait(b.driver, 5).until(lambda _: b.keys().index(first) >= 15, "the drop did not land far down")
    landed = b.keys().index(first)
    time.sleep(0.5)
    b.open("/items")
    assert b.keys().index(first) == landed


@three_sizes
def test_p7_header_stays_pinned_on_a_long_list(long_browser, long_server):
    b = long_browser
    for path in ("/items?mode=edit", "/items"):
        b.open(path)
        b.js("window.scrollTo(0, document.documentElement.scrollHeight)")
        time.sleep(0.2)
        state = b.js(DRAG_STATE_JS)
        assert state["scrollY"] > 500
        assert state["headerTop"] == 0 and state["headerBottom"] > 30, f"the header scrolled away on {path}: {state}"
        done = b.find(".nav-bar__edit")
        assert b.js("const r = arguments[0].getBoundingClientRect(); "
                    "const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); "
                    "return !!hit && arguments[0].contains(hit)", done), f"Done/Edit cannot be tapped on {path}"
        if b.size == LANDSCAPE:
            assert state["headerBottom"] <= 52, f"the pinned header is too tall for a short screen: {state}"
        b.check_page("pinned-header")
    b.shot(7, "pinned-header")
