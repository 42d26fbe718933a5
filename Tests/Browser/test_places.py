"""Issue 23 (Places) in a browser: the list in sections with sticky headers, the section index
(a strip at the right edge of an upright phone, a compact line elsewhere), moving a row into
another section (a drag with JavaScript, the Move page without), the dialog's Location and
Labels, the other groupings at 200 % text, and axe-core and the Nu Html Checker on every new
page and state.

Locations and labels are made as an owner makes them on the web (conftest's place_item: Done in
the item's dialog with "New location…" and "New labels"; many items at once with Select mode's
"Move to a location"). Screenshots of each state go to artifacts/first-hour/p23-*.png.
"""

from __future__ import annotations

import re
import time
from contextlib import contextmanager

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select

from conftest import (
    SIZES,
    HTTPClient,
    Server,
    _browser_fixture,
    item_places,
    list_keys,
    move_to_location,
    place_item,
    server_with_items,
    WebDriverWait,
)
from test_first_hour_editmode import touch
from test_standards import nu_checker_errors, serious_axe_findings

PHONE, LANDSCAPE, TABLET, DESKTOP = "390x844", "844x390", "1024x768", "1280x800"
assert set(SIZES) == {PHONE, LANDSCAPE, TABLET, DESKTOP}

# A path of four levels whose text ("A › B › C › D") is over 150 characters, and one in Chinese.
LONG_PATH = ("Grandmother's house by the lake > The big attic over the east wing > "
             "The blue cedar chest with brass corners > The bottom drawer on the left-hand side")
CHINESE_PATH = ("祖母在湖边的老房子里东翼上面那个堆满旧家具和书信的大阁楼，靠近北面的小窗户，窗台上放着一盆早已干枯的兰花" + " > "
                + "那只带黄铜包角的蓝色樟木箱子最下面左手边的抽屉里，用一九六二年的旧报纸仔细包好的东西，还有一张写着名字的卡片")
LONG_TEXT = LONG_PATH.replace(" > ", " › ")
CHINESE_TEXT = CHINESE_PATH.replace(" > ", " › ")
assert len(LONG_TEXT) >= 150 and len(CHINESE_TEXT) >= 100

# Sections of the module's household, in the locations' own order, and their rows: 210 items,
# so that Shed (130 items) starts on page 1 and goes on over pages 2 and 3.
HOUSEHOLD = [
    ("kitchen", "Home > Kitchen", 40),
    ("garage", "Home > Garage", 20),
    ("long", LONG_PATH, 3),
    ("chinese", CHINESE_PATH, 3),
    ("box", "Loft > Box 3", 9),
    ("shed", "Shed", 130),
]
LOOSE = 5


@contextmanager
def color_scheme(b, scheme: str):
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        yield
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


@pytest.fixture(scope="module")
def places_server():
    """210 items in six locations (two of them with long paths, one in Chinese), five without
    one, and labels on a few: read-only for the tests that share it."""
    server = Server(seed=sum(count for _, _, count in HOUSEHOLD) + LOOSE)
    http = HTTPClient(server)
    keys = list_keys(http)
    sections, start = {}, 0
    for name, path, count in HOUSEHOLD:
        first = place_item(http, keys[start], new_location=path)
        sections[name] = first["location_key"]
        move_to_location(http, keys[start + 1:start + count], first["location_key"])
        start += count
    labelled = place_item(http, keys[0], new_labels="Fragile, Gift, 易碎品, Handle with care: heirloom china")
    place_item(http, keys[41], labels=[labelled["label_keys"]["Gift"], labelled["label_keys"]["易碎品"]])
    place_item(http, keys[-1], labels=[labelled["label_keys"]["Fragile"]])
    server.http = http
    server.keys = keys
    server.sections = sections  # name → location key
    server.locations = labelled["locations"]  # path text → key
    server.labels = labelled["label_keys"]
    yield server
    server.stop()


@pytest.fixture
def places_browser(request, drivers, places_server, size):
    yield from _browser_fixture(request, drivers, places_server, size)


@pytest.fixture
def places_nojs_browser(request, drivers, places_server, size):
    yield from _browser_fixture(request, drivers, places_server, size, javascript=False)


@pytest.fixture
def places_big_browser(request, drivers, places_server, size):
    yield from _browser_fixture(request, drivers, places_server, size, big_text=True)


@pytest.fixture
def places_big_nojs_browser(request, drivers, places_server, size):
    yield from _browser_fixture(request, drivers, places_server, size, javascript=False, big_text=True)


@pytest.fixture
def javascript(request):
    return getattr(request, "param", True)


@pytest.fixture
def places_either_browser(request, drivers, places_server, size, javascript):
    """With JavaScript on or off, as @pytest.mark.parametrize("javascript", …, indirect=True) says."""
    yield from _browser_fixture(request, drivers, places_server, size, javascript=javascript)


