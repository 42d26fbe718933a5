"""Issue 26 part 4: the introduction pages (the iOS examples' first-run pages).

A member's first sign-in leads to three pages — what Homepwner is for; adding an item and its
photo; edit mode, search and Recently Deleted — each with a drawn picture, page dots, Back and
Next, Skip, and Start on the last; after Skip or Start sign-in goes where the member was going,
and the introduction never comes again unless asked for (the account page's "Show the
introduction", the settings' later). Without JavaScript every page is a page of links and a form;
with it a sideways swipe (touch) or the arrow keys turn the page, and a vertical scroll never
does. At 390×844 with touch, 844×390 and 1280×800, light and dark, at 200 % text: no sideways
scrolling, 44 px targets, 0 serious or critical axe-core findings, 0 Nu Html Checker errors.
"""

from __future__ import annotations

import time
import urllib.parse

import pytest

from conftest import HTTPClient, WebDriverWait, _browser_fixture
from test_standards import nu_checker_errors, serious_axe_findings

PHONE, LANDSCAPE, DESKTOP = "390x844", "844x390", "1280x800"
ANN, ANN_PASSWORD = "ann", "ann's own long pass phrase"
PAGES = ["/intro", "/intro/2", "/intro/3"]
HEADINGS = ["Everything you own, in one list", "Add an item and its photo", "Edit, search, and change your mind"]

# What a page of the introduction shows: which page, its dots, its controls, and every target's size.
STATE_JS = r"""
const main = document.querySelector('main.intro__main');
const box = (el) => { const r = el.getBoundingClientRect(); return {w: r.width, h: r.height, top: r.top, left: r.left, right: r.right}; };
const art = document.querySelector('svg.intro-art');
const targets = [...document.querySelectorAll('main a, main button, header button, footer a')]
  .filter((el) => getComputedStyle(el).display !== 'none')
  .map((el) => ({what: (el.className || el.tagName) + ' ' + el.textContent.trim(), ...box(el)}));
return {
  page: main ? Number(main.dataset.introPage) : 0,
  heading: (document.querySelector('.intro__heading') || {}).textContent,
  dots: [...document.querySelectorAll('.intro__dot')].map((a) => a.getAttribute('aria-current')),
  back: !!document.querySelector('a.intro__back'), next: !!document.querySelector('a.intro__next'),
  skip: !!document.querySelector('.intro__skip'), start: !!document.querySelector('.intro__start button'),
  art: art ? {role: art.getAttribute('role'), name: document.getElementById(art.getAttribute('aria-labelledby')).textContent,
              ...box(art), card: getComputedStyle(art.querySelector('.art-card')).fill} : null,
  surface: getComputedStyle(document.documentElement).backgroundColor, text: getComputedStyle(document.body).color,
  targets,
};
"""


@pytest.fixture
def javascript() -> bool:
    return True


@pytest.fixture
def big_text() -> bool:
    return False


@pytest.fixture
def intro_browser(request, drivers, server, size, javascript, big_text):
    """Chromium at `size`, with JavaScript unless a test's `javascript` says otherwise, at 200 %
    text when its `big_text` says so; a fresh server."""
    yield from _browser_fixture(request, drivers, server, size, javascript=javascript, big_text=big_text)


def state(b) -> dict:
    return b.js(STATE_JS)


