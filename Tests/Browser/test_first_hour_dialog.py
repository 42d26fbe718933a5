"""Issue 22, points 1, 3, 4 and 9: the item dialog as a new user meets it on a phone.

1. Add opens an empty form (placeholders, the photo button first); Done on it is refused by the
   name field; the tutorial's random item is one "Random item" press away.
3. A phone on its side hides the photo and disables the camera, and says why; Remove photo
   goes with the photo.
4. Without JavaScript the photo control keeps its words whole, shows the chosen file, and Done
   uploads a chosen photo.
9. With JavaScript, Cancel and Escape ask "Discard changes?" when the dialog has changes.
"""

from __future__ import annotations


import pytest
from selenium.webdriver.common.keys import Keys

from conftest import _browser_fixture
from test_flows import RANDOM_NAME, RANDOM_SERIAL, dialog_fields, page_text
from test_standards import nu_checker_errors, serious_axe_findings

FLOW_SIZES = ["390x844", "844x390", "1280x800"]
sizes = pytest.mark.parametrize("size", FLOW_SIZES, indirect=True)


@pytest.fixture
def big_text_nojs_browser(request, drivers, server, size):
    """Chromium with JavaScript off and its text at 200 %."""
    yield from _browser_fixture(request, drivers, server, size, javascript=False, big_text=True)


def click_add(b):
    b.submit_by(b.find(".nav-bar__add button"))
    b.wait_for("dialog.detail-sheet[open]")
    assert b.path.startswith("/drafts/"), f"Add led to {b.path}"


def box(b, element) -> dict:
    return b.js("const r = arguments[0].getBoundingClientRect();"
                "return {x: r.x, y: r.y, width: r.width, height: r.height}", element)


def shown(b, css: str) -> bool:
    """Present, rendered and taking room (not display:none, not hidden by an ancestor)."""
    return bool(b.js("""
        const element = document.querySelector(arguments[0]);
        if (!element) return false;
        const style = getComputedStyle(element);
        return element.getClientRects().length > 0 && style.visibility !== 'hidden';
    """, css))


def follows(b, first: str, second: str) -> bool:
    """Whether `first` comes before `second` in the document (and so in the tab order)."""
    return bool(b.js("""
        const [a, b] = [document.querySelector(arguments[0]), document.querySelector(arguments[1])];
        return !!(a && b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING));
    """, first, second))


# ---------------------------------------------------------------------------
# 1. Add opens an empty form; Random item fills in the tutorial's item


def check_empty_add(b):
    b.open("/items")
    click_add(b)
    fields = dialog_fields(b)
    assert fields == {"name": "", "serial": "", "value": ""}, f"Add did not open an empty form: {fields}"
    for css in ("#field-name", "#field-serial", "#field-value"):
        assert b.find(css).get_attribute("placeholder"), f"{css} has no example placeholder"
    assert follows(b, ".detail__camera", "#field-name"), "the photo button is not first in the Add dialog"
    assert shown(b, ".detail__random"), "no visible Random item button in the Add dialog"
    b.check_page("p1-empty-add")
    if b.javascript:
        findings = serious_axe_findings(b)
        assert not findings, "\n".join(findings)

    # Done on the untouched form: refused by the name field, nothing saved.
    b.allow_status(422)
    b.js("document.getElementById('field-name').removeAttribute('required')")  # what a non-browser client sends
    b.submit_by(b.find(".detail__done"))
    assert b.status == 422, f"Done on an untouched new item answered {b.status}"
    error = b.find("#error-name").text
    assert error, "no message by the name field"
    assert b.find("#field-name").get_attribute("aria-invalid") == "true"
    b.check_page("p1-untouched-done")

    # Random item: the tutorial's item, still a draft (Cancel would drop it).
    b.submit_by(b.find(".detail__random"))
    fields = dialog_fields(b)
    assert RANDOM_NAME.fullmatch(fields["name"]), fields
    assert RANDOM_SERIAL.fullmatch(fields["serial"]), fields
    assert fields["value"].isdigit() and 0 <= int(fields["value"]) <= 99, fields
    b.check_page("p1-random-item")
    b.submit_by(b.find(".detail__done"))
    assert not b.has_dialog()
    assert fields["name"] in [n.strip() for n in b.names()], "the random item was not added"
    b.verify()


@sizes
def test_add_opens_an_empty_form_with_a_random_item_button(browser):
    browser.emulate_touch()
    try:
        check_empty_add(browser)
    finally:
        browser.emulate_touch(False)