@pytest.fixture
def small_server():
    """A fresh household to change: Kitchen (Knife, Fork, Spoon), Garage (Saw, Hammer), and a
    Lamp with no location."""
    items = [("Knife", "K1", 20), ("Fork", "F1", 5), ("Spoon", "S1", 3), ("Saw", "SW1", 70), ("Hammer", "H1", 15), ("Lamp", "L1", 30)]
    with server_with_items(items) as server:
        http = HTTPClient(server)
        keys = dict(zip([name for name, _, _ in items], list_keys(http)))
        kitchen = place_item(http, keys["Knife"], new_location="Home > Kitchen", new_labels="Fragile")["location_key"]
        garage = place_item(http, keys["Saw"], new_location="Home > Garage")["location_key"]
        move_to_location(http, [keys["Fork"], keys["Spoon"]], kitchen)
        move_to_location(http, [keys["Hammer"]], garage)
        server.http, server.keys = http, keys
        server.kitchen, server.garage = kitchen, garage
        yield server


@pytest.fixture
def small_browser(request, drivers, small_server, size):
    yield from _browser_fixture(request, drivers, small_server, size)


@pytest.fixture
def small_nojs_browser(request, drivers, small_server, size):
    yield from _browser_fixture(request, drivers, small_server, size, javascript=False)


@pytest.fixture
def small_either_browser(request, drivers, small_server, size, javascript):
    yield from _browser_fixture(request, drivers, small_server, size, javascript=javascript)


# ---------------------------------------------------------------------------
# What the page shows


OUTLINE_JS = """
return [...document.querySelectorAll('.item-list .item-section__header, .item-list .item-row[data-key]')].map((el) =>
  el.matches('.item-section__header') ? '§' + el.querySelector('.item-section__title').textContent.trim()
                                      : el.querySelector('.item-cell__name').textContent.trim());
"""


def outline(b) -> list[str]:
    """Section titles ("§…") and row names, in the page's order."""
    return b.js(OUTLINE_JS)


# Where a section header is pinned: under the bar when the bar itself is pinned, else at the top.
PIN_JS = """
const bar = document.querySelector('.app > .nav-bar');
return getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().bottom : 0;
"""

# A section header's box, whether it is what one sees at its own middle (not covered), and what
# is just below it: a row of its own section, or something else peeking out (another header).
HEADER_JS = """
// A section is a list item holding its (pinned) header and its rows.
const header = document.getElementById(arguments[0]).querySelector('.item-section__header');
const r = header.getBoundingClientRect();
const x = r.left + 24;
const hit = document.elementFromPoint(x, r.top + r.height / 2);
const under = document.elementFromPoint(x, r.bottom + 6);
let belongs = null;
const row = under && under.closest('.item-row[data-key], .item-section__header, .item-section-more, .item-list > *');
if (row && row.matches('.item-row[data-key]')) {
  const section = row.closest('.item-section');
  belongs = section ? section.id : null;
} else if (row) {
  belongs = 'not a row: ' + (row.id || row.className);
}
const title = header.querySelector('.item-section__title');
const line = parseFloat(getComputedStyle(title).lineHeight) || parseFloat(getComputedStyle(title).fontSize) * 1.3;
return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
        onTop: !!hit && header.contains(hit), underBelongsTo: belongs,
        background: getComputedStyle(header).backgroundColor,
        titleLines: Math.round(title.getBoundingClientRect().height / line),
        titleCut: title.scrollWidth > title.clientWidth + 1 || header.scrollWidth > header.clientWidth + 1};
"""


def header_state(b, section_id: str) -> dict:
    return b.js(HEADER_JS, section_id)


def scroll_into_section(b, section_id: str, row: int):
    """Scrolls the section's row number `row` (0 first) to the middle of the screen."""
    b.js("""
        const rows = document.getElementById(arguments[0]).querySelectorAll('.item-row[data-key]');
        rows[Math.min(arguments[1], rows.length - 1)].scrollIntoView({block: 'center', behavior: 'instant'});
    """, section_id, row)
    time.sleep(0.15)


def address(b) -> str:
    """The page's path, query and fragment (conftest's b.path leaves out the fragment)."""
    return b.driver.current_url.split(b.server.url, 1)[-1]


def section_id(key: str) -> str:
    return f"section-{key}"


def opaque(color: str) -> bool:
    alpha = re.match(r"rgba\([^)]*,\s*([\d.]+)\)$", color)
    return color != "transparent" and (alpha is None or float(alpha.group(1)) >= 0.999)


def assert_pinned(b, name: str, sid: str, pin: float):
    state = header_state(b, sid)
    where = f"the {name} header at {b.size}"
    # Pinned at the bar's height: its bottom border (a pixel, two at 200 % text) may overlap.
    assert pin - 2 <= state["top"] <= pin + 1, f"{where} is not pinned under the bar ({pin}): {state}"
    assert state["onTop"], f"{where} is covered: {state}"
    assert opaque(state["background"]), f"rows show through {where}: {state['background']}"
    assert state["underBelongsTo"] == sid, f"under {where} is not its own row: {state}"
    return state


def shown_under_bar(state: dict, pin: float) -> bool:
    """A jump's header: just under the bar (the scroll padding leaves a few pixels), uncovered."""
    return pin - 2 <= state["top"] <= pin + 10 and state["onTop"]


def own_row_under(b, state: dict, sid: str) -> bool:
    """Whether a row of the header's own section shows just under it. Without JavaScript an
    earlier, taller header may still show there (test_nojs_a_shorter_header_hides_the_taller_one
    says why): that much is allowed, as long as it is that and not something else."""
    if state["underBelongsTo"] == sid:
        return True
    return not b.javascript and str(state["underBelongsTo"]).startswith("not a row: section-")