def check_intro_page(b, number: int, what: str):
    """Page `number` is on screen, whole: its dots (the current one marked), its controls, its
    picture with a name; every target at least 44 px; then the suite's own checks."""
    s = state(b)
    assert s["page"] == number and s["heading"] == HEADINGS[number - 1], f"not page {number}: {s['page']} {s['heading']!r}"
    assert s["dots"] == ["page" if dot == number else None for dot in (1, 2, 3)], f"dots {s['dots']}"
    assert s["back"] == (number > 1) and s["next"] == (number < 3), f"Back/Next on page {number}: {s}"
    assert s["skip"] == (number < 3) and s["start"] == (number == 3), f"Skip/Start on page {number}: {s}"
    art = s["art"]
    assert art and art["role"] == "img" and len(art["name"]) > 20, f"the picture has no name: {art}"
    assert art["h"] > 80 and art["left"] >= 0 and art["right"] <= b.width, f"the picture is not whole at {b.size}: {art}"
    small = [t for t in s["targets"] if t["w"] < 43.5 or t["h"] < 43.5]
    b.expect(not small, f"targets under 44 px on page {number} at {b.size}: {small}")
    b.check_page(what)
    return s


def path_and_query(b) -> str:
    return urllib.parse.unquote(b.path)


def sign_in_as_new_member(b, server, asked: str):
    """A member added a moment ago opens `asked`, is sent to sign in, and signs in."""
    server.add_member(ANN, "editor", ANN_PASSWORD)
    b.clear_cookies()
    b.open(asked)
    assert b.path.startswith("/sign-in"), f"{asked} led to {b.path}"
    b.sign_in(ANN, ANN_PASSWORD)


# ---------------------------------------------------------------------------
# Once per member, again when asked


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("javascript", [True, False])
def test_first_sign_in_shows_the_introduction_once_and_again_when_asked(intro_browser, server, size):
    b = intro_browser
    if size == PHONE:
        b.emulate_touch()
    try:
        sign_in_as_new_member(b, server, "/items?q=lamp")
        assert path_and_query(b) == "/intro?next=/items?q=lamp", f"the first sign-in led to {b.path}"
        check_intro_page(b, 1, "first-sign-in")

        # Next, Back, a dot: every page, where the member was going kept all along.
        b.submit_by(b.find("a.intro__next"))
        assert path_and_query(b) == "/intro/2?next=/items?q=lamp"
        check_intro_page(b, 2, "page-2")
        b.submit_by(b.find("a.intro__back"))
        assert path_and_query(b) == "/intro?next=/items?q=lamp"
        b.submit_by(b.find_all("a.intro__dot")[2])
        assert path_and_query(b) == "/intro/3?next=/items?q=lamp"
        check_intro_page(b, 3, "page-3")

        # Start: where the member was going.
        b.submit_by(b.find(".intro__start button"))
        assert path_and_query(b) == "/items?q=lamp", f"Start led to {b.path}"
        assert b.find("#search-q").get_attribute("value") == "lamp"
        assert b.find(".page-footer__member span").text == f"Signed in as {ANN} (editor)"

        # Signed out and in again: straight there, no introduction.
        b.submit_by(b.find('.page-footer__member form[action="/sign-out"] button'))
        b.open("/deleted")
        b.sign_in(ANN, ANN_PASSWORD)
        assert b.path == "/deleted", f"the second sign-in led to {b.path}"

        # Asked for again, from Settings ("Show the introduction"); Skip leads back there.
        b.open("/settings")
        b.submit_by(b.find("#show-intro"))
        assert path_and_query(b) == "/intro?next=/settings"
        check_intro_page(b, 1, "asked-again")
        b.submit_by(b.find(".intro__skip"))
        assert b.path == "/settings", f"Skip led to {b.path}"
    finally:
        b.emulate_touch(False)


def test_each_member_has_their_own_introduction_and_reading_it_records_nothing(browser, server):
    b = browser
    server.add_member("vera", "viewer", "vera's own long pass phrase")
    vera = HTTPClient(server, server.sign_in("vera", "vera's own long pass phrase"))
    # Vera reads every page (as a link preview or a crawler would): nothing is recorded.
    for path in PAGES:
        assert vera.get(path)[0] == 200
    b.clear_cookies()
    b.open("/items")
    b.sign_in("vera", "vera's own long pass phrase")
    assert b.path == "/intro", f"a viewer's sign-in after reading the pages led to {b.path}"
    b.submit_by(b.find(".intro__skip"))
    assert b.path == "/items"
    # Another new member still gets it.
    sign_in_as_new_member(b, server, "/items")
    assert b.path == "/intro"
    b.check_page("another-member")


