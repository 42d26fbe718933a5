"""Issue 5, point 9: the flows of AppFlowTests clicked through in Chromium, as a person would.

With JavaScript on at 390×844, 844×390 and 1280×800, then Add → Cancel, the edit-mode
moves and Delete again with JavaScript off. Every page a flow reaches is checked for
console errors and horizontal overflow (Browser.check_page) and screenshotted.
"""

from __future__ import annotations

import re
import uuid

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import WebDriverWait

FLOW_SIZES = ["390x844", "844x390", "1280x800"]
# The camera button is disabled on a phone held sideways (compact height), by design.
PHOTO_SIZES = ["390x844", "1280x800"]

RANDOM_NAME = re.compile(r"(Fluffy|Rusty|Shiny) (Bear|Spark|Mac)")
RANDOM_SERIAL = re.compile(r"[0-9][A-Z][0-9][A-Z][0-9]")

sizes = pytest.mark.parametrize("size", FLOW_SIZES, indirect=True)


# ---------------------------------------------------------------------------
# Steps a person takes


def click_add(b):
    b.submit_by(b.find(".nav-bar__add button"))
    b.wait_for("dialog.detail-sheet[open]")
    assert b.path.startswith("/drafts/"), f"Add led to {b.path}"


def press_done(b):
    b.submit_by(b.find(".detail__done"))


def press_cancel(b):
    """Cancel. With JavaScript a dialog holding changes asks "Discard changes?" first: Discard."""
    cancel = b.find(".detail__cancel")
    b.scroll_into_view(cancel)
    with b.navigates():
        cancel.click()
        if b.javascript and b.find_all(".discard[open]"):
            b.find(".discard__confirm").click()


def press_random_item(b):
    """The Add dialog's "Random item": the tutorial's randomItem, in place of the empty form."""
    b.submit_by(b.find(".detail__random"))
    b.wait_for("dialog.detail-sheet[open]")


def open_item(b, key):
    """Clicks the item's row, as a person opening it from the list. With JavaScript the
    dialog opens in place (the page is not loaded again); without it, its page loads."""
    link = b.find(".item-cell__name", b.row(key))
    if b.javascript:
        b.scroll_into_view(link)
        b.js("window.homepwnerSamePage = true")
        link.click()
        b.wait_for("dialog.detail-sheet[open]")
        assert b.js("return window.homepwnerSamePage === true"), "the dialog did not open in place"
        assert b.js("return document.querySelector('.app').inert"), "the list behind the dialog is not inert"
        assert b.js("return document.querySelector('dialog.detail-sheet').contains(document.activeElement)"), (
            "focus did not land in the dialog opened in place"
        )
    else:
        b.submit_by(link)
        b.wait_for("dialog.detail-sheet[open]")
    assert b.path.startswith(f"/items/{key}"), b.path


def enter_edit_mode(b):
    edit = b.find(".nav-bar__edit")
    assert edit.text.strip() == "Edit"
    b.submit_by(edit)
    assert "mode=edit" in b.path
    assert b.find(".nav-bar__edit").text.strip() == "Done"
    assert b.find_all(".item-list--editing")


def move_to(b, key, position: int):
    """The row's handle opens "Move to…" (a page of its own, so it works without JS)."""
    handle = b.find(".item-row__handle", b.row(key))
    b.scroll_into_view(handle)
    b.submit_by(handle)
    assert b.path.startswith(f"/items/{key}/move"), b.path
    field = b.find("#move-position")
    field.clear()
    field.send_keys(str(position))
    b.submit_by(b.find(".move__form button.button--primary"))


def press_arrow(b, key, direction: str):
    """↑/↓ in the row where the layout shows them (wide screens); on a phone the compact
    edit mode keeps only the handle, whose "Move to…" page has the same buttons."""
    button = b.find(f".item-row__{direction}", b.row(key))
    if button.is_displayed():
        b.submit_by(button)
        return
    b.submit_by(b.find(".item-row__handle", b.row(key)))
    b.submit_by(b.find(f'.move__form button[value="{direction}"]'))


def assert_focus_in_dialog(b, when: str):
    info = b.active_element_info()
    b.expect(info["inDialog"], f"focus is not inside the dialog {when} at {b.size}: {info}")