def page_overflow(b) -> list[str]:
    """Horizontal overflow, but for the compact index line, which scrolls sideways on purpose."""
    problems = [p for p in b.overflow_problems() if "section-index" not in p]
    width = b.js("return [document.scrollingElement.scrollWidth, innerWidth]")
    if width[0] > width[1]:
        problems.append(f"scrollingElement.scrollWidth {width[0]} > innerWidth {width[1]}")
    return problems


def check(b, what: str):
    """Screenshot, console, alerts (conftest's check_page), and no overflow but the index line's."""
    b.check_page(what, overflow=False)
    problems = page_overflow(b)
    b.expect(not problems, f"horizontal overflow on {what} at {b.size}: " + "; ".join(problems))


def index_links(b) -> dict:
    """The section index's links: title → {href, box, shortVisible, titleVisible}."""
    return {link["title"]: link for link in b.js("""
        return [...document.querySelectorAll('.section-index__link')].map((a) => {
          const r = a.getBoundingClientRect();
          const shown = (el) => { const b = el.getBoundingClientRect(); return getComputedStyle(el).display !== 'none' && b.width > 2 && b.height > 2; };
          return {title: a.querySelector('.section-index__title').textContent.trim(), href: a.getAttribute('href'),
                  top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width,
                  short: a.querySelector('.section-index__short').textContent.trim(),
                  shortVisible: shown(a.querySelector('.section-index__short')),
                  titleVisible: shown(a.querySelector('.section-index__title'))};
        });""")}


def click_index(b, title: str):
    """A click on the index's entry for this section; where the index is a line above the list,
    scrolled back to first, as one would."""
    link = [a for a in b.find_all(".section-index__link") if a.get_attribute("textContent").endswith(title)][0]
    if b.js("return getComputedStyle(document.querySelector('.section-index')).position") != "fixed":
        b.js("window.scrollTo(0, 0)")
    link.click()
    time.sleep(0.3)


# ---------------------------------------------------------------------------
# Sections and sticky headers


@pytest.mark.parametrize("size,scheme", [(PHONE, "light"), (PHONE, "dark"), (LANDSCAPE, "light"),
                                         (TABLET, "dark"), (DESKTOP, "light"), (DESKTOP, "dark")], indirect=["size"])
def test_section_headers_stay_pinned_and_the_next_takes_over(places_browser, places_server, scheme):
    b, sections = places_browser, places_server.sections
    with color_scheme(b, scheme):
        b.open("/items")
        titles = [t for t in outline(b) if t.startswith("§")]
        assert titles == ["§Home › Kitchen", "§Home › Garage", f"§{LONG_TEXT}", f"§{CHINESE_TEXT}", "§Loft › Box 3", "§Shed"], titles
        meta = b.find(f"#{section_id(sections['kitchen'])} .item-section__meta").text
        assert re.fullmatch(r"40 items · \$[\d,]+", meta), meta
        pin = b.js(PIN_JS)
        assert pin > 30, f"the bar is not pinned at {b.size}"
        # Deep in Kitchen its header is pinned under the bar with Kitchen's rows under it.
        scroll_into_section(b, section_id(sections["kitchen"]), 25)
        assert b.js("return scrollY") > 500
        assert_pinned(b, "Kitchen", section_id(sections["kitchen"]), pin)
        b.shot(23, f"sticky-kitchen-{scheme}")
        # Further on, Garage's header has taken its place (Kitchen's is behind it).
        scroll_into_section(b, section_id(sections["garage"]), 12)
        assert_pinned(b, "Garage", section_id(sections["garage"]), pin)
        kitchen = header_state(b, section_id(sections["kitchen"]))
        assert not kitchen["onTop"], f"Kitchen's header still shows over Garage's: {kitchen}"
        # After the tall headers (a 150-character path, a Chinese one) a short one takes over
        # whole: nothing of the taller header before it peeks out below it.
        scroll_into_section(b, section_id(sections["box"]), 6)
        assert_pinned(b, "Box 3", section_id(sections["box"]), pin)
        b.shot(23, f"sticky-after-tall-{scheme}")
        check(b, f"sticky-{scheme}")
    b.verify()


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_nojs_a_shorter_header_hides_the_taller_one_before_it(places_nojs_browser, places_server):
    b, sections = places_nojs_browser, places_server.sections
    b.open("/items")
    scroll_into_section(b, section_id(sections["box"]), 6)
    b.shot(23, "nojs-after-tall-header")
    assert_pinned(b, "Box 3", section_id(sections["box"]), b.js(PIN_JS))


# ---------------------------------------------------------------------------
# The section index


