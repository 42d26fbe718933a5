"""Issue 26 point 1, acceptance: the Settings page in Chromium.

The form as a person uses it (radios and selects clicked, Save pressed) with JavaScript on and
off, on a phone (390×844, touch) and a desktop (1280×800): the next page and every page after
it follow the choices, and Settings shows them chosen. A member's 200 % text setting lays pages
out as a browser set to 200 % text does, upright and sideways (the same portrait and landscape
decisions: list, sections, section index, the dialog's photo and camera), without overflow. A
member's light or dark appearance wins over the system's, "as the system" follows it; signed
out, the sign-in page's appearance links do the same with a cookie. A tampered form is refused
by its fields and changes nothing. axe-core and the Nu Html Checker on the page's states.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import (
    Browser,
    HTTPClient,
    Server,
    WebDriverWait,
    _browser_fixture,
    list_keys,
    make_png,
    move_to_location,
    place_item,
)
from test_layout import DIALOG_STATE_JS
from test_places import color_scheme, index_links, page_overflow
from test_standards import nu_checker_errors, serious_axe_findings

PHONE, LANDSCAPE, DESKTOP = "390x844", "844x390", "1280x800"
CHINESE = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def javascript(request):
    return getattr(request, "param", True)


@pytest.fixture
def settings_browser(request, drivers, seeded_server, size, javascript):
    """A fresh server with @pytest.mark.seed(N) items, Chromium with JavaScript on or off."""
    yield from _browser_fixture(request, drivers, seeded_server, size, javascript=javascript)


# ---------------------------------------------------------------------------
# Helpers


def choose(b, **choices: str):
    """Opens Settings, picks each choice as a person does (a click on the radio's label, an
    option picked in the select) and presses Save; waits for the page it leads to."""
    b.open("/settings")
    for name, value in choices.items():
        field = b.find(f'[name="{name}"]')
        if field.tag_name == "select":
            b.scroll_into_view(field)
            Select(field).select_by_value(value)
            assert Select(field).first_selected_option.get_attribute("value") == value
        else:
            radio = b.find(f'input[name="{name}"][value="{value}"]')
            label = radio.find_element(By.XPATH, "./ancestor::label[1]")
            b.scroll_into_view(label)
            label.click()
            assert radio.is_selected(), f"a click on {label.text!r} did not choose {name}={value}"
    b.submit_by(b.find(".settings__save button"))


def chosen(b) -> dict[str, str]:
    """What the Settings page on screen shows chosen: radio and select values by name."""
    return b.js("""
        const form = document.querySelector('.settings__form');
        const values = {};
        for (const field of form.querySelectorAll('input[type=radio]:checked, select')) values[field.name] = field.value;
        return values;""")


PRESENTATION_JS = """
const root = document.documentElement;
const meta = document.querySelector('meta[name=color-scheme]');
const bar = document.querySelector('.nav-bar');
return {lang: root.lang, scale: root.dataset.textScale || null, fontSize: getComputedStyle(root).fontSize,
        colorScheme: getComputedStyle(root).colorScheme, meta: meta ? meta.content : null,
        background: getComputedStyle(root).backgroundColor, text: getComputedStyle(document.body).color,
        bar: bar ? getComputedStyle(bar).backgroundColor : null};
"""


def presentation(b) -> dict:
    """How the page on screen is drawn: its language, text scale, root font size, colours."""
    return b.js(PRESENTATION_JS)


def row_values(b) -> list[str]:
    return [v.get_attribute("textContent").strip() for v in b.find_all(".item-list .item-row[data-key] .item-cell__value")]


def amount(text: str) -> int:
    return int(re.sub(r"[^\d]", "", text) or 0)


def set_text_size(server, value: str, cookies: dict[str, str] | None = None):
    """The member's text size, saved with the Settings form over plain HTTP (what the browser
    tests compare is the page it gives, not the form)."""
    http = HTTPClient(server, cookies)
    status, _, body = http.post("/settings", [("textSize", value)])
    assert status == 303, f"saving textSize={value} answered {status}: {body[:300]!r}"


@contextmanager
def chromium(request, drivers, server, size, javascript=True, big_text=False):
    """A second (third) Browser in one test, its console checked at the end as a fixture's is."""
    b = Browser(drivers.get(javascript=javascript, big_text=big_text), server, size,
                request.node.originalname + ("-bigtext" if big_text else ""), javascript)
    try:
        yield b
    finally:
        b.emulate_touch(False)
    b.collect_console()
    errors = b.console_errors(b.console[b.console_checked:])
    assert not errors, f"console errors ({'200 % browser' if big_text else 'member'}): {errors}"
    b.verify()


