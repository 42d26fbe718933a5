"""Issue 26 point 3: swipe actions on the list's rows, and the row menu that gives the same
actions to keyboard and screen-reader users.

- With touch at 390×844 and a mouse at 1280×800, in light and dark: a row dragged left shows
  Favourite and Delete; a short drag springs back; a long one deletes at once and the list
  offers Undo; a vertical drag scrolls the page and swipes nothing; the "No more items!" row
  never moves.
- The row menu (a button with aria-haspopup) opens with Enter or ↓, its items are walked with
  the arrows, Escape closes it back onto its button, and Delete asks in place before deleting.
- Without JavaScript there is no menu button and nothing moves: the item's dialog and edit
  mode offer the actions.
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import HTTPClient, Server, WebDriverWait, _browser_fixture

PHONE, DESKTOP = "390x844", "1280x800"
both_sizes = pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
schemes = pytest.mark.parametrize("scheme", ["light", "dark"])


@pytest.fixture
def swipe_server():
    """40 items (the page scrolls at both sizes), the first three named for the tests."""
    server = Server(seed=37)
    http = HTTPClient(server)
    server.keys = {name: http.add_item(name, "SN-1", value) for name, value in [("Bicycle", 300), ("Camera", 75), ("台灯", 30)]}
    yield server
    server.stop()


@pytest.fixture
def swipe_browser(request, drivers, swipe_server, size):
    yield from _browser_fixture(request, drivers, swipe_server, size)


@pytest.fixture
def swipe_nojs_browser(request, drivers, swipe_server, size):
    yield from _browser_fixture(request, drivers, swipe_server, size, javascript=False)


def use_scheme(b, scheme: str):
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def touch(b, kind: str, x: float, y: float):
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    b.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def drag(b, row, dx: float, dy: float = 0, steps: int = 10):
    """A drag from the middle of `row` by (dx, dy): a finger on the phone, the mouse elsewhere."""
    b.scroll_into_view(row)
    box = b.js("const r = arguments[0].getBoundingClientRect(); return {x: r.left + r.width * 0.85, y: r.top + r.height / 2, w: r.width}", row)
    if b.size == PHONE:
        touch(b, "touchStart", box["x"], box["y"])
        for step in range(1, steps + 1):
            touch(b, "touchMove", box["x"] + dx * step / steps, box["y"] + dy * step / steps)
            time.sleep(0.02)
        touch(b, "touchEnd", 0, 0)
    else:
        actions = ActionChains(b.driver, duration=20)
        actions.move_to_element_with_offset(row, box["w"] * 0.35, 0).pause(0.05).click_and_hold()
        for _ in range(steps):
            actions.move_by_offset(dx / steps, dy / steps)
        actions.release().perform()
    time.sleep(0.4)


def row_state(b, row) -> dict:
    return b.js("""
        const row = arguments[0];
        const actions = row.querySelector('.item-row__swipe');
        const visible = (el) => !!el && !el.hidden && getComputedStyle(el).visibility !== 'hidden'
            && el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().left < innerWidth;
        return {
            x: new DOMMatrix(getComputedStyle(row).transform).m41,
            open: row.classList.contains('is-swiped'),
            favourite: visible(actions && actions.querySelector('.item-row__swipe-favourite')),
            erase: visible(actions && actions.querySelector('.item-row__swipe-delete')),
            eraseText: actions ? actions.querySelector('.item-row__swipe-delete').textContent : '',
        };""", row)


@both_sizes
@schemes
def test_a_swipe_left_shows_the_actions_and_a_short_one_springs_back(swipe_browser, swipe_server, scheme):
    b = swipe_browser
    b.emulate_touch()
    use_scheme(b, scheme)
    b.open("/items")
    row = b.row(swipe_server.keys["Camera"])
    drag(b, row, -150)
    state = row_state(b, row)
    assert state["open"] and state["x"] < -100, f"the row did not stay open: {state}"
    assert state["erase"], f"Delete is not shown: {state}"
    b.screenshot(f"swipe-open-{scheme}")
    # A tap elsewhere closes it and does nothing else.
    path = b.path
    b.find(".nav-bar__title").click()
    time.sleep(0.3)
    assert not row_state(b, row)["open"] and b.path == path and not b.has_dialog()
    drag(b, row, -30)
    state = row_state(b, row)
    assert not state["open"] and abs(state["x"]) < 1, f"a short swipe did not spring back: {state}"
    assert not b.has_dialog(), "the drag opened the item"


@both_sizes
def test_a_revealed_delete_asks_in_place_then_deletes_with_undo(swipe_browser, swipe_server):
    b = swipe_browser
    b.emulate_touch()
    b.open("/items")
    key = swipe_server.keys["台灯"]
    row = b.row(key)
    drag(b, row, -150)
    erase = b.find(".item-row__swipe-delete", row)
    erase.click()
    time.sleep(0.2)
    state = row_state(b, row)
    assert state["eraseText"] == "Confirm delete", f"Delete did not ask first: {state}"
    assert key in b.keys(), "deleted without asking"
    with b.navigates():
        b.find(".item-row__swipe-delete", row).click()
    assert key not in b.keys()
    assert "Deleted 台灯." in b.flash()
    with b.navigates():
        b.find(".flash__undo button").click()
    assert key in b.keys(), "Undo did not bring the item back"


@both_sizes
@schemes
def test_a_long_swipe_deletes_at_once_and_offers_undo(swipe_browser, swipe_server, scheme):
    b = swipe_browser
    b.emulate_touch()
    use_scheme(b, scheme)
    b.open("/items?sort=value-desc")
    key = swipe_server.keys["Bicycle"]
    row = b.row(key)
    with b.navigates():
        drag(b, row, -b.js("return arguments[0].getBoundingClientRect().width", row) * 0.75)
    assert key not in b.keys()
    assert b.path.startswith("/items?") and "mode=edit" not in b.path and "sort=value-desc" in b.path, b.path
    assert "Deleted Bicycle." in b.flash()
    b.screenshot(f"swipe-long-undo-{scheme}")
    with b.navigates():
        b.find(".flash__undo button").click()
    assert key in b.keys()


@both_sizes
def test_a_vertical_drag_scrolls_and_swipes_nothing(swipe_browser, swipe_server):
    b = swipe_browser
    b.emulate_touch()
    b.open("/items")
    row = b.row(swipe_server.keys["Camera"])
    before = b.js("return scrollY")
    drag(b, row, -25, -300)
    state = row_state(b, row)
    assert not state["open"] and abs(state["x"]) < 1, f"a vertical drag moved the row: {state}"
    assert not b.find_all(".item-row.is-swiped")
    if b.size == PHONE:
        assert b.js("return scrollY") > before, "the page did not scroll"
    assert not b.has_dialog()


@both_sizes
def test_the_no_more_items_row_never_moves(swipe_browser, swipe_server):
    b = swipe_browser
    b.emulate_touch()
    b.open("/items")
    fixed = b.find(".item-row--fixed")
    drag(b, fixed, -200)
    assert abs(b.js("return new DOMMatrix(getComputedStyle(arguments[0]).transform).m41", fixed)) < 1
    assert not b.find_all(".item-row--fixed .item-row__menu, .item-row--fixed .item-row__swipe")


@both_sizes
def test_the_row_menu_works_by_keyboard(swipe_browser, swipe_server):
    b = swipe_browser
    b.open("/items")
    key = swipe_server.keys["Camera"]
    row = b.row(key)
    button = b.find(".item-row__menu", row)
    assert button.get_attribute("aria-haspopup") == "menu" and button.get_attribute("aria-expanded") == "false"
    assert button.get_attribute("aria-label") == "Actions for Camera"
    b.js("arguments[0].focus()", button)
    ActionChains(b.driver).send_keys(Keys.ENTER).perform()
    time.sleep(0.2)
    assert button.get_attribute("aria-expanded") == "true"
    menu = b.find("#" + button.get_attribute("aria-controls"))
    assert menu.get_attribute("role") == "menu"
    items = b.find_all("[role=menuitem]", menu)
    assert items and b.js("return document.activeElement.textContent") == items[0].text
    ActionChains(b.driver).send_keys(Keys.END).perform()
    assert b.js("return document.activeElement.textContent") == "Delete"
    b.screenshot("row-menu-open")
    ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()
    time.sleep(0.1)
    assert not b.find_all(".row-menu") and button.get_attribute("aria-expanded") == "false"
    assert b.js("return document.activeElement === arguments[0]", button), "focus did not return to the menu button"
    # ↑ opens it on its last item; Delete asks in place, Escape keeps the item.
    ActionChains(b.driver).send_keys(Keys.ARROW_UP).perform()
    time.sleep(0.1)
    assert b.js("return document.activeElement.textContent") == "Delete"
    ActionChains(b.driver).send_keys(Keys.ENTER).perform()
    time.sleep(0.3)
    assert b.js("return document.activeElement.textContent") == "Confirm delete"
    assert b.js("return document.activeElement.getAttribute('aria-label')") == "Confirm: delete Camera"
    ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()
    time.sleep(0.3)
    assert not row_state(b, row)["open"] and key in b.keys()
    # And once more, confirmed with Enter: deleted, with Undo.
    b.js("arguments[0].focus()", button)
    ActionChains(b.driver).send_keys(Keys.ARROW_UP).perform()
    ActionChains(b.driver).send_keys(Keys.ENTER).perform()
    time.sleep(0.3)
    with b.navigates():
        ActionChains(b.driver).send_keys(Keys.ENTER).perform()
    assert key not in b.keys() and "Deleted Camera." in b.flash()


def is_favourite(b, row) -> bool:
    return b.find("button.item-row__star", row).get_attribute("aria-pressed") == "true"


@both_sizes
def test_the_revealed_favourite_stars_the_item_and_the_row_menu_unstars_it(swipe_browser, swipe_server):
    b = swipe_browser
    b.emulate_touch()
    b.open("/items")
    key = swipe_server.keys["Camera"]
    row = b.row(key)
    assert not is_favourite(b, row)
    drag(b, row, -150)
    favourite = b.find(".item-row__swipe-favourite", row)
    assert favourite.text == "Favourite" and favourite.get_attribute("aria-label") == "Add Camera to favourites"
    favourite.click()
    WebDriverWait(b.driver, 5).until(lambda _: is_favourite(b, row))
    assert not row_state(b, row)["open"], "the row stayed open after its action"
    # Kept by the server: the next page has it, and the Favourites filter lists it.
    b.open("/items?favourites=1")
    assert b.keys() == [key]
    b.open("/items")
    row = b.row(key)
    assert is_favourite(b, row)
    # The row menu offers the opposite now, and takes the star away by keyboard.
    button = b.find(".item-row__menu", row)
    b.js("arguments[0].focus()", button)
    ActionChains(b.driver).send_keys(Keys.ENTER).perform()
    time.sleep(0.2)
    assert b.js("return document.activeElement.textContent") == "Unfavourite"
    ActionChains(b.driver).send_keys(Keys.ENTER).perform()
    WebDriverWait(b.driver, 5).until(lambda _: not is_favourite(b, row))
    assert b.js("return document.activeElement === arguments[0]", button), "focus did not return to the menu button"
    b.open("/items?favourites=1")
    assert b.keys() == []


@both_sizes
def test_without_javascript_nothing_swipes_and_there_is_no_menu_button(swipe_nojs_browser, swipe_server):
    b = swipe_nojs_browser
    b.open("/items")
    assert not b.find_all(".item-row__menu"), "a menu button that does nothing without JavaScript"
    row = b.row(swipe_server.keys["Camera"])
    assert b.js("return getComputedStyle(arguments[0]).touchAction", row) == "auto"
    # Edit mode and the dialog still delete.
    b.open("/items?mode=edit")
    assert b.find_all(".item-row__delete")