def assert_focus_on_row_link(b, key: str, when: str):
    """Checked softly (the flow goes on), reported at the end of the test by b.verify()."""
    info = b.active_element_info()
    url = b.driver.current_url.split("/", 3)[-1]
    b.expect(
        info["rowKey"] == key and "item-row__cell" in (info["cls"] or ""),
        f"focus did not return to the row link {when} at {b.size} (/{url}): active element <{info['tag']} "
        f"class={info['cls']!r}>",
    )


def row_fields(b, key: str) -> dict:
    row = b.row(key)
    text = lambda css: b.find(css, row).get_attribute("textContent").strip()  # noqa: E731
    return {
        "name": text(".item-cell__name"),
        "serial": text(".item-cell__serial"),
        "value": text(".item-cell__value"),
        "badge": text(".item-cell__badge"),
        "valuable": "item-row--valuable" in row.get_attribute("class"),
    }


def dialog_fields(b) -> dict:
    return {
        "name": b.find("#field-name").get_attribute("value"),
        "serial": b.find("#field-serial").get_attribute("value"),
        "value": b.find("#field-value").get_attribute("value"),
    }


def page_text(b) -> str:
    return b.find("body").get_attribute("textContent")


# ---------------------------------------------------------------------------
# JavaScript on


@sizes
def test_add_then_cancel(browser):
    b = browser
    b.open("/items")
    assert b.js("return typeof enhanceDialog") == "function", "app.js did not run"
    assert b.rows() == []
    # Issue 22, point 13: one friendly empty state with Add, no "No more items!" and no Edit.
    assert not b.find_all(".item-row--fixed") and b.find_all(".empty"), "the empty list's state"
    b.check_page("empty-list")

    click_add(b)
    draft = b.path.split("?")[0]
    assert_focus_in_dialog(b, "after Add")
    assert dialog_fields(b) == {"name": "", "serial": "", "value": ""}, "Add did not open an empty form"
    press_random_item(b)
    fields = dialog_fields(b)
    assert RANDOM_NAME.fullmatch(fields["name"]), fields
    assert RANDOM_SERIAL.fullmatch(fields["serial"]), fields
    assert fields["value"].isdigit() and 0 <= int(fields["value"]) <= 99, fields
    assert b.find_all(".app[inert]"), "the list behind the dialog is not inert"
    b.check_page("add-dialog")

    press_cancel(b)
    assert not b.has_dialog()
    assert b.path.startswith("/items")
    assert b.rows() == [], "a cancelled new item shows in the list"
    assert fields["serial"] not in page_text(b)
    assert "Nothing was changed" in b.flash()
    b.check_page("after-cancel")

    # The draft is gone for good.
    b.allow_status(404)
    b.open(draft)
    assert not b.has_dialog()
    assert "Not found" in b.find(".error-page__title").text
    b.check_page("cancelled-draft-404")

    # Esc works like Cancel in the dialog.
    b.open("/items")
    click_add(b)
    with b.navigates():
        b.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    b.wait_ready()
    assert not b.has_dialog() and b.rows() == [], "Esc did not cancel the new item"
    b.verify()


@sizes
@pytest.mark.seed(2)
def test_add_then_done(seeded_browser):
    b = seeded_browser
    b.open("/items")
    before = b.keys()
    assert len(before) == 2

    click_add(b)
    assert_focus_in_dialog(b, "after Add")
    b.set_field("#field-name", "Laptop")
    b.set_field("#field-serial", "X1-2026")
    b.set_field("#field-value", "1200")
    press_done(b)

    assert not b.has_dialog()
    keys = b.keys()
    assert len(keys) == 3 and keys[:2] == before, "the new item is not appended last"
    new = keys[-1]
    assert row_fields(b, new) == {
        "name": "Laptop", "serial": "X1-2026", "value": row_fields(b, new)["value"], "badge": "High value", "valuable": True,
    }
    assert row_fields(b, new)["value"].startswith("$1,200")
    assert "High value" in row_fields(b, new)["badge"], "a valuable item is marked by colour only"
    assert "Added Laptop." in b.flash()
    assert b.find_all(".item-row--fixed")[0] == b.find_all(".item-list > li")[-1], "the fixed row is not last"
    assert_focus_on_row_link(b, new, "after Done")
    b.check_page("after-done")

    # The fields were saved: open the item again, then leave it with Cancel.
    open_item(b, new)
    assert_focus_in_dialog(b, "when opening an item")
    assert dialog_fields(b) == {"name": "Laptop", "serial": "X1-2026", "value": "1200"}
    b.check_page("item-dialog")
    press_cancel(b)
    assert_focus_on_row_link(b, new, "after Cancel")

    # The keyboard: Enter on the row link opens it (in place, with JavaScript), Esc closes it.
    b.js("arguments[0].focus()", b.find(".item-cell__name", b.row(new)))
    b.js("window.homepwnerSamePage = true")
    b.driver.switch_to.active_element.send_keys(Keys.ENTER)
    b.wait_for("dialog.detail-sheet[open]")
    assert b.js("return window.homepwnerSamePage === true"), "Enter did not open the dialog in place"
    assert_focus_in_dialog(b, "when opening an item with Enter")
    with b.navigates():
        b.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    b.wait_ready()
    assert_focus_on_row_link(b, new, "after Esc")
    b.verify()