# ---------------------------------------------------------------------------
# With JavaScript: swipes and keys


def touch(b, kind: str, x: float = 0, y: float = 0):
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    b.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def swipe(b, start: tuple[float, float], end: tuple[float, float], steps: int = 12) -> str:
    """A finger from `start` to `end`; returns the page's transform just before it lifts."""
    touch(b, "touchStart", *start)
    for step in range(1, steps + 1):
        touch(b, "touchMove", start[0] + (end[0] - start[0]) * step / steps, start[1] + (end[1] - start[1]) * step / steps)
        time.sleep(0.016)
    during = b.js("return document.querySelector('.intro__page').style.transform")
    touch(b, "touchEnd")
    return during


def stays(b, path: str, wait: float = 0.6):
    time.sleep(wait)
    assert path_and_query(b) == path, f"the page turned to {b.path}"
    WebDriverWait(b.driver, 5).until(
        lambda _: b.js("return document.querySelector('.intro__page').style.transform") == "", "the page did not settle back")


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_a_sideways_swipe_turns_the_page_and_a_vertical_scroll_never_does(browser):
    b = browser
    b.emulate_touch()
    try:
        b.open("/intro?next=%2Fdeleted")
        middle = b.height / 2
        # Left: the next page, the page following the finger on the way.
        with b.navigates():
            during = swipe(b, (330, middle), (90, middle + 12))
        assert during.startswith("translateX(-"), f"the page did not follow the finger: {during!r}"
        assert path_and_query(b) == "/intro/2?next=/deleted"
        check_intro_page(b, 2, "swiped-left")
        # Right: back.
        with b.navigates():
            swipe(b, (60, middle), (320, middle))
        assert path_and_query(b) == "/intro?next=/deleted"
        # Right on the first page: nothing before it; the page gives a little and springs back.
        during = swipe(b, (60, middle), (320, middle))
        assert during.startswith("translateX(") and during != "translateX(260px)", f"{during!r}"
        stays(b, "/intro?next=/deleted")
        # A short swipe settles back.
        swipe(b, (300, middle), (260, middle))
        stays(b, "/intro?next=/deleted")
        # A tap on Next is still a tap.
        link = b.js("const r = document.querySelector('a.intro__next').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
        with b.navigates():
            touch(b, "touchStart", *link)
            touch(b, "touchEnd")
        assert path_and_query(b) == "/intro/2?next=/deleted"

        # A mostly vertical drag never turns the page, even drifting sideways as a thumb does:
        # on a page with nothing to scroll (the browser leaves the pointer to the page)…
        assert b.js("return document.documentElement.scrollHeight <= innerHeight"), "the page scrolls at normal text"
        swipe(b, (150, b.height - 120), (260, 250))
        stays(b, "/intro/2?next=/deleted")
        # …and on a long one (twice the text), which it scrolls.
        b.js("document.documentElement.style.fontSize = '200%'")
        assert b.js("return document.documentElement.scrollHeight > innerHeight + 200"), "the page is not long enough to scroll"
        swipe(b, (220, b.height - 120), (330, 200))
        stays(b, "/intro/2?next=/deleted")
        assert b.js("return scrollY") > 100, "the vertical drag did not scroll the page"
        b.assert_no_overflow("the introduction at 200 % text")
        b.check_page("scrolled-not-turned")
    finally:
        b.emulate_touch(False)


@pytest.mark.parametrize("size", [DESKTOP], indirect=True)
def test_arrow_keys_turn_the_page_and_links_still_work(browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    b = browser
    b.open("/intro")
    for expected in ["/intro/2", "/intro/3"]:
        with b.navigates():
            ActionChains(b.driver).send_keys(Keys.ARROW_RIGHT).perform()
        assert b.path == expected
    # No page after the last: the key does nothing.
    ActionChains(b.driver).send_keys(Keys.ARROW_RIGHT).perform()
    time.sleep(0.5)
    assert b.path == "/intro/3"
    with b.navigates():
        ActionChains(b.driver).send_keys(Keys.ARROW_LEFT).perform()
    assert b.path == "/intro/2"
    # With a modifier the key is left to the browser.
    mark = b.mark_page()
    ActionChains(b.driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
    time.sleep(0.5)
    assert b.page_is_marked(mark) and b.path == "/intro/2"
    # A mouse drag is not a swipe: the page stays.
    page = b.find(".intro__page")
    ActionChains(b.driver).move_to_element(page).click_and_hold().move_by_offset(-300, 0).release().perform()
    time.sleep(0.5)
    assert b.path == "/intro/2"
    check_intro_page(b, 2, "keys")


# ---------------------------------------------------------------------------
# Layout and standards


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE, DESKTOP], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("javascript", [True, False])
def test_every_page_fits_at_every_size_in_light_and_dark(intro_browser, size, scheme, javascript):
    b = intro_browser
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        for number, path in enumerate(PAGES, start=1):
            b.open(path)
            s = check_intro_page(b, number, f"{scheme}-{'js' if javascript else 'nojs'}-page-{number}")
            # The picture follows the scheme: its cards are the page's surface colour.
            dark = s["surface"] == "rgb(0, 0, 0)"
            assert dark == (scheme == "dark"), f"{scheme}: the page's background is {s['surface']}"
            assert s["art"]["card"] == ("rgb(28, 28, 30)" if dark else "rgb(255, 255, 255)"), f"{scheme}: {s['art']}"
            if size == LANDSCAPE:
                # Beside the words, and the whole page in view without scrolling.
                words = b.js("const r = document.querySelector('.intro__words').getBoundingClientRect(); return [r.left, r.bottom]")
                assert words[0] >= s["art"]["right"] - 1, "the picture is not beside the words sideways"
                assert b.js("return document.querySelector('.intro__actions').getBoundingClientRect().bottom") <= b.height, (
                    "Back/Next are below the fold sideways")
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE, DESKTOP], indirect=True)
@pytest.mark.parametrize("big_text", [True])
def test_every_page_fits_at_200_percent_text(intro_browser, size):
    b = intro_browser
    for number, path in enumerate(PAGES, start=1):
        b.open(path + "?lang=zh-Hant" if number == 3 else path)
        font = b.js("return parseFloat(getComputedStyle(document.documentElement).fontSize)")
        assert font >= 32, f"not 200 % text: {font}"
        s = state(b)
        assert s["page"] == number
        small = [t for t in s["targets"] if t["w"] < 43.5 or t["h"] < 43.5]
        assert not small, f"targets under 44 px at 200 % text, {size}: {small}"
        b.check_page(f"big-text-page-{number}")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_introduction(browser, scheme):
    b = browser
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    problems = []
    try:
        for path in PAGES + ["/intro/2?lang=zh-Hans&next=%2Fdeleted", "/account"]:
            b.open(path)
            problems += [f"{path} ({scheme}, {b.size}): {finding}" for finding in serious_axe_findings(b)]
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_the_introduction_passes_the_nu_html_checker(server, tmp_path):
    http = HTTPClient(server)
    files = []
    for path in PAGES + ["/intro/2?lang=zh-Hans&next=%2Fitems%3Fq%3Dx", "/intro/3?lang=zh-Hant", "/account"]:
        status, _, body = http.get(path)
        assert status == 200, f"{path} answered {status}"
        file = tmp_path / (path.strip("/").replace("/", "-").replace("?", "_").replace("&", "_").replace("%", "") + ".html")
        file.write_bytes(body)
        files.append(str(file))
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