@sizes
def test_nojs_add_opens_an_empty_form_with_a_random_item_button(nojs_browser):
    check_empty_add(nojs_browser)


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_browser_keeps_an_empty_name_from_being_sent(browser):
    """With the name left empty, the browser's own check stops Done (no round trip), while
    Random item and the camera are not held up by it."""
    b = browser
    b.open("/items")
    click_add(b)
    token = b.mark_page()
    b.find(".detail__done").click()
    assert b.page_is_marked(token), "Done on an empty name was sent"
    assert b.js("return document.getElementById('field-name').validity.valueMissing")
    assert b.find(".detail__random").get_attribute("formnovalidate") is not None
    assert b.find(".detail__upload").get_attribute("formnovalidate") is not None
    b.verify()


# ---------------------------------------------------------------------------
# 3. Sideways: the photo is hidden, and the dialog says why


def check_sideways(b, http, png):
    key = http.add_item("Poäng armchair", "A1", 120, photo=png)
    b.set_viewport("390x844")
    b.open(f"/items/{key}")
    b.wait_for("dialog.detail-sheet[open]")
    assert shown(b, ".detail__image"), "upright: the photo is not shown"
    assert shown(b, ".detail__remove-photo"), "upright: Remove photo is not shown"
    assert not shown(b, ".detail__upright"), "upright: the turn-upright message shows"
    b.check_page("p3-upright")

    b.set_viewport("844x390")
    b.open(f"/items/{key}")
    b.wait_for("dialog.detail-sheet[open]")
    assert not shown(b, ".detail__image"), "sideways: the photo is shown"
    assert not shown(b, ".detail__remove-photo"), "sideways: Remove photo works on a photo nobody can see"
    assert shown(b, ".detail__upright"), "sideways: nothing says why the photo and camera are gone"
    message = b.find(".detail__upright").text
    assert "upright" in message.lower(), message
    assert b.js("return getComputedStyle(document.querySelector('.detail__camera')).pointerEvents") == "none"
    b.check_page("p3-sideways")
    if b.javascript:
        findings = serious_axe_findings(b)
        assert not findings, "\n".join(findings)
    b.verify()


@pytest.mark.parametrize("size", ["844x390"], indirect=True)
def test_sideways_says_why_the_photo_is_hidden(browser, http, png_file):
    check_sideways(browser, http, png_file("photo.png", (200, 40, 40))[1])


@pytest.mark.parametrize("size", ["844x390"], indirect=True)
def test_nojs_sideways_says_why_the_photo_is_hidden(nojs_browser, http, png_file):
    check_sideways(nojs_browser, http, png_file("photo.png", (40, 40, 200))[1])


# ---------------------------------------------------------------------------
# 4. Without JavaScript: the photo control on a phone


def assert_photo_control_keeps_its_words(b, max_height: float):
    """The camera button is never narrower than its words (it once went one letter a line)."""
    height = box(b, b.find(".detail__camera"))["height"]
    assert height <= max_height, f"the photo control is {height:.0f} px tall at {b.size}"
    broken = b.js("""
        const label = document.querySelector('.detail__camera-text') || document.querySelector('.detail__camera');
        const range = document.createRange();
        const words = [];
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const node = walker.currentNode;
            for (const match of node.data.matchAll(/\\S+/g)) {
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                if (range.getClientRects().length > 1) words.push(match[0]);
            }
        }
        return words;
    """)
    assert not broken, f"words of the photo control break across lines: {broken}"


@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_nojs_photo_control_keeps_its_words_and_done_uploads(nojs_browser, png_file):
    b = nojs_browser
    b.open("/items")
    click_add(b)
    assert_photo_control_keeps_its_words(b, max_height=120)
    b.check_page("p4-nojs-photo-control")

    path, _ = png_file("chosen-photo.png", (10, 160, 90))
    file_input = b.find(".detail__camera input[type=file]")
    file_input.send_keys(path)
    # The chosen file is shown: the native control (which names it) is on screen.
    assert shown(b, ".detail__camera input[type=file]"), "the chosen file's name is not shown"
    input_box = box(b, file_input)
    assert input_box["width"] >= 100 and input_box["height"] >= 16, f"the file control is {input_box}"
    assert b.js("return getComputedStyle(arguments[0]).opacity", file_input) == "1"
    b.check_page("p4-nojs-photo-chosen")

    b.set_field("#field-name", "Bicycle")
    b.submit_by(b.find(".detail__done"))
    assert not b.has_dialog(), "Done with a chosen photo did not close the dialog"
    row = b.rows()[-1]
    assert b.find_all("img", row), "Done did not upload the chosen photo"
    b.verify()


# ---------------------------------------------------------------------------
# 9. With JavaScript: Cancel and Escape ask before discarding changes