@pytest.mark.parametrize("size,javascript", [(PHONE, False), (PHONE, True)], indirect=True)
def test_index_strip_at_the_right_edge_jumps_to_sections(places_either_browser, places_server, javascript):
    """On a phone held upright: a narrow strip at the right edge, clear of the rows, whose
    entries (44 px or more) jump to their sections, on this page or another."""
    b, sections = places_either_browser, places_server.sections
    b.open("/items")
    strip = b.js("const r = document.querySelector('.section-index__list').getBoundingClientRect();"
                 "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,"
                 " position: getComputedStyle(document.querySelector('.section-index')).position}")
    assert strip["position"] == "fixed" and abs(strip["right"] - b.width) <= 1, f"no strip at the right edge: {strip}"
    assert strip["right"] - strip["left"] <= 60, f"the strip is not narrow: {strip}"
    links = index_links(b)
    assert list(links) == ["Home › Kitchen", "Home › Garage", LONG_TEXT, CHINESE_TEXT, "Loft › Box 3", "Shed", "No location"]
    for title, link in links.items():
        assert link["height"] >= 44 and link["width"] >= 44, f"the strip's {title!r} is smaller than 44 px: {link}"
        assert link["shortVisible"] and not link["titleVisible"], f"the strip shows the full title of {title!r}"
        assert 1 <= len(link["short"]) <= 4, link
    assert links["Home › Kitchen"]["short"] == "Ki" and links["No location"]["href"].startswith("/items?page=3#")
    # The rows keep clear of the strip: their values are not under it.
    values = b.js("return [...document.querySelectorAll('.item-row[data-key] .item-cell__value')].slice(0, 8)"
                  ".map((v) => v.getBoundingClientRect().right)")
    assert max(values) <= strip["left"] + 1, f"values under the strip ({strip['left']}): {values}"
    pin = b.js(PIN_JS)
    jumps = [("garage", "Home › Garage"), ("chinese", CHINESE_TEXT), ("shed", "Shed")]
    if javascript:  # back to an earlier section (test_nojs_the_strip_jumps_back_to_an_earlier_section)
        jumps += [("kitchen", "Home › Kitchen"), ("box", "Loft › Box 3"), ("long", LONG_TEXT)]
    for name, title in jumps:
        click_index(b, title)
        sid = section_id(sections[name])
        assert address(b).endswith(f"#{sid}"), address(b)
        state = header_state(b, sid)
        assert shown_under_bar(state, pin), f"{title!r} is not just under the bar: {state}"
        assert own_row_under(b, state, sid), f"under {title!r} is not its first row: {state}"
        if name == "garage":
            b.shot(23, f"index-strip-{'js' if javascript else 'nojs'}")
            check(b, "index-strip")
    # A section on a later page: its page, at its header.
    with b.navigates():
        click_index(b, "No location")
    assert address(b).startswith("/items?page=3") and address(b).endswith("#section-none"), address(b)
    state = header_state(b, "section-none")
    assert state["top"] <= b.height / 2 and state["onTop"], state
    assert outline(b)[0] == "§Shed, continued"
    b.verify()


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_nojs_the_strip_jumps_back_to_an_earlier_section(places_nojs_browser, places_server):
    b, sections = places_nojs_browser, places_server.sections
    b.open("/items")
    click_index(b, "Shed")
    click_index(b, "Home › Kitchen")
    state = header_state(b, section_id(sections["kitchen"]))
    assert state["onTop"] and state["underBelongsTo"] == section_id(sections["kitchen"]), f"Kitchen is not shown: {state}"


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_index_strip_fitted_and_a_finger_drawn_along_it_jumps(places_browser, places_server):
    b, sections = places_browser, places_server.sections
    b.emulate_touch(True)
    try:
        with color_scheme(b, "dark"):
            b.open("/items")
            assert b.find_all(".section-index.section-index--fitted"), "the strip is not fitted with JavaScript"
            fitted = b.js("const l = document.querySelector('.section-index__list');"
                          "return {scroll: l.scrollHeight, client: l.clientHeight, right: l.getBoundingClientRect().right}")
            assert fitted["scroll"] <= fitted["client"] + 1 and abs(fitted["right"] - b.width) <= 1, fitted
            links = index_links(b)
            assert all(link["height"] >= 44 for link in links.values()), links
            order = ["kitchen", "garage", "long", "chinese", "box"]
            entries = list(links.values())
            x = (entries[0]["left"] + entries[0]["right"]) / 2
            pin = b.js(PIN_JS)
            # A finger put on Kitchen and drawn down the strip: each section in turn, pinned.
            touch(b, "touchStart", x, (entries[0]["top"] + entries[0]["bottom"]) / 2)
            for number, name in enumerate(order):
                entry = entries[number]
                for y in (entry["top"] + 4, (entry["top"] + entry["bottom"]) / 2):
                    touch(b, "touchMove", x, y)
                    time.sleep(0.05)
                time.sleep(0.2)
                state = header_state(b, section_id(sections[name]))
                assert shown_under_bar(state, pin), f"drawn over {name}, its header is not shown: {state}"
                if name == "garage":
                    b.shot(23, "index-strip-scrubbing")
            touch(b, "touchEnd", 0, 0)
            time.sleep(0.2)
            assert address(b).endswith(f"#{section_id(sections['box'])}"), f"lifted on Box 3, the address is {address(b)}"
            check(b, "index-strip-fitted")
            # A tap on one entry jumps there.
            shed = links["Shed"]
            touch(b, "touchStart", x, (shed["top"] + shed["bottom"]) / 2)
            touch(b, "touchEnd", 0, 0)
            time.sleep(0.3)
            state = header_state(b, section_id(sections["shed"]))
            assert shown_under_bar(state, pin), f"a tap on Shed did not show it: {state}"
            # Drawn back up from Shed: each earlier section in turn (their headers were pinned).
            touch(b, "touchStart", x, (shed["top"] + shed["bottom"]) / 2)
            for number, name in reversed(list(enumerate(order))):
                entry = entries[number]
                touch(b, "touchMove", x, (entry["top"] + entry["bottom"]) / 2)
                time.sleep(0.25)
                state = header_state(b, section_id(sections[name]))
                assert shown_under_bar(state, pin), f"drawn back over {name}, its header is not shown: {state}"
                assert state["underBelongsTo"] == section_id(sections[name]), f"drawn back over {name}: {state}"
            touch(b, "touchEnd", 0, 0)
            # Lifted on a section of a later page: that page, at that section.
            none = links["No location"]
            with b.navigates():
                touch(b, "touchStart", x, (none["top"] + none["bottom"]) / 2)
                touch(b, "touchEnd", 0, 0)
            assert address(b).startswith("/items?page=3") and address(b).endswith("#section-none"), address(b)
            b.wait_ready()
            time.sleep(0.3)
            state = header_state(b, "section-none")
            assert state["top"] <= b.height / 2 and state["onTop"], state
    finally:
        b.emulate_touch(False)
    b.verify()


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_index_strip_after_a_live_search(places_browser, places_server):
    """A search typed into the list brings a new index (live, without a page load): it is
    fitted to the strip and jumps, back as well as on, as the page's own did."""
    b, sections = places_browser, places_server.sections
    b.open("/items")
    token = b.mark_page()
    b.find("#search-q").send_keys("Shiny")
    WebDriverWait(b.driver, 10).until(lambda _: "q=Shiny" in address(b), "the live search did not run")
    time.sleep(0.3)
    assert b.page_is_marked(token), "the search loaded a page"
    assert b.find_all(".section-index.section-index--fitted"), "the new index is not fitted to the strip"
    pin = b.js(PIN_JS)
    for name, title in (("shed", "Shed"), ("kitchen", "Home › Kitchen")):
        click_index(b, title)
        sid = section_id(sections[name])
        state = header_state(b, sid)
        assert shown_under_bar(state, pin), f"{title!r} is not just under the bar: {state}"
        assert state["underBelongsTo"] == sid, f"under {title!r} is not its first row: {state}"
    check(b, "index-after-live-search")
    b.verify()


