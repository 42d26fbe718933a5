"""Issue 26 part 2 (Favourites), in Chromium: each member's own star on a row and a sheet.

- With JavaScript the star toggles in place (no new page): its state and label change, every
  toggle of that item follows (the row behind a sheet too), a live region says what happened,
  focus stays on the star; a reload shows the same, and another member sees none of it.
- Without JavaScript the star's form posts and the page comes back where it was, saying what
  happened, with the row focused (a sheet's star: the sheet again).
- The Favourites chip filters the list; in a list in sections the member's Favourites section
  comes first.
- At 390×844 and 1280×800: a 44 px target; axe-core finds nothing serious (light and dark) and
  the Nu Html Checker nothing at all on the pages it changes.

Screenshots go to Tests/Browser/artifacts/ (Browser.screenshot).
"""

from __future__ import annotations

import pytest

from conftest import HTTPClient, WebDriverWait, _browser_fixture, server_with_items
from test_standards import nu_checker_errors, serious_axe_findings

PHONE, DESKTOP = "390x844", "1280x800"
by_size = pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)

ITEMS = [("Bicycle", "B-1", 250), ("Kettle", "K-7", 30), ("Radio & <clock>", "R-2", 45), ("Lamp", "L-3", 60)]
BOB, BOB_PASSWORD = "bob", "bob's browser-suite passphrase"


@pytest.fixture
def fav_server():
    """A fresh server per test (stars are written) with the items and Bob, an editor."""
    with server_with_items(ITEMS) as server:
        server.add_member(BOB, "editor", BOB_PASSWORD)
        yield server


@pytest.fixture
def fav_browser(request, drivers, fav_server, size):
    yield from _browser_fixture(request, drivers, fav_server, size)


@pytest.fixture
def fav_nojs_browser(request, drivers, fav_server, size):
    yield from _browser_fixture(request, drivers, fav_server, size, javascript=False)


def star(b, name: str, within: str = ".item-list"):
    """The star toggle of the row named `name`."""
    for row in b.find_all(f"{within} .item-row[data-key]"):
        if b.find(".item-cell__name", row).get_attribute("textContent").strip() == name:
            return b.find("button.item-row__star", row)
    raise AssertionError(f"no row named {name}")


def state(button) -> tuple[str, str, str]:
    """aria-pressed, value and accessible label of a toggle (its aria-label or its shown label)."""
    label = button.get_attribute("aria-label") or button.get_attribute("textContent").strip()
    return button.get_attribute("aria-pressed"), button.get_attribute("value"), label


def wait_pressed(b, button, pressed: str):
    WebDriverWait(b.driver, 10).until(lambda _: button.get_attribute("aria-pressed") == pressed)


def status_text(b) -> str:
    return b.js("return [...document.querySelectorAll('[role=status]')].map((e) => e.textContent).join(' | ')")


@by_size
def test_star_toggles_in_place_with_javascript(fav_browser, fav_server):
    b = fav_browser
    b.open("/items")
    button = star(b, "Radio & <clock>")
    assert state(button) == ("false", "1", "Add Radio & <clock> to favourites")
    rect = b.js("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", button)
    b.expect(rect[0] >= 44 and rect[1] >= 44, f"the star is {rect} px, under 44 × 44")
    mark = b.mark_page()
    b.scroll_into_view(button)
    button.click()
    wait_pressed(b, button, "true")
    assert b.page_is_marked(mark), "the page was loaded again"
    assert state(button) == ("true", "0", "Remove Radio & <clock> from favourites")
    WebDriverWait(b.driver, 5).until(lambda _: "Radio & <clock> added to your favourites." in status_text(b))
    assert b.active_element_info()["cls"].startswith("item-row__star"), "focus left the star"
    b.check_page("starred in place")
    # Once more from the keyboard: off again, in place.
    b.js("arguments[0].focus()", button)
    button.send_keys("\n")
    wait_pressed(b, button, "false")
    assert b.page_is_marked(mark)
    button.click()
    wait_pressed(b, button, "true")

    # A reload shows the same; Bob, on the same shared page, sees his own stars (none).
    b.open("/items")
    assert state(star(b, "Radio & <clock>"))[0] == "true" and state(star(b, "Kettle"))[0] == "false"
    b.use_cookies(fav_server.sign_in(BOB, BOB_PASSWORD))
    b.open("/items")
    assert state(star(b, "Radio & <clock>"))[0] == "false"
    b.check_page("another member's list")

    # Opened in place, a sheet's star toggles in place, and the row behind it follows.
    b.find(".item-row a.item-cell").click()
    dialog = b.wait_for("dialog.detail-sheet .star-toggle")
    name = b.find("#detail-title").text
    dialog.click()
    wait_pressed(b, dialog, "true")
    assert state(dialog)[2] == f"Remove {name} from favourites"
    assert b.js("return document.querySelector('.app .item-row__star[aria-pressed=true]') !== null"), "the row behind did not follow"
    b.check_page("sheet starred in place")
    b.verify()