@sizes
def test_cancel_asks_before_discarding_changes(browser, http):
    browser.emulate_touch()
    try:
        b = browser
        key = http.add_item("Sony A7 III camera", "S1", 1200)
        b.open(f"/items/{key}")
        b.wait_for("dialog.detail-sheet[open]")

        # No change: Cancel is immediate, as before.
        b.submit_by(b.find(".detail__cancel"))
        assert not b.has_dialog()

        b.open(f"/items/{key}")
        b.wait_for("dialog.detail-sheet[open]")
        b.set_field("#field-name", "Sony A7 IV camera")
        token = b.mark_page()
        b.find(".detail__cancel").click()
        b.wait_for(".discard[open]")
        assert b.page_is_marked(token), "Cancel discarded the edit without asking"
        assert "Discard changes?" in b.find(".discard").text
        assert b.js("return document.activeElement.classList.contains('discard__keep')"), "Keep editing is not focused"
        b.check_page("p9-discard-asked")
        findings = serious_axe_findings(b)
        assert not findings, "\n".join(findings)

        # Keep editing: back in the dialog, the edit still there, focus in the field.
        b.find(".discard__keep").click()
        assert not b.find_all(".discard[open]")
        assert dialog_fields(b)["name"] == "Sony A7 IV camera"

        # Escape asks too; Discard then cancels for real.
        b.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        b.wait_for(".discard[open]")
        assert b.page_is_marked(token), "Escape discarded the edit without asking"
        b.submit_by(b.find(".discard__confirm"))
        assert not b.has_dialog()
        assert "Sony A7 III camera" in page_text(b)
        assert "Sony A7 IV camera" not in page_text(b)
        b.verify()
    finally:
        browser.emulate_touch(False)


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_cancel_asks_after_a_photo_was_taken(browser, png_file):
    """A photo just taken is a change too: the draft the server keeps says so."""
    b = browser
    b.open("/items")
    click_add(b)
    b.set_field("#field-name", "Kettle")
    b.find(".detail__camera input[type=file]").send_keys(png_file("kettle.png", (220, 220, 20))[0])
    b.wait_for(".detail__image")
    token = b.mark_page()
    b.find(".detail__cancel").click()
    b.wait_for(".discard[open]")
    assert b.page_is_marked(token)
    b.submit_by(b.find(".discard__confirm"))
    assert b.rows() == [], "the discarded new item is in the list"
    b.verify()


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_nojs_cancel_stays_immediate(nojs_browser, http):
    b = nojs_browser
    key = http.add_item("Lamp", "", 10)
    b.open(f"/items/{key}")
    b.set_field("#field-name", "Desk lamp")
    b.submit_by(b.find(".detail__cancel"))
    assert not b.has_dialog()
    assert "Desk lamp" not in page_text(b)
    b.verify()


@pytest.mark.parametrize("size", ["390x844", "844x390"], indirect=True)
def test_nojs_photo_toolbar_with_a_photo_at_200_percent_text(big_text_nojs_browser, http, png_file):
    """Camera, Upload and Remove photo side by side once squeezed the camera's label to a letter
    a line; at 200 % text each keeps its words and nothing overflows."""
    b = big_text_nojs_browser
    key = http.add_item("Poäng armchair", "SN-1", 120, photo=png_file("p.png", (200, 30, 30))[1])
    b.open(f"/items/{key}")
    b.scroll_into_view(b.find(".detail__toolbar"))
    if b.size == "390x844":
        assert_photo_control_keeps_its_words(b, max_height=260)
    b.check_page("p4-nojs-toolbar-200-percent")
    b.verify()


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_nojs_photo_toolbar_with_a_photo_keeps_its_words(nojs_browser, http, png_file):
    b = nojs_browser
    key = http.add_item("Poäng armchair", "SN-1", 120, photo=png_file("p.png", (30, 30, 200))[1])
    b.open(f"/items/{key}")
    b.scroll_into_view(b.find(".detail__toolbar"))
    b.check_page("p4-nojs-toolbar-with-photo")
    assert_photo_control_keeps_its_words(b, max_height=120)
    b.verify()


def test_changed_dialog_pages_are_valid_html(http, tmp_path, png_file):
    """The Nu Html Checker on every dialog state these points changed, as the server sends it."""
    status, headers, _ = http.post("/items", [("page", "1")])
    draft = headers["Location"].split("?")[0]
    pages = {"add": http.get(draft)[2]}
    status, _, pages["untouched-done"] = http.post(draft, [("name", ""), ("serialNumber", ""), ("value", ""), ("action", "done")])
    assert status == 422
    http.post(draft, [("action", "random")])
    pages["random"] = http.get(draft)[2]
    key = http.add_item("Poäng armchair", "A1", 120, photo=png_file("p.png", (1, 2, 3))[1])
    pages["item-with-photo"] = http.get(f"/items/{key}")[2]
    files = []
    for name, body in pages.items():
        path = tmp_path / f"{name}.html"
        path.write_bytes(body)
        files.append(str(path))
    errors = nu_checker_errors(files)
    assert not errors, "\n".join(errors)