@pytest.mark.parametrize("size,javascript", [(LANDSCAPE, True), (LANDSCAPE, False), (TABLET, True), (DESKTOP, True), (DESKTOP, False)],
                         indirect=True)
def test_index_line_elsewhere_jumps_to_sections(places_either_browser, places_server, javascript):
    b = places_either_browser
    sections = places_server.sections
    b.open("/items")
    position = b.js("return getComputedStyle(document.querySelector('.section-index')).position")
    assert position != "fixed", f"a strip at {size}"
    links = index_links(b)
    assert list(links)[-1] == "No location" and len(links) == 7
    for title, link in links.items():
        assert link["titleVisible"] and not link["shortVisible"], f"the line does not show {title!r} by name"
        assert link["height"] >= 44, f"{title!r} is shorter than 44 px: {link}"
    first = b.js("return document.querySelector('.section-index').getBoundingClientRect().bottom <= "
                 "document.querySelector('.item-list').getBoundingClientRect().top")
    assert first, "the index line is not above the list"
    b.shot(23, f"index-line-{'js' if javascript else 'nojs'}")
    pin = b.js(PIN_JS)
    for name, title in (("box", "Loft › Box 3"), ("garage", "Home › Garage"), ("long", LONG_TEXT)):
        click_index(b, title)
        sid = section_id(sections[name])
        state = header_state(b, sid)
        assert address(b).endswith(f"#{sid}"), address(b)
        assert shown_under_bar(state, pin), f"{title[:30]!r} is not just under the bar: {state}"
        assert own_row_under(b, state, sid), state
    check(b, "index-line-jumped")
    b.verify()


@pytest.mark.parametrize("size", [DESKTOP], indirect=True)
def test_nojs_a_section_going_on_past_the_page_says_so(places_nojs_browser, places_server):
    b = places_nojs_browser
    b.open("/items")
    assert len(b.rows()) == 100
    more = b.find(".item-section-more__link")
    assert more.text == "Shed continues on the next page", more.text
    assert outline(b)[-1] != "§Shed" and outline(b).index("§Shed") == len(outline(b)) - 26
    b.submit_by(more)
    assert b.path.startswith("/items?page=2"), b.path
    sid = section_id(places_server.sections["shed"])
    assert outline(b)[0] == "§Shed, continued" and len(b.rows()) == 100
    assert re.fullmatch(r"130 items · \$[\d,]+", b.find(f"#{sid} .item-section__meta").text)
    b.shot(23, "continued")
    check(b, "continued")
    b.verify()


# ---------------------------------------------------------------------------
# Moving a row into another section


def drag_touch(b, handle, to_y: float):
    box = b.js("const r = arguments[0].getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}", handle)
    touch(b, "touchStart", box["x"], box["y"])
    for step in range(1, 13):
        touch(b, "touchMove", box["x"], box["y"] + (to_y - box["y"]) * step / 12)
        time.sleep(0.03)
    time.sleep(0.3)
    touch(b, "touchEnd", 0, 0)