@pytest.mark.parametrize("size", PHOTO_SIZES, indirect=True)
def test_edit_upload_photo_then_cancel(browser, http, png_file):
    b = browser
    red_path, red = png_file("red.png", (200, 30, 30))
    blue_path, blue = png_file("blue.png", (30, 60, 200))

    # A new item with a photo taken with the camera button (auto-uploads), then Done.
    b.open("/items")
    click_add(b)
    assert b.find_all(".detail__no-photo")
    b.set_field("#field-name", "Camera")
    with b.navigates():  # choosing a photo uploads it
        b.find('.detail__camera input[type="file"]').send_keys(red_path)
    b.wait_for(".detail__image")
    assert b.find("#field-name").get_attribute("value") == "Camera", "the upload lost the typed name"
    assert b.js("return arguments[0].complete && arguments[0].naturalWidth", b.find(".detail__image")) == 64
    b.check_page("draft-with-photo")
    press_done(b)
    key = b.keys()[-1]
    assert row_fields(b, key)["name"] == "Camera"
    assert http.photo(key) == (200, red)

    # Edit it: rename, take another photo (the item now shows two), remove both, then Cancel.
    open_item(b, key)
    before = dialog_fields(b)
    assert b.find_all(".detail__image"), "the item's photo is not shown in its dialog"
    b.set_field("#field-name", "Camera (renamed)")
    with b.navigates():
        b.find('.detail__camera input[type="file"]').send_keys(blue_path)
    image = b.wait_for(".detail__image")
    assert b.path.startswith("/drafts/"), "a photo change did not become a draft"
    assert b.find("#field-name").get_attribute("value") == "Camera (renamed)"
    assert b.js("return arguments[0].complete && arguments[0].naturalWidth", image) == 64
    b.check_page("edit-new-photo")
    # Meanwhile the item itself still has its old photo.
    assert http.photo(key) == (200, red)

    assert len(b.find_all(".photo-strip__item")) == 2, "the new photo was not added after the first"
    b.submit_by(b.find(".photo-strip__remove"))  # the cover, from the strip
    b.submit_by(b.find(".detail__remove-photo"))  # the one left, from the toolbar
    assert not b.find_all(".detail__image"), "Remove photo left the image"
    assert b.find_all(".detail__no-photo")
    b.check_page("edit-photo-removed")

    press_cancel(b)
    assert row_fields(b, key)["name"] == "Camera", "Cancel kept the renamed name"
    assert_focus_on_row_link(b, key, "after Cancel")
    assert http.photo(key) == (200, red), "Cancel did not restore the photo"
    open_item(b, key)
    assert dialog_fields(b) == before
    assert b.js("return arguments[0].complete && arguments[0].naturalWidth", b.wait_for(".detail__image")) == 64
    press_cancel(b)
    b.verify()