# ---------------------------------------------------------------------------
# The form, round trip


@pytest.mark.seed(60)
@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("javascript", [True, False], indirect=True)
def test_settings_chosen_in_the_form_apply_to_every_page_and_show_chosen(settings_browser, javascript):
    b = settings_browser
    b.emulate_touch()
    b.open("/settings")
    assert chosen(b) == {"textSize": "browser", "language": "browser", "appearance": "system", "sort": "",
                         "group": "automatic", "pageSize": "100", "currency": "USD"}, chosen(b)
    before = presentation(b)
    assert before["scale"] is None and before["fontSize"] == "16px" and before["lang"] == "en", before
    b.check_page("settings-default")

    choose(b, textSize="200", language="zh-Hans", appearance="dark", sort="value-desc", group="value",
           pageSize="50", currency="CNY")
    # Back on Settings, already in the choices: Chinese, 200 % text, dark, the message in Chinese.
    assert b.path == "/settings", b.path
    assert CHINESE.search(b.flash()), f"the saved message is not in the language chosen: {b.flash()!r}"
    p = presentation(b)
    assert p["lang"] == "zh-Hans" and p["scale"] == "2" and p["fontSize"] == "32px", p
    assert p["meta"] == "dark" and p["colorScheme"] == "dark", p
    assert p["background"] != before["background"], f"dark was chosen, the page is as light as before: {p}"
    assert chosen(b) == {"textSize": "200", "language": "zh-Hans", "appearance": "dark", "sort": "value-desc",
                         "group": "value", "pageSize": "50", "currency": "CNY"}, chosen(b)
    b.check_page("settings-chosen")

    # The list: most valuable first, in sections by value, 50 rows, values in yuan.
    b.open("/items")
    on_list = presentation(b)
    assert {k: on_list[k] for k in ("lang", "scale", "fontSize", "meta", "background")} == {
        k: p[k] for k in ("lang", "scale", "fontSize", "meta", "background")}, on_list
    values = row_values(b)
    assert len(values) == 50, f"{len(values)} rows on the first page, 50 chosen"
    assert all(v.startswith("¥") for v in values), f"values not in yuan: {values[:5]}"
    assert [amount(v) for v in values] == sorted((amount(v) for v in values), reverse=True), f"not most valuable first: {values}"
    assert b.find_all(".item-list .item-section__header"), "no sections by value"
    assert Select(b.find(".search__sort select, select.search__select")).first_selected_option.get_attribute("value") == "value-desc"
    b.check_page("list-chosen", overflow=False)
    problems = page_overflow(b)
    assert not problems, f"horizontal overflow at 200 % text: {problems}"

    # Back to the browser's text size and language, light, the member's order, no sections.
    choose(b, textSize="browser", language="en", appearance="light", sort="", group="none", pageSize="200",
           currency="USD")
    p = presentation(b)
    assert p["lang"] == "en" and p["scale"] is None and p["fontSize"] == "16px" and p["meta"] == "light", p
    assert b.flash() == "Your settings were saved.", b.flash()
    assert chosen(b) == {"textSize": "browser", "language": "en", "appearance": "light", "sort": "",
                         "group": "none", "pageSize": "200", "currency": "USD"}, chosen(b)
    b.open("/items")
    values = row_values(b)
    assert len(values) == 60 and all(v.startswith("$") for v in values), values[:5]
    assert not b.find_all(".item-list .item-section__header"), "sections after choosing none"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_settings_refuses_a_tampered_choice_by_its_field_and_saves_nothing(settings_browser):
    b = settings_browser
    b.allow_status(422)
    b.emulate_touch()
    b.open("/settings")
    # A person picks Chinese and 200 %, and someone has changed what the 200 % radio and the
    # Euro option send.
    b.js("document.querySelector('input[name=textSize][value=\"200\"]').value = '300';"
         "document.querySelector('#settings-currency option[value=EUR]').value = 'BTC';")
    b.find('input[name="language"][value="zh-Hans"]').find_element(By.XPATH, "./ancestor::label[1]").click()
    b.find('input[name="textSize"][value="300"]').find_element(By.XPATH, "./ancestor::label[1]").click()
    Select(b.find("#settings-currency")).select_by_value("BTC")
    b.submit_by(b.find(".settings__save button"))

    assert b.status == 422, b.status
    assert b.find(".notice--conflict[role=alert]").text == "Nothing was saved: check the choice marked below."
    assert b.js("return document.title").startswith("Not saved")
    errors = {e.get_attribute("id"): e.text for e in b.find_all(".field__error")}
    assert set(errors) == {"text-size-error", "settings-currency-error"}, errors
    assert all("Choose one of the options shown." in text for text in errors.values()), errors
    assert b.find("#text-size").get_attribute("aria-describedby") == "text-size-error"
    currency = b.find("#settings-currency")
    assert currency.get_attribute("aria-invalid") == "true"
    assert "settings-currency-error" in currency.get_attribute("aria-describedby").split()
    # The error sits by its field: inside the text size group, just under the currency select.
    assert b.js("return document.querySelector('#text-size-error').closest('fieldset').id") == "text-size"
    assert b.js("return document.querySelector('#settings-currency-error').closest('.field')"
                " === document.querySelector('#settings-currency').closest('.field')")
    # What was sent and valid is what the page shows chosen (the language); nothing is stored.
    assert chosen(b)["language"] == "zh-Hans", chosen(b)
    assert presentation(b)["lang"] == "en", "the refused form changed the page's language"
    b.check_page("refused")
    b.open("/items")
    p = presentation(b)
    assert p["lang"] == "en" and p["scale"] is None, f"a refused form changed the settings: {p}"
    b.open("/settings")
    assert chosen(b) == {"textSize": "browser", "language": "browser", "appearance": "system", "sort": "",
                         "group": "automatic", "pageSize": "100", "currency": "USD"}, chosen(b)