def drag_mouse(b, handle, to_y: float):
    box = b.js("const r = arguments[0].getBoundingClientRect(); return {y: r.top + r.height / 2}", handle)
    steps = 8
    actions = ActionChains(b.driver, duration=40).click_and_hold(handle)
    done = 0
    for step in range(1, steps + 1):
        target = int((to_y - box["y"]) * step / steps)
        actions.move_by_offset(0, target - done)
        done = target
    actions.pause(0.3).release().perform()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_drag_a_row_under_another_sections_header(small_browser, small_server):
    b, keys = small_browser, small_server.keys
    if b.size == PHONE:
        b.emulate_touch(True)
    try:
        b.open("/items?mode=edit")
        assert outline(b) == ["§Home › Kitchen", "Knife", "Fork", "Spoon", "§Home › Garage", "Saw", "Hammer", "§No location", "Lamp"]
        handle = b.find(".item-row__handle", b.row(keys["Knife"]))
        b.scroll_into_view(b.row(keys["Knife"]))
        # Dropped on the upper part of Saw, below Garage's header: first in Garage.
        saw = b.js("return arguments[0].getBoundingClientRect().top", b.row(keys["Saw"]))
        with b.navigates():
            (drag_touch if b.size == PHONE else drag_mouse)(b, handle, saw + 8)
        assert outline(b) == ["§Home › Kitchen", "Fork", "Spoon", "§Home › Garage", "Knife", "Saw", "Hammer", "§No location", "Lamp"], outline(b)
        assert b.find(f"#{section_id(small_server.garage)} .item-section__meta").text == "3 items · $105"
        assert item_places(small_server.http, keys["Knife"])["location"] == "Home › Garage", "the server did not move Knife"
        b.shot(23, "dragged-to-garage")
        check(b, "dragged-to-garage")
    finally:
        b.emulate_touch(False)
    b.verify()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_nojs_move_page_moves_a_row_into_another_section(small_nojs_browser, small_server):
    b, keys = small_nojs_browser, small_server.keys
    b.open("/items?mode=edit")
    b.submit_by(b.find(".item-row__handle", b.row(keys["Fork"])))
    assert b.path.startswith(f"/items/{keys['Fork']}/move"), b.path
    assert "Now 2 of 3 in Home › Kitchen." in b.find("#move-now").text
    location = Select(b.find("#move-location"))
    assert location.first_selected_option.text == "Home › Kitchen"
    assert [o.text for o in location.options] == ["Home", "Home › Kitchen", "Home › Garage", "No location"]
    location.select_by_visible_text("Home › Garage")
    b.set_field("#move-position", "2")
    # The fields and the buttons do not touch.
    gaps = [box(b, "label[for=move-position]")["top"] - box(b, "#move-location")["bottom"],
            box(b, ".move__form .confirm__actions")["top"] - box(b, "#move-position")["bottom"]]
    assert min(gaps) >= 8, f"the Move page's fields touch: {gaps}"
    b.shot(23, "move-page")
    check(b, "move-page")
    b.submit_by(b.find(".move__form button.button--primary"))
    assert outline(b) == ["§Home › Kitchen", "Knife", "Spoon", "§Home › Garage", "Saw", "Fork", "Hammer", "§No location", "Lamp"], outline(b)
    assert item_places(small_server.http, keys["Fork"])["location"] == "Home › Garage"
    # ↑ stays within the section; No location is a place to move to as well.
    if b.size == PHONE:  # ↑ and ↓ are on the Move page there
        b.submit_by(b.find(".item-row__handle", b.row(keys["Fork"])))
        b.submit_by(b.find('.move__form button[name="direction"][value="up"]'))
    else:
        b.submit_by(b.find(".item-row__up", b.row(keys["Fork"])))
    assert outline(b)[3:7] == ["§Home › Garage", "Fork", "Saw", "Hammer"], outline(b)
    if b.size != PHONE:
        assert b.find(".item-row__up", b.row(keys["Fork"])).get_attribute("disabled") is not None
    b.submit_by(b.find(".item-row__handle", b.row(keys["Fork"])))
    Select(b.find("#move-location")).select_by_visible_text("No location")
    b.set_field("#move-position", "1")
    b.submit_by(b.find(".move__form button.button--primary"))
    assert outline(b)[-3:] == ["§No location", "Fork", "Lamp"], outline(b)
    assert item_places(small_server.http, keys["Fork"])["location"] == ""
    check(b, "moved-to-no-location")
    b.verify()


# ---------------------------------------------------------------------------
# The dialog's Location and Labels


def shown(b, css: str) -> bool:
    return bool(b.js("const el = document.querySelector(arguments[0]);"
                     "return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'", css))


BOX_JS = "const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}"


def box(b, css: str) -> dict:
    return b.js(BOX_JS, b.find(css))