@by_size
def test_star_without_javascript(fav_nojs_browser):
    b = fav_nojs_browser
    b.open("/items?sort=name")
    b.submit_by(star(b, "Lamp"))
    assert b.path.startswith("/items?sort=name&focus="), b.path
    assert "Lamp added to your favourites." in b.flash()
    assert state(star(b, "Lamp"))[0] == "true"
    assert b.active_element_info()["rowKey"] == b.row(b.keys()[b.names().index("Lamp")]).get_attribute("data-key")
    b.check_page("starred without JavaScript")
    # The sheet's own star: back to the sheet, which says so.
    key = b.keys()[b.names().index("Kettle")]
    b.open(f"/items/{key}?sort=name")
    b.submit_by(b.find("dialog.detail-sheet .star-toggle"))
    assert b.path == f"/items/{key}?sort=name"
    assert b.find(".detail__flash").text == "Kettle added to your favourites."
    assert state(b.find("dialog.detail-sheet .star-toggle")) == ("true", "0", "Remove Kettle from favourites")
    b.check_page("sheet starred without JavaScript")
    # The chip: only the favourites, in the list's order.
    b.open("/items?sort=name")
    b.find("input[name=favourites]").click()
    b.submit_by(b.find("form.search .search__submit"))
    assert b.names() == ["Kettle", "Lamp"]
    b.check_page("the Favourites filter")
    b.verify()


@by_size
def test_favourites_section_first_in_sections(fav_browser, fav_server):
    b = fav_browser
    http = HTTPClient(fav_server)
    status, _, _ = http.post("/locations", [("name", "Garage"), ("note", "")])
    assert status == 303
    b.open("/items")
    button = star(b, "Lamp")
    button.click()
    wait_pressed(b, button, "true")
    b.open("/items")
    sections = b.js("return [...document.querySelectorAll('.item-section')].map((s) => s.id)")
    assert sections[0] == "section-favourites", sections
    assert [n.get_attribute("textContent").strip() for n in b.find_all("#section-favourites .item-cell__name")] == ["Lamp"]
    assert state(star(b, "Lamp", "#section-favourites"))[0] == "true"
    b.check_page("the Favourites section")
    b.verify()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_favourite_pages_pass_axe(fav_browser, fav_server, scheme):
    b = fav_browser
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    http = HTTPClient(fav_server)
    _, _, page = http.get("/items")
    import re
    keys = re.findall(rb'data-key="([0-9a-f-]{36})"', page)
    http.post(f"/items/{keys[0].decode()}/favourite", [("favourite", "1")])
    http.post("/locations", [("name", "Garage"), ("note", "")])
    problems = []
    for path in ["/items", "/items?favourites=1", "/items?favourites=1&q=zzz", f"/items/{keys[0].decode()}", "/items?group=none"]:
        b.open(path)
        problems += [f"{path} ({scheme}) at {b.size}: {finding}" for finding in serious_axe_findings(b)]
    b.use_cookies(fav_server.sign_in(BOB, BOB_PASSWORD))
    b.open("/items?favourites=1")
    problems += [f"empty favourites ({scheme}) at {b.size}: {finding}" for finding in serious_axe_findings(b)]
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_favourite_pages_pass_the_nu_html_checker(fav_server, tmp_path):
    import re
    http = HTTPClient(fav_server)
    _, _, page = http.get("/items")
    keys = [key.decode() for key in re.findall(rb'data-key="([0-9a-f-]{36})"', page)]
    http.post(f"/items/{keys[0]}/favourite", [("favourite", "1")])
    files = []
    pages = [("starred", "/items"), ("filter", "/items?favourites=1"), ("sheet", f"/items/{keys[0]}"),
             ("none-match", "/items?favourites=1&q=zzz")]
    for name, path in pages:
        _, _, body = http.get(path)
        (tmp_path / f"{name}.html").write_bytes(body)
        files.append(str(tmp_path / f"{name}.html"))
    http.post("/locations", [("name", "Garage"), ("note", "")])
    _, _, body = http.get("/items")
    assert b"section-favourites" in body
    (tmp_path / "sections.html").write_bytes(body)
    files.append(str(tmp_path / "sections.html"))
    bob = HTTPClient(fav_server, fav_server.sign_in(BOB, BOB_PASSWORD))
    _, _, body = bob.get("/items?favourites=1")
    assert b"No favourites yet" in body
    (tmp_path / "empty.html").write_bytes(body)
    files.append(str(tmp_path / "empty.html"))
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