SAMPLES_JS = """
const samples = {};
for (const radio of document.querySelectorAll('input[name=textSize]')) {
  const sample = radio.closest('label').querySelector('.settings__sample');
  const text = sample.firstElementChild || sample;
  samples[radio.value] = {size: parseFloat(getComputedStyle(text).fontSize), lines: text.getClientRects().length,
                          height: text.getBoundingClientRect().height};
}
return samples;
"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_settings_text_size_samples_show_each_size_of_the_browsers_text(request, drivers, server, size):
    """Each text size's "Aa 字" is that size of the browser's text, whatever size is in use: the
    sample of the size in use is as large as the page's text, and none wraps."""
    expected = {"85": 0.85, "browser": 1, "115": 1.15, "130": 1.3, "160": 1.6, "200": 2}
    with chromium(request, drivers, server, size) as b:
        b.emulate_touch()
        for chosen_size, root in (("browser", 16), ("200", 32), ("85", 13.6)):
            choose(b, textSize=chosen_size)
            assert float(b.js("return getComputedStyle(document.documentElement).fontSize")[:-2]) == pytest.approx(root)
            samples = b.js(SAMPLES_JS)
            sizes = {value: sample["size"] for value, sample in samples.items()}
            assert sizes == pytest.approx({value: 16 * scale for value, scale in expected.items()}, abs=0.05), (
                f"at {chosen_size}: samples are not the browser's text times their size: {sizes}")
            assert sizes[chosen_size] == pytest.approx(root, abs=0.05)
            wrapped = {value: s for value, s in samples.items() if s["lines"] != 1 or s["height"] > 1.6 * s["size"]}
            assert not wrapped, f"samples on more than one line at {chosen_size}: {wrapped}"
            b.check_page(f"samples-{chosen_size}")
    # A browser whose own text is 200 %: "as the browser sets it" is that size, 200 % twice it.
    with chromium(request, drivers, server, size, big_text=True) as big:
        choose(big, textSize="browser")
        sizes = {value: sample["size"] for value, sample in big.js(SAMPLES_JS).items()}
        assert sizes == pytest.approx({value: 32 * scale for value, scale in expected.items()}, abs=0.05), sizes
        big.check_page("samples-browser-200")