def fill_places(b, path: str, tick: str, new_labels: str):
    """A new location typed (with JavaScript after choosing "New location…", which shows its
    field; without, in the field that is always there), a label ticked, new labels typed."""
    if b.javascript:
        Select(b.find("#field-location")).select_by_value("new")
    assert shown(b, "#field-new-location"), "no field for the new location's name"
    b.set_field("#field-new-location", path)
    # The new location's and the new labels' fields line up with the others, whole.
    name, new_location, new_labels_field = box(b, "#field-name"), box(b, "#field-new-location"), box(b, "#field-new-labels")
    for what, field in (("new location", new_location), ("new labels", new_labels_field)):
        assert abs(field["left"] - name["left"]) <= 1 and abs(field["right"] - name["right"]) <= 1, (
            f"the {what} field is not lined up with Name at {b.size}: {field} vs {name}")
    chip = [c for c in b.find_all(".label-choice") if c.text.strip() == tick][0]
    b.scroll_into_view(chip)
    chip.click()
    assert b.find("input", chip).is_selected()
    b.set_field("#field-new-labels", new_labels)


def cancel_dialog(b):
    token = b.mark_page()
    b.find(".detail__cancel").click()
    if b.javascript:
        b.wait_for(".discard[open]")
        b.find(".discard__confirm").click()
    b.wait_new_page(token)


@pytest.mark.parametrize("size,javascript", [(PHONE, True), (DESKTOP, True), (PHONE, False), (LANDSCAPE, False)], indirect=True)
def test_dialog_location_and_labels_cancel_and_done(small_either_browser, small_server, javascript):
    b = small_either_browser
    http, key = small_server.http, small_server.keys["Lamp"]
    b.open(f"/items/{key}")
    location = Select(b.find("#field-location"))
    assert location.first_selected_option.text == "No location"
    assert [o.text for o in location.options][-1] in ("New location…", "No location")
    chips = [c.text.strip() for c in b.find_all(".label-choice")]
    assert chips == ["Fragile"], chips
    for chip in b.find_all(".label-choice"):
        assert chip.size["height"] >= 44, f"a label's chip is under 44 px tall: {chip.size}"
    # With JavaScript the new location's field waits for "New location…"; without, it is there.
    assert shown(b, "#field-new-location") == (not javascript)
    check(b, "dialog-places")
    fill_places(b, "Home > Attic", "Fragile", "Gift, 礼物")
    b.shot(23, f"dialog-places-filled-{'js' if javascript else 'nojs'}")
    check(b, "dialog-places-filled")
    if javascript:
        findings = serious_axe_findings(b)
        assert not findings, "axe-core on the dialog with New location…:\n" + "\n".join(findings)
    # Cancel: nothing changed.
    cancel_dialog(b)
    assert not b.has_dialog()
    after = item_places(http, key)
    assert (after["location"], after["labels"]) == ("", []), f"Cancel kept places: {after['location']!r} {after['labels']}"
    assert "Home › Attic" not in after["locations"] and "Gift" not in after["label_keys"], "Cancel created places"
    # Done: the new location and labels are made and the row is in its new section.
    b.open(f"/items/{key}")
    assert shown(b, "#field-new-location") == (not javascript), "the field kept what Cancel dropped"
    fill_places(b, "Home > Attic", "Fragile", "Gift, 礼物")
    b.submit_by(b.find(".detail__done"))
    assert not b.has_dialog()
    assert "§Home › Attic" in outline(b) and outline(b)[outline(b).index("§Home › Attic") + 1] == "Lamp", outline(b)
    chips = [c.text for c in b.find_all(".item-cell__places .label-chip", b.row(key))]
    assert sorted(chips) == sorted(["Fragile", "Gift", "礼物"]), chips
    after = item_places(http, key)
    assert after["location"] == "Home › Attic" and sorted(after["labels"]) == sorted(["Fragile", "Gift", "礼物"]), after
    check(b, "dialog-places-done")
    b.verify()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_dialog_cancel_without_changes_does_not_ask(small_browser, small_server):
    """The Location select and the label checkboxes: untouched, Cancel closes at once; a label
    ticked is a change, so Cancel asks first."""
    b, key = small_browser, small_server.keys["Knife"]
    b.open(f"/items/{key}")
    with b.navigates():
        b.find(".detail__cancel").click()
    assert not b.has_dialog()
    b.open(f"/items/{key}")
    chip = b.find(".label-choice")
    b.scroll_into_view(chip)
    chip.click()
    token = b.mark_page()
    b.find(".detail__cancel").click()
    b.wait_for(".discard[open]")
    assert b.page_is_marked(token), "Cancel dropped a ticked label without asking"
    b.find(".discard__keep").click()
    Select(b.find("#field-location")).select_by_visible_text("Home › Garage")
    b.submit_by(b.find(".detail__done"))
    after = item_places(small_server.http, key)
    assert after["location"] == "Home › Garage" and after["labels"] == [], after
    b.verify()


# ---------------------------------------------------------------------------
# Groupings, 200 % text, long and Chinese names


GROUPINGS = [
    ("location", "/items", ["§Home › Kitchen", "§Home › Garage"]),
    ("label", "/items?group=label", ["§Fragile", "§Gift"]),
    ("value", "/items?group=value", ["§$50 or more"]),  # about half of 210: "Under $50" is on page 2
    ("none", "/items?group=none", []),
    ("edit", "/items?mode=edit", ["§Home › Kitchen"]),
]


