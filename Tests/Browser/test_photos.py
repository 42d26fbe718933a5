"""Issue 24, point 1: several photos per item, as a member meets them on a phone and a desktop.

With JavaScript: several photos chosen at once upload at once; Make cover, ↑/↓ and a drag of a
thumbnail reorder them; the viewer opens full size and the arrow keys (a swipe on a phone) go
from one to the next. Without JavaScript the same buttons work as plain form buttons, and
Cancel leaves the item's photos as they were. The pages pass axe-core and the Nu Html Checker.
"""

from __future__ import annotations

import re

import pytest

from conftest import make_png
from test_standards import nu_checker_errors, serious_axe_findings

sizes = pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
COLOURS = [(200, 60, 40), (40, 120, 200), (60, 170, 80), (230, 180, 40)]


def strip(b) -> list[str]:
    return [item.get_attribute("data-digest") for item in b.find_all(".photo-strip__item")]


def item_photos(http, key: str) -> list[str]:
    """The item's photos as stored, in order (its viewer's slides)."""
    _, _, page = http.get(f"/items/{key}/photos")
    return [digest.decode() for digest in re.findall(rb'<img class="viewer__image" src="/items/[0-9a-f-]{36}/photos/([0-9a-f]{64})"', page)]


@sizes
def test_several_photos_at_once_cover_drag_and_the_viewer(browser, http, tmp_path):
    b = browser
    key = http.add_item("Digital camera", "DC-1", 450)
    paths = []
    for index, colour in enumerate(COLOURS[:3]):
        path = tmp_path / f"IMG_{index}.png"
        path.write_bytes(make_png(160, 120, colour))
        paths.append(str(path))
    b.open(f"/items/{key}")
    token = b.mark_page()
    b.find("input[type=file]").send_keys("\n".join(paths))  # JavaScript uploads at once
    b.wait_new_page(token)
    b.wait_for(".photo-strip")
    first = strip(b)
    assert len(first) == 3, f"three photos chosen at once, the strip shows {len(first)}"
    assert b.path.startswith("/drafts/")
    b.check_page("photos-strip")
    findings = serious_axe_findings(b)
    assert not findings, f"axe: {findings}"

    # Make the third the cover.
    b.submit_by(b.find(f'button[value="photo-cover:{first[2]}"]'))
    b.wait_for(".photo-strip")
    assert strip(b) == [first[2], first[0], first[1]]

    # Drag the last thumbnail above the first (pointer events, as a mouse or a finger).
    thumbs = b.find_all(".photo-strip__thumb")
    b.scroll_into_view(thumbs[0])
    token = b.mark_page()
    b.js("""
        const [from, to] = arguments;
        const at = (el, y) => ({bubbles: true, pointerId: 7, button: 0, isPrimary: true,
                                clientX: el.getBoundingClientRect().left + 10, clientY: y});
        const start = from.getBoundingClientRect().top + 10;
        const target = to.getBoundingClientRect().top + 2;
        from.dispatchEvent(new PointerEvent("pointerdown", at(from, start)));
        for (let y = start; y >= target; y -= 12) from.dispatchEvent(new PointerEvent("pointermove", at(from, y)));
        from.dispatchEvent(new PointerEvent("pointermove", at(from, target)));
        from.dispatchEvent(new PointerEvent("pointerup", at(from, target)));
    """, thumbs[2], thumbs[0])
    b.wait_new_page(token)
    b.wait_for(".photo-strip")
    assert strip(b) == [first[1], first[2], first[0]], "the drag's order was sent and kept"

    b.submit_by(b.find(".detail__done"))
    assert item_photos(http, key) == [first[1], first[2], first[0]]
    row_thumb = b.find(f'[data-key="{key}"] img').get_attribute("src")
    assert first[1] in row_thumb.replace("sha256", ""), "the list shows the new cover"

    # The viewer: every photo full size; the arrow key goes to the next one.
    b.open(f"/items/{key}/photos")
    slides = b.find_all(".viewer__slide")
    assert len(slides) == 3
    # The slides scroll sideways inside their strip (that is the swipe); the page itself does not.
    b.check_page("photo-viewer", overflow=False)
    assert b.js("return document.documentElement.scrollWidth") <= b.width, "the viewer page scrolls sideways"
    b.js("document.activeElement.blur()")
    b.find("body").send_keys("\ue014")  # ArrowRight
    b.driver.implicitly_wait(0)
    moved = b.js("""return new Promise(done => setTimeout(() =>
        done(document.querySelector('.viewer__slides').scrollLeft), 900))""")
    assert moved > 0, "ArrowRight did not go to the next photo"
    findings = serious_axe_findings(b)
    assert not findings, f"axe: {findings}"


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_photo_buttons_without_javascript_and_cancel(nojs_browser, http, tmp_path):
    b = nojs_browser
    key = http.add_item("Bike", "B-1", 300, photo=make_png(64, 48, COLOURS[0]))
    b.open(f"/items/{key}")
    path = tmp_path / "second.png"
    path.write_bytes(make_png(64, 48, COLOURS[1]))
    b.find("input[type=file]").send_keys(str(path))
    b.submit_by(b.find(".detail__upload"))
    before = strip(b)
    assert len(before) == 2
    b.submit_by(b.find(f'button[value="photo-down:{before[0]}"]'))
    assert strip(b) == [before[1], before[0]]
    b.submit_by(b.find(f'button[value="photo-remove:{before[0]}"]'))
    assert not b.find_all(".photo-strip"), "one photo left: no strip, the toolbar's Remove photo"
    b.check_page("photos-nojs")
    b.submit_by(b.find(".detail__cancel"))
    assert len(item_photos(http, key)) == 1, "Cancel: the item still has its one photo"


def test_photo_pages_are_valid_html(http, tmp_path):
    key = http.add_item("Lamp", "L-1", 40, photo=make_png(64, 48, COLOURS[2]))
    _, _, dialog = http.get(f"/items/{key}")
    version = re.search(rb'name="version" value="(\d+)"', dialog).group(1).decode()
    status, headers, _ = http.post(f"/items/{key}", [("name", "Lamp"), ("serialNumber", "L-1"), ("value", "40"),
                                                    ("version", version), ("action", "upload")],
                                   ("photo", "second.png", make_png(64, 48, COLOURS[3])))
    assert status == 303, f"the upload answered {status}"
    draft = headers["Location"]
    files = []
    for name, path in [("draft", draft), ("viewer", f"/items/{key}/photos"), ("draft-viewer", draft.split("?")[0] + "/photos"),
                       ("report-photo-pages", "/items/report?photos=1"), ("account", "/account")]:
        status, _, body = http.get(path)
        assert status == 200, f"{path} answered {status}"
        files.append(tmp_path / f"{name}.html")
        files[-1].write_bytes(body)
    errors = nu_checker_errors([str(f) for f in files])
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