# ---------------------------------------------------------------------------
# 200 % text: the same layout as the browser's own 200 %


@pytest.fixture(scope="module")
def layout_server():
    """Items in three locations (the list in sections, with a section index), one with a
    photo, one with a very long name; read-only for the tests that share it, but for the
    owner's text size, which each test sets."""
    server = Server(seed=30)
    http = HTTPClient(server)
    keys = list_keys(http)
    kitchen = place_item(http, keys[0], new_location="Home > Kitchen")["location_key"]
    move_to_location(http, keys[1:10], kitchen)
    garage = place_item(http, keys[10], new_location="Home > Garage")["location_key"]
    move_to_location(http, keys[11:18], garage)
    place_item(http, keys[18], new_location="Loft > Box 3")
    server.photo = http.add_item("Camera", "SN-2026-0042-XY", 75, photo=make_png(320, 240, (40, 120, 200)))
    server.long = http.add_item("Grandmother's hand-painted porcelain tea service with twelve cups " * 2, "SN-" + "7" * 40, 1_234_567)
    yield server
    server.stop()


# Every element of the page in document order: its classes, whether it is drawn, and its box
# (rounded). A member at 200 % and a browser at 200 % get the same DOM from the same data, so
# the two lists line up element by element.
LAYOUT_JS = """
// Every row drawn: rows off screen are sized by an estimate until first drawn
// (`content-visibility: auto`), and the size remembered depends on when each browser drew them.
for (const el of document.querySelectorAll('body *')) {
  if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
}
// From the top of the page and of everything that scrolls (a dialog scrolled to its focused
// field is not laid out otherwise).
for (const el of [document.scrollingElement, ...document.querySelectorAll('body *')]) {
  if (el.scrollTop || el.scrollLeft) { el.scrollTop = 0; el.scrollLeft = 0; }
}
const out = [];
for (const el of document.querySelectorAll('body *')) {
  const s = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const shown = s.display !== 'none' && s.visibility !== 'hidden' && r.width >= 1 && r.height >= 1;
  let name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
  if (typeof el.className === 'string' && el.className.trim()) name += '.' + el.className.trim().split(/\\s+/).join('.');
  out.push({name, shown, position: s.position, box: shown ? [r.left, r.top, r.width, r.height].map(Math.round) : null});
}
return {elements: out, vw: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth};
"""

# The decisions test_layout.py and test_places.py check, in words: how a row is laid out, where
# the bar and the section index are, what the index shows.
DECISIONS_JS = """
const shown = (el) => { if (!el) return false; const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                        return s.display !== 'none' && s.visibility !== 'hidden' && r.width >= 2 && r.height >= 2; };
const bar = document.querySelector('.app > .nav-bar');
const index = document.querySelector('.section-index');
const row = document.querySelector('.item-list .item-row[data-key]');
const box = (css) => row.querySelector(css).getBoundingClientRect();
const [name, serial, value, date] = ['.item-cell__name', '.item-cell__serial', '.item-cell__value', '.item-cell__date'].map(box);
return {
  bar: bar && getComputedStyle(bar).position,
  sections: document.querySelectorAll('.item-list .item-section__header').length,
  index: index && {position: getComputedStyle(index).position, classes: index.className, shown: shown(index)},
  valueBesideName: value.top < name.bottom - 1,
  serialUnderName: serial.top >= name.bottom - 1,
  dateBesideSerial: Math.abs(date.top - serial.top) <= 4,
  serialShown: shown(row.querySelector('.item-cell__serial')), dateShown: shown(row.querySelector('.item-cell__date')),
  searchOptions: shown(document.querySelector('.search__options')),
};
"""