def check_groupings(b, places_server):
    for name, path, some in GROUPINGS:
        b.open(path)
        assert b.status == 200, f"{path} answered {b.status}"
        titles = [t for t in outline(b) if t.startswith("§")]
        assert all(t in titles for t in some), f"{path}: {titles}"
        if name == "none":
            assert not titles and not b.find_all(".section-index"), "group=none has sections"
            # Not grouped by location: each row says where it is.
            places = b.find(".item-cell__places", b.row(places_server.keys[0])).text
            assert "Home › Kitchen" in places and "Fragile" in places, places
        check(b, f"group-{name}")
    b.open("/items")
    # Deep in Kitchen, its header is pinned under the bar — where the bar is pinned and the
    # screen has the height (not at 200 % text on a phone: there neither is, as a long path
    # would cover the rows); then it scrolls away with the section's first rows.
    kitchen = section_id(places_server.sections["kitchen"])
    scroll_into_section(b, kitchen, 20)
    pinned = b.js("return getComputedStyle(document.querySelector('.item-section__header')).position") == "sticky"
    large = b.js("return innerWidth < 22.5 * parseFloat(getComputedStyle(document.documentElement).fontSize)"
                 " || innerHeight < 20 * parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert pinned == (not large), f"headers pinned: {pinned}, large text for this screen: {large}"
    if pinned:
        assert_pinned(b, "Kitchen", kitchen, b.js(PIN_JS))
    strip = b.js("const s = document.querySelector('.section-index'); return getComputedStyle(s).position === 'fixed' ?"
                 " document.querySelector('.section-index__list').getBoundingClientRect().left : innerWidth")
    for name in ("long", "chinese"):
        sid = section_id(places_server.sections[name])
        b.js("document.getElementById(arguments[0]).scrollIntoView({block: 'center', behavior: 'instant'})", sid)
        time.sleep(0.1)
        state = header_state(b, sid)
        assert not state["titleCut"], f"the {name} header is cut: {state}"
        assert state["right"] <= strip + 1, f"the {name} header goes under the strip or off screen ({strip}): {state}"
        assert state["titleLines"] >= 2, f"the {name} header does not wrap: {state}"
        if name == "chinese":
            b.shot(23, f"long-headers{'-200' if b.js('return parseFloat(getComputedStyle(document.documentElement).fontSize)') > 20 else ''}"
                   f"-{'js' if b.javascript else 'nojs'}")
        check(b, f"header-{name}")


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], indirect=True)
def test_groupings_at_200_percent_text_keep_within_the_screen(places_big_browser, places_server):
    check_groupings(places_big_browser, places_server)
    places_big_browser.verify()


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], indirect=True)
def test_nojs_groupings_at_200_percent_text_keep_within_the_screen(places_big_nojs_browser, places_server):
    check_groupings(places_big_nojs_browser, places_server)
    places_big_nojs_browser.verify()


@pytest.mark.parametrize("size", [PHONE, TABLET], indirect=True)
def test_groupings_at_normal_text(places_browser, places_server):
    check_groupings(places_browser, places_server)
    places_browser.verify()


# ---------------------------------------------------------------------------
# Standards: axe-core and the Nu Html Checker on every new page and state


def places_pages(server) -> list[tuple[str, str]]:
    keys, sections = server.keys, server.sections
    return [
        ("sections", "/items"),
        ("sections-edit", "/items?mode=edit"),
        ("sections-select", "/items?mode=select"),
        ("group-label", "/items?group=label"),
        ("group-value", "/items?group=value"),
        ("continued", "/items?page=3"),
        ("move-page", f"/items/{keys[1]}/move"),
        ("move-to-location", f"/items/move-selected?key={keys[1]}&key={keys[-1]}"),
        ("dialog-places", f"/items/{keys[0]}"),
        ("location-page", f"/locations/{server.locations['Home']}"),
        ("label-page", f"/labels/{server.labels['Fragile']}"),
    ]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_places_pages(places_browser, places_server, scheme):
    b = places_browser
    problems = []
    with color_scheme(b, scheme):
        for name, path in places_pages(places_server):
            b.open(path)
            if name.endswith("-page") and name.startswith(("location", "label")):
                assert b.find(".place-filter").text.startswith("Showing"), b.find(".place-filter").text
            problems += [f"{name} ({scheme}, {b.size}): {finding}" for finding in serious_axe_findings(b)]
            b.screenshot(f"axe-{name}-{scheme}")
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_nu_html_checker_finds_no_errors_on_places_pages(places_server, tmp_path):
    http = HTTPClient(places_server)
    files = []
    pages = places_pages(places_server) + [("group-none", "/items?group=none"), ("page-2", "/items?page=2")]
    for name, path in pages:
        status, headers, body = http.get(path)
        if status == 303:
            status, headers, body = http.get(headers["Location"])
        assert status == 200, f"{path} answered {status}"
        file = tmp_path / f"{name}.html"
        file.write_bytes(body)
        files.append(str(file))
    # The dialog refusing a location nested 5 deep (a 422 by the field).
    key = places_server.keys[-2]
    page = item_places(http, key)["page"]
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    status, _, body = http.post(f"/items/{key}", [("name", "x"), ("serialNumber", ""), ("value", "1"), ("version", version),
                                                  ("placeFields", "1"), ("placeLocation", "new"),
                                                  ("placeNewLocation", "a > b > c > d > e"), ("action", "done")])
    assert status == 422, status
    (tmp_path / "dialog-422.html").write_bytes(body)
    files.append(str(tmp_path / "dialog-422.html"))
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