@sizes
def test_conflict_is_409_then_reapply(browser, http):
    b = browser
    key = http.add_item("Bike", "B1", 40)
    b.open("/items")
    open_item(b, key)
    b.set_field("#field-name", "Bike (mine)")
    b.set_field("#field-serial", "M1")
    mine = b.driver.current_window_handle

    # Someone changes it in another tab and saves first.
    b.driver.switch_to.new_window("tab")
    b.driver.get(b.url(f"/items/{key}"))
    b.wait_for("dialog.detail-sheet[open]")
    b.set_field("#field-name", "Bike (theirs)")
    b.set_field("#field-value", "70")
    press_done(b)
    assert row_fields(b, key)["name"] == "Bike (theirs)"
    b.collect_console()
    b.driver.close()
    b.driver.switch_to.window(mine)

    b.allow_status(409)
    press_done(b)
    notice = b.find(".notice--conflict")
    assert notice.is_displayed(), "no conflict notice"
    current = [p.text for p in b.find_all(".field__current")]
    assert any("Bike (theirs)" in text for text in current), f"current values not shown: {current}"
    assert any("70" in text for text in current), current
    assert dialog_fields(b)["name"] == "Bike (mine)", "my values were not kept"
    assert dialog_fields(b)["serial"] == "M1"
    b.check_page("conflict-409")
    listed = http.get("/items")[2].decode()
    assert "Bike (theirs)" in listed and "Bike (mine)" not in listed, "a conflicting Done overwrote silently"

    # Done again applies mine over theirs.
    press_done(b)
    assert not b.has_dialog()
    assert row_fields(b, key)["name"] == "Bike (mine)"
    assert row_fields(b, key)["serial"] == "M1"
    b.check_page("after-reapply")


@sizes
def test_invalid_value_is_422_with_message_by_the_field(browser):
    b = browser
    b.open("/items")
    click_add(b)
    b.set_field("#field-name", "Kept name")
    b.set_field("#field-value", "abc")
    b.allow_status(422)
    press_done(b)

    assert b.has_dialog(), "Done with a bad value closed the dialog"
    value = b.find("#field-value")
    assert value.get_attribute("value") == "abc"
    assert value.get_attribute("aria-invalid") == "true"
    assert b.find("#field-name").get_attribute("value") == "Kept name"
    error = b.find(".field__error", b.js("return arguments[0].closest('.field')", value))
    assert error.is_displayed() and "amount in dollars" in error.text, error.text
    assert value.get_attribute("aria-describedby") == error.get_attribute("id")
    # "Next to the field": below or beside the input, not somewhere else on the page.
    gap = b.js(
        "const a = arguments[0].getBoundingClientRect(), e = arguments[1].getBoundingClientRect();"
        "return Math.max(0, e.top - a.bottom, a.top - e.bottom);",
        value,
        error,
    )
    assert gap < 48, f"the message is {gap}px away from its field"
    assert len(b.find_all(".field__error")) == 1
    b.check_page("invalid-422")

    press_cancel(b)
    assert b.rows() == [] and "Kept name" not in page_text(b), "an invalid item was saved"


@sizes
def test_delete_asks_in_place(browser, http):
    b = browser
    keys = {name: http.add_item(name, name[0] + "1", 5) for name in ("Lamp", "Sofa", "Rug")}
    b.open("/items")
    assert not b.find_all(".item-row__delete, .item-row__confirm, .item-row__select"), "delete controls outside edit mode"
    enter_edit_mode(b)
    b.check_page("edit-mode")

    row = b.row(keys["Sofa"])
    token = b.mark_page()
    ask = b.find(".item-row__delete", row)
    b.scroll_into_view(ask)
    ask.click()
    confirm = b.find(".item-row__confirm", b.row(keys["Sofa"]))
    WebDriverWait(b.driver, 5).until(lambda _: b.js("return document.getAnimations().length === 0"))
    assert b.page_is_marked(token) and "confirm=" not in b.path, "with JS on, Delete should ask in place"
    delete = b.find("button.button--danger", confirm)
    assert b.active_element_info()["rowKey"] == keys["Sofa"], "focus did not move to the Delete button"
    assert len(b.rows()) == 3, "asking deleted something"
    b.check_page("delete-asking")

    # The minus again puts the question away (issue 22: no Keep button, as on iOS).
    b.find(".item-row__delete", b.row(keys["Sofa"])).click()
    assert not b.find_all(".item-row__confirm")
    assert b.find_all(".item-row__delete", b.row(keys["Sofa"]))

    b.find(".item-row__delete", b.row(keys["Sofa"])).click()
    delete = b.find(".item-row__confirm button.button--danger", b.row(keys["Sofa"]))
    # Delete slides in (issue 22): press it once it is there.
    WebDriverWait(b.driver, 5).until(lambda _: b.js("return document.getAnimations().length === 0"))
    b.submit_by(delete)
    assert b.keys() == [keys["Lamp"], keys["Rug"]]
    assert "Deleted Sofa." in b.flash()
    assert "mode=edit" in b.path
    b.check_page("after-delete")
    assert http.photo(keys["Sofa"])[0] == 404