def dialog_decisions(b) -> dict:
    """test_layout.py's dialog state in words: full screen or a sheet, photo and camera."""
    s = b.js(DIALOG_STATE_JS)
    d = s["dialog"]
    return {
        "fullScreen": abs(d["width"] - s["vw"]) <= 1 and abs(d["height"] - s["vh"]) <= 1,
        "photoShown": s["photoShown"], "cameraHit": s["cameraHit"], "cameraFocusable": s["focusable"],
        "cameraInputShown": s["inputVisible"],
    }


def layout(b, path: str) -> dict:
    b.open(path)
    if "/items/" in path:
        b.wait_for("dialog.detail-sheet[open]")
    # The one difference on purpose: each text size's sample is that size of the browser's own
    # text (test_settings_text_size_samples_…), which is 16 px for the member and 32 px for the
    # browser at 200 %. Here both draw them at the page's text size.
    b.js("for (const s of document.querySelectorAll('.settings__sample, .settings__sample *')) s.style.fontSize = '1rem';")
    WebDriverWait(b.driver, 10).until(lambda d: d.execute_script("return document.fonts.status") == "loaded")
    measured = b.js(LAYOUT_JS)
    if "/items/" in path:
        measured["decisions"] = dialog_decisions(b)
    elif path.startswith("/items"):
        measured["decisions"] = b.js(DECISIONS_JS)
        measured["index"] = {title: {k: link[k] for k in ("shortVisible", "titleVisible", "height", "width")}
                             for title, link in index_links(b).items()}
    return measured


def differences(member: dict, browser: dict) -> list[str]:
    """Where the member's page is laid out otherwise than the 200 % browser's (boxes within 2 px)."""
    found = []
    for key in ("decisions", "index"):
        if member.get(key) != browser.get(key):
            found.append(f"{key}: member {member.get(key)} vs browser {browser.get(key)}")
    mine, theirs = member["elements"], browser["elements"]
    if [e["name"] for e in mine] != [e["name"] for e in theirs]:
        names = [(a["name"], b["name"]) for a, b in zip(mine, theirs) if a["name"] != b["name"]]
        found.append(f"not the same elements ({len(mine)} vs {len(theirs)}): {names[:5]}")
        return found
    for a, b in zip(mine, theirs):
        if a["shown"] != b["shown"] or a["position"] != b["position"]:
            found.append(f"{a['name']}: member shown={a['shown']} {a['position']}, browser shown={b['shown']} {b['position']}")
        elif a["box"] and any(abs(x - y) > 2 for x, y in zip(a["box"], b["box"])):
            found.append(f"{a['name']}: member box {a['box']}, browser box {b['box']}")
        if len(found) > 12:
            break
    return found


PAGES = [("list in sections", "/items"), ("list", "/items?group=none"), ("edit mode", "/items?mode=edit"),
         ("dialog", "photo"), ("settings", "/settings")]


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE])
@pytest.mark.parametrize("javascript", [True, False])
def test_settings_200_percent_lays_out_as_the_browsers_200_percent(request, drivers, layout_server, size, javascript):
    """A member who chose 200 % gets the layout a browser set to 200 % text gets (the owner's
    setting left at "as the browser"): the same portrait and landscape decisions, element by
    element, on the list with and without sections, the section index, the dialog's photo and
    camera (shown upright, gone sideways) and Settings itself; and nothing wider than the screen."""
    paths = [(name, f"/items/{layout_server.photo}" if path == "photo" else path) for name, path in PAGES]
    set_text_size(layout_server, "browser")
    browser_side = {}
    with chromium(request, drivers, layout_server, size, javascript, big_text=True) as big:
        big.emulate_touch()
        big.open("/items")
        assert big.js("return getComputedStyle(document.documentElement).fontSize") == "32px"
        for name, path in paths:
            browser_side[name] = layout(big, path)
            big.screenshot(f"200-browser-{name}")
    set_text_size(layout_server, "200")
    try:
        with chromium(request, drivers, layout_server, size, javascript) as b:
            b.emulate_touch()
            problems = []
            for name, path in paths:
                member = layout(b, path)
                assert b.js("return getComputedStyle(document.documentElement).fontSize") == "32px"
                b.screenshot(f"200-member-{name}")
                problems += [f"{name}: {d}" for d in differences(member, browser_side[name])]
                if (name, size) != ("edit mode", LANDSCAPE):  # test_settings_200_percent_edit_mode_sideways_…
                    problems += [f"{name}: overflow {p}" for p in page_overflow(b)]
                if name == "dialog":
                    photo = member["decisions"]["photoShown"]
                    if size == LANDSCAPE:
                        assert not photo and not member["decisions"]["cameraHit"], f"the photo or camera on a phone held sideways: {member['decisions']}"
                    else:
                        assert photo, f"no photo on a phone held upright at 200 %: {member['decisions']}"
            assert not problems, f"the 200 % setting at {size} lays out otherwise than the browser's 200 %:\n" + "\n".join(problems)
    finally:
        set_text_size(layout_server, "browser")


def edit_row_columns(b, key: str) -> dict[str, bool]:
    """Which of the row's columns are drawn, in edit mode."""
    b.js("document.querySelector('.item-row[data-key=\"' + arguments[0] + '\"]').scrollIntoView({block: 'center'})", key)
    return b.js("""
        const row = document.querySelector('.item-row[data-key="' + arguments[0] + '"]');
        const drawn = (name) => { const e = row.querySelector('.item-cell__' + name); return !!e && e.getClientRects().length > 0; };
        return {name: drawn('name'), serial: drawn('serial'), value: drawn('value'), date: drawn('date')};""", key)


@pytest.mark.parametrize("size", [LANDSCAPE], indirect=True)
def test_settings_200_percent_edit_mode_sideways_keeps_every_row_within_its_cell(request, drivers, layout_server, size):
    """Beside the minus and ↑ ↓ ≡ at 200 % text there is no room for every column: the date and
    then the serial leave, nothing sticks out, the name and value stay; at 100 % all four show."""
    try:
        for setting, big_text in (("browser", True), ("200", False)):
            set_text_size(layout_server, setting)
            with chromium(request, drivers, layout_server, size, big_text=big_text) as b:
                b.open("/items?mode=edit")
                columns = edit_row_columns(b, layout_server.long)
                b.screenshot(f"200-{setting}-edit-mode-long-row")
                assert not page_overflow(b)
                assert columns["name"] and columns["value"] and not columns["date"], columns
        set_text_size(layout_server, "browser")
        with chromium(request, drivers, layout_server, size) as b:
            b.open("/items?mode=edit")
            assert edit_row_columns(b, layout_server.long) == {"name": True, "serial": True, "value": True, "date": True}
            assert not page_overflow(b)
    finally:
        set_text_size(layout_server, "browser")