@sizes
def test_bulk_delete_with_confirmation_page(browser, http):
    b = browser
    keys = {name: http.add_item(name, "", 10) for name in ("Lamp", "Sofa", "Rug", "Desk")}
    b.open("/items")
    b.submit_by(b.find(".nav-bar__select"))  # Select mode (issue 22), apart from edit mode
    for name in ("Lamp", "Rug"):
        box = b.find(".item-row__select input", b.row(keys[name]))
        b.scroll_into_view(box)
        box.click()
        assert box.is_selected()
    button = b.find(".select-bar__delete")
    b.submit_by(button)

    assert b.path.startswith("/items/delete?")
    listed = [li.find_element("css selector", "strong").text for li in b.find_all(".confirm__list li")]
    assert listed == ["Lamp", "Rug"], listed
    assert len(b.keys()) == 0
    b.check_page("bulk-confirm")
    b.submit_by(b.find(".confirm__actions button.button--danger"))
    assert b.keys() == [keys["Sofa"], keys["Desk"]]
    assert "Deleted 2 items." in b.flash()
    b.check_page("after-bulk-delete")


def drag_row(b, source, target):
    """Drags `source` by its handle onto `target`, with real pointer events (mouse here;
    the same code path serves touch and pen)."""
    handle = b.find(".item-row__handle", source)
    # Both rows in view and clear of the sticky message (a phone on its side is short).
    b.js("arguments[0].scrollIntoView({block: 'end'})", source)
    (
        ActionChains(b.driver)
        .click_and_hold(handle)
        .move_by_offset(0, -8)
        .move_to_element(target)
        .pause(0.1)
        .release()
        .perform()
    )



def check_moves(b, keys, *, drag: bool):
    a, bb, c, d = (keys[n] for n in "abcd")
    b.open("/items")
    enter_edit_mode(b)
    assert b.keys() == [a, bb, c, d]
    first_up = b.find('.item-row__up', b.row(a))
    last_down = b.find('.item-row__down', b.row(d))
    assert not first_up.is_enabled() and not last_down.is_enabled(), "the ends can be moved past"

    move_to(b, a, 3)  # remove-then-insert: a lands third
    assert b.keys() == [bb, c, a, d]
    assert "mode=edit" in b.path, "a move left edit mode"
    assert "Moved a to position 3." in b.flash()
    b.check_page("after-move-to")
    press_arrow(b, d, "up")
    assert b.keys() == [bb, c, d, a]
    press_arrow(b, bb, "down")
    assert b.keys() == [c, bb, d, a]
    assert "mode=edit" in b.path
    b.check_page("after-arrows")

    if drag:
        rows = b.rows()
        token = b.mark_page()
        drag_row(b, rows[3], rows[0])  # drag a onto c's place
        WebDriverWait(b.driver, 10).until(lambda _: b.keys() == [a, c, bb, d], "the drop did not move the row")
        assert b.page_is_marked(token), "with JavaScript a drop moves the row in place"
        assert "mode=edit" in b.path
        b.check_page("after-drag")
        expected = [a, c, bb, d]
    else:
        assert b.js("return typeof enhanceDialog") == "undefined", "JavaScript is not off: app.js ran"
        assert not b.js("return [...document.querySelectorAll('.item-row')].some(r => r.draggable)")
        expected = [c, bb, d, a]

    # The order is the store's: it survives a reload outside edit mode.
    b.open("/items")
    assert b.keys() == expected


@sizes
def test_moves_arrows_move_to_and_drag(browser, http):
    keys = {name: http.add_item(name, "", 1) for name in "abcd"}
    check_moves(browser, keys, drag=True)


@sizes
def test_fixed_last_row_has_no_controls(browser, http):
    b = browser
    first = http.add_item("first", "", 1)
    last = http.add_item("last", "", 2)
    for path in ("/items", "/items?mode=edit"):
        b.open(path)
        items = b.find_all(".item-list > li")
        fixed = items[-1]
        assert "item-row--fixed" in fixed.get_attribute("class"), "the last row is not the fixed row"
        assert fixed.text.strip() == "No more items!"
        assert not b.find_all("form, button, input, a, select", fixed), "the fixed row has controls"
        assert fixed.get_attribute("draggable") != "true"
    assert not b.find('.item-row__down', b.row(last)).is_enabled()
    b.check_page("edit-fixed-row")
    b.open(f"/items/{first}/move")
    assert b.find("#move-position").get_attribute("max") == "2"


HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>']


@sizes
def test_hostile_names_are_text(browser):
    b = browser
    b.open("/items")
    for hostile in HOSTILE:
        click_add(b)
        b.set_field("#field-name", hostile)
        b.set_field("#field-serial", hostile[:64])
        press_done(b)
        b.assert_no_alert()
    keys = b.keys()
    assert b.names() == HOSTILE
    assert [row_fields(b, key)["serial"] for key in keys] == HOSTILE

    def no_injection(what):
        b.assert_no_alert()
        assert b.js("return document.querySelectorAll('img[src=\"x\"], img[onerror], body script').length") == 0, (
            f"markup from a name was parsed on {what}"
        )
        b.check_page(what)

    no_injection("list-hostile")
    assert HOSTILE[1] in b.flash()
    b.open("/items?mode=edit")
    no_injection("edit-hostile")
    open_item(b, keys[1])
    assert dialog_fields(b)["name"] == HOSTILE[1]
    no_injection("dialog-hostile")
    b.open("/items/delete?" + "&".join(f"key={k}" for k in keys))
    assert [li.find_element("css selector", "strong").text for li in b.find_all(".confirm__list li")] == HOSTILE
    no_injection("bulk-confirm-hostile")


@sizes
def test_unknown_key_is_404_page(browser):
    b = browser
    b.allow_status(404)
    for path in (f"/items/{uuid.uuid4()}", "/items/not-a-key", f"/drafts/{uuid.uuid4()}"):
        b.open(path)
        assert "Not found" in b.find(".error-page__title").text, path
        assert "404" in b.find(".error-page__code").text
        assert not b.has_dialog()
        b.check_page("404")
    b.submit_by(b.find(".error-page a"))
    assert b.path.startswith("/items")


# ---------------------------------------------------------------------------
# JavaScript off: the same forms work without it


@sizes
def test_nojs_add_then_cancel(nojs_browser):
    b = nojs_browser
    b.open("/items")
    assert b.js("return typeof enhanceDialog") == "undefined", "JavaScript is not off: app.js ran"
    click_add(b)
    assert_focus_in_dialog(b, "after Add without JS")
    press_random_item(b)
    serial = dialog_fields(b)["serial"]
    assert RANDOM_SERIAL.fullmatch(serial), serial
    b.check_page("nojs-add-dialog")
    press_cancel(b)
    assert not b.has_dialog() and b.rows() == []
    assert serial not in page_text(b)
    assert "Nothing was changed" in b.flash()
    b.check_page("nojs-after-cancel")
    b.verify()


@sizes
def test_nojs_moves(nojs_browser, http):
    keys = {name: http.add_item(name, "", 1) for name in "abcd"}
    check_moves(nojs_browser, keys, drag=False)


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_nojs_delete_via_confirm_page(nojs_browser, http):
    b = nojs_browser
    keys = {name: http.add_item(name, "", 1) for name in ("Lamp", "Sofa")}
    b.open("/items?mode=edit")
    b.submit_by(b.find(".item-row__delete", b.row(keys["Sofa"])))
    assert f"confirm={keys['Sofa']}" in b.path
    assert len(b.rows()) == 2
    b.check_page("nojs-delete-confirm")
    b.submit_by(b.find(".item-row__confirm button.button--danger", b.row(keys["Sofa"])))
    assert b.keys() == [keys["Lamp"]]
    assert "Deleted Sofa." in b.flash()


@pytest.mark.seed(3)
@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_back_closes_a_dialog_opened_in_place(seeded_browser):
    """With JavaScript the row's dialog opens without a page load; Back closes it, the
    list is usable again and focus is back on the row's link."""
    b = seeded_browser
    b.open("/items")
    key = b.keys()[1]
    open_item(b, key)
    b.driver.back()
    WebDriverWait(b.driver, 10).until(lambda d: not b.has_dialog(), "the dialog did not close on Back")
    assert b.path == "/items", b.path
    assert not b.js("return document.querySelector('.app').inert"), "the list stays inert after Back"
    assert_focus_on_row_link(b, key, "after Back")
    b.verify()