# ---------------------------------------------------------------------------
# Appearance


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_settings_appearance_wins_over_the_system_and_system_follows_it(browser):
    b = browser
    b.emulate_touch()
    # The colours each scheme gives a page, as the system decides them (the default setting).
    reference = {}
    for scheme in ("light", "dark"):
        with color_scheme(b, scheme):
            b.open("/items")
            reference[scheme] = presentation(b)
    assert reference["light"]["background"] != reference["dark"]["background"], reference
    assert reference["light"]["meta"] == "light dark", reference["light"]

    def colours(p: dict) -> tuple:
        return p["background"], p["text"], p["bar"]

    for system, chosen_one in (("light", "dark"), ("dark", "light")):
        with color_scheme(b, system):
            choose(b, appearance=chosen_one)
            for path in ("/settings", "/items"):
                b.open(path)
                p = presentation(b)
                assert colours(p) == colours(reference[chosen_one]), f"{chosen_one} chosen on a {system} system, {path}: {p}"
                assert p["meta"] == chosen_one and p["colorScheme"] == chosen_one, p
                b.check_page(f"{chosen_one}-on-{system}")
            choose(b, appearance="system")
            b.open("/items")
            p = presentation(b)
            assert colours(p) == colours(reference[system]), f"'as the system' on a {system} system: {p}"
            assert p["meta"] == "light dark", p
    # The other way round, "as the system" follows a change of the system's scheme at once.
    for scheme in ("dark", "light"):
        with color_scheme(b, scheme):
            assert colours(presentation(b)) == colours(reference[scheme]), scheme


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("javascript", [True, False], indirect=True)
def test_settings_signed_out_appearance_links_set_the_cookie_and_the_page_follows(settings_browser):
    b = settings_browser
    b.clear_cookies()
    b.emulate_touch()
    reference = {}
    for scheme in ("light", "dark"):
        with color_scheme(b, scheme):
            b.open("/sign-in")
            reference[scheme] = presentation(b)
    for system, other in (("light", "dark"), ("dark", "light")):
        with color_scheme(b, system):
            b.open("/sign-in")
            current = b.find(".page-footer a[aria-current][href*=appearance]")
            assert "appearance=system" in current.get_attribute("href"), current.get_attribute("href")
            link = b.find(f'.page-footer a[href$="appearance={other}"]')
            b.scroll_into_view(link)
            b.submit_by(link)
            p = presentation(b)
            assert p["background"] == reference[other]["background"] and p["meta"] == other, f"{other} chosen on a {system} system: {p}"
            assert b.cookies().get("appearance") == other, b.cookies()
            assert b.find(".page-footer a[aria-current][href*=appearance]").get_attribute("href").endswith(f"appearance={other}")
            b.check_page(f"signed-out-{other}")
            # Remembered: the sign-in page without the parameter.
            b.open("/sign-in")
            assert presentation(b)["background"] == reference[other]["background"], "the choice was not remembered"
            # "As the system" again: the system's scheme.
            b.submit_by(b.find('.page-footer a[href$="appearance=system"]'))
            assert b.cookies().get("appearance") == "system", b.cookies()
            b.open("/sign-in")
            p = presentation(b)
            assert p["background"] == reference[system]["background"] and p["meta"] == "light dark", p


# ---------------------------------------------------------------------------
# Standards: the page's states at both sizes, light and dark


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_settings_states_axe_finds_nothing_serious(browser, scheme):
    """Default, refused (errors by two fields), and a member at 200 % in Chinese with the other
    appearance forced: axe-core finds nothing serious; Nu finds no errors in any of them."""
    b = browser
    b.allow_status(422)
    problems = []
    with color_scheme(b, scheme):
        b.open("/settings")
        problems += [f"default: {f}" for f in serious_axe_findings(b)]
        b.js("document.querySelector('input[name=textSize][value=\"200\"]').value = '300';"
             "document.querySelector('input[name=textSize][value=\"300\"]').checked = true;"
             "document.querySelector('#settings-currency option[value=EUR]').value = 'BTC';"
             "document.querySelector('#settings-currency').value = 'BTC';")
        b.submit_by(b.find(".settings__save button"))
        assert b.status == 422
        problems += [f"refused: {f}" for f in serious_axe_findings(b)]
        other = "light" if scheme == "dark" else "dark"
        choose(b, textSize="200", language="zh-Hans", appearance=other)
        for path in ("/settings", "/items", "/account"):
            b.open(path)
            problems += [f"{path} at 200 %, zh-Hans, {other}: {f}" for f in serious_axe_findings(b)]
            b.screenshot(f"axe-settings-{path.strip('/')}-{scheme}")
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_settings_states_nu_html_checker_finds_no_errors(server, tmp_path):
    http = HTTPClient(server)
    files = []

    def keep(name: str, body: bytes):
        file = tmp_path / f"{name}.html"
        file.write_bytes(body)
        files.append(str(file))

    status, _, body = http.get("/settings")
    assert status == 200
    keep("settings", body)
    status, _, body = http.post("/settings", [("textSize", "300"), ("language", "xx"), ("appearance", "sepia"),
                                              ("sort", "position"), ("group", "nope"), ("pageSize", "7"),
                                              ("currency", "BTC")])
    assert status == 422, status
    assert body.count(b'class="field__error"') == 7, body.count(b'class="field__error"')
    keep("settings-refused", body)
    status, _, _ = http.post("/settings", [("textSize", "200"), ("language", "zh-Hant"), ("appearance", "dark")])
    assert status == 303
    for name, path in (("settings-200-zh-dark", "/settings"), ("items-200-zh-dark", "/items")):
        status, _, body = http.get(path)
        assert status == 200
        keep(name, body)
    status, _, body = HTTPClient(server, {}).get("/sign-in?appearance=dark")
    assert status == 200
    keep("sign-in-dark", body)
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)


# ---------------------------------------------------------------------------
# The header's menu: Settings, Account, Recently Deleted, Sign out


def menu_geometry(b) -> dict:
    return b.js("""
        const bar = document.querySelector('.nav-bar');
        const menu = document.querySelector('details.nav-menu');
        const button = menu.querySelector('summary').getBoundingClientRect();
        const list = menu.querySelector('.nav-menu__list').getBoundingClientRect();
        const tops = [...bar.querySelectorAll(':scope > .button, :scope > form, :scope > details')]
            .map((e) => Math.round(e.getBoundingClientRect().top));
        return {open: menu.open, tops, button: [button.width, button.height],
                list: [list.left, list.top, list.right, list.bottom], width: innerWidth, height: innerHeight,
                items: [...menu.querySelectorAll('.nav-menu__item')].map((e) => e.textContent.trim())};""")


@pytest.mark.seed(30)
@pytest.mark.parametrize("size", [PHONE, LANDSCAPE, DESKTOP], indirect=True)
@pytest.mark.parametrize("javascript", [True, False], indirect=True)
def test_the_headers_menu_leads_to_settings_and_the_header_keeps_one_line(settings_browser, javascript):
    b = settings_browser
    b.emulate_touch()
    b.open("/items")
    g = menu_geometry(b)
    assert len(set(g["tops"])) == 1, f"the header takes more than one line at 100 % text: {g['tops']}"
    assert g["button"][0] >= 44 and g["button"][1] >= 44, f"the menu button is smaller than 44 px: {g}"
    assert not g["open"] and not b.find(".nav-menu__list").is_displayed()
    b.find(".nav-menu__button").click()
    g = menu_geometry(b)
    assert g["open"] and g["items"] == ["Settings", "Account", "Recently Deleted", "Sign out"], g
    left, top, right, bottom = g["list"]
    assert left >= 0 and right <= g["width"] and bottom <= g["height"], f"the menu is not within the screen: {g}"
    if javascript:
        b.js("document.querySelector('.nav-menu__button').focus()")
        b.driver.switch_to.active_element.send_keys("\ue00c")  # Escape
        assert not menu_geometry(b)["open"], "Escape did not close the menu"
        assert b.js("return document.activeElement === document.querySelector('.nav-menu__button')")
        b.find(".nav-menu__button").click()
        b.find(".nav-bar__title").click()
        assert not menu_geometry(b)["open"], "a tap elsewhere did not close the menu"
        b.find(".nav-menu__button").click()
    with b.navigates():
        b.find('.nav-menu__item[href="/settings"]').click()
    assert b.path == "/settings", b.path


@pytest.mark.seed(30)
@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], indirect=True)
def test_the_headers_menu_fits_the_screen_at_200_percent_text(settings_browser):
    b = settings_browser
    choose(b, textSize="200", appearance="dark")
    b.open("/items")
    b.find(".nav-menu__button").click()
    g = menu_geometry(b)
    left, top, right, bottom = g["list"]
    assert left >= 0 and right <= g["width"], f"the menu leaves the screen sideways at 200 %: {g}"
    assert bottom <= g["height"] or b.js("const l = document.querySelector('.nav-menu__list'); return l.scrollHeight > l.clientHeight")\
        or b.js("return getComputedStyle(document.querySelector('.nav-bar')).position") != "sticky", \
        f"the pinned header's menu runs off the screen and does not scroll: {g}"
    b.screenshot("nav-menu-200-dark")
    b.scroll_into_view(b.find('.nav-menu__list form button'))
    with b.navigates():
        b.find('.nav-menu__list form button').click()
    assert b.path.startswith("/sign-in"), b.path
