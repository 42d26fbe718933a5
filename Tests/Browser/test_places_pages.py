"""Issue 23, the places management pages in Chromium: /locations (the tree, ↑/↓, Add), a
location's Edit (409 when stale, 422 when refused) and Delete (asking where its items go),
/labels with its colour chips, a label's Edit and Delete, "Totals by place and label", and the
report grouped by location, on screen and on paper.

Every page and state at 390×844, 844×390, 1024×768 and 1280×800, light and dark: axe-core 0
serious/critical (with JavaScript; it cannot run without), the Nu Html Checker 0 errors (the
server's HTML, which is what a browser without JavaScript shows), and with JavaScript on, off
and at 200 % text: nothing wider than the screen, each label over its control, every button,
field and form link a 44 × 44 px target, each label chip's text ≥ 4.5:1 against its background;
at 200 % nothing cut off. The flows — Add with its refusals, two tabs editing one location,
Delete asking where the items go, ↑/↓ keeping the focus — go through the pages' own forms.

The list in sections, its section index, moves between sections and the item dialog's Location
and Labels are test_places.py's. Full-page screenshots go to Tests/Browser/artifacts/places-pages/,
key states also to artifacts/first-hour/p23-… (Browser.shot).
"""

from __future__ import annotations

import base64
import json
import re

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import ARTIFACTS, SIZES, HTTPClient, Server, WebDriverWait, _browser_fixture
from test_standards import nu_checker_errors, serious_axe_findings

ALL_SIZES = list(SIZES)
PHONE, LANDSCAPE, TABLET, DESKTOP = ALL_SIZES
all_sizes = pytest.mark.parametrize("size", ALL_SIZES, indirect=True)
SCHEMES = ["light", "dark"]

# The longest name a location may have is 100 characters; 150 is refused (422 by the field).
LONG_150 = ("Steel shelving unit by the side door, second shelf from the top, behind the winter tyres, "
            "the bicycle pump and the box of Christmas lights, left corner")[:150]
LONG_100 = LONG_150[:100].rstrip()
CHINESE_HOUSE = "祖母的老房子"
CHINESE_ROOM = "二楼卧室里靠窗的红木衣柜最上面一层的旧皮箱"
LONG_WORD_LABEL = "Kühlschrankthermometerbatterieladegerät"  # 39 characters, one word
assert len(LONG_150) == 150 and len(LONG_WORD_LABEL) <= 40

# Every colour of the palette, so that the contrast check covers all of them.
LABELS = [
    ("Insured", "green"), ("Fragile", "red"), ("Electronics", "blue"), ("Warranty", "orange"),
    ("Gift", "pink"), ("Documents", "gray"), ("Kids", "yellow"), ("Garden", "teal"),
    ("Tools", "indigo"), ("Heirloom", "purple"), ("易碎品", "red"), (LONG_WORD_LABEL, "teal"),
]


# ---------------------------------------------------------------------------
# Setting a household up over HTTP, as the pages' forms do without JavaScript


class Places:
    """Locations, labels and items made through the pages' own form posts (POST → 303)."""

    def __init__(self, http: HTTPClient):
        self.http = http
        self.locations: dict[str, str] = {}  # name → key
        self.labels: dict[str, str] = {}

    def location(self, name: str, parent: str | None = None, note: str = "") -> str:
        parent_key = self.locations[parent] if parent else ""
        status, headers, body = self.http.post("/locations", [("name", name), ("note", note), ("parent", parent_key)])
        assert status == 303, f"adding location {name!r} answered {status}: {body[:300]!r}"
        key = re.fullmatch(r"/locations#loc-([0-9a-f-]{36})", headers["Location"]).group(1)
        self.locations[name] = key
        return key

    def label(self, name: str, color: str) -> str:
        status, headers, body = self.http.post("/labels", [("name", name), ("color", color)])
        assert status == 303, f"adding label {name!r} answered {status}: {body[:300]!r}"
        key = re.fullmatch(r"/labels#lab-([0-9a-f-]{36})", headers["Location"]).group(1)
        self.labels[name] = key
        return key

    def item(self, name: str, value: int, location: str | None = None, labels: tuple[str, ...] = (), serial: str = "") -> str:
        """Add → the dialog's fields with Location and Labels → Done; returns the item's key."""
        status, headers, _ = self.http.post("/items", [("page", "1")])
        assert status == 303, f"Add answered {status}"
        draft = headers["Location"].split("?")[0]
        fields = [("name", name), ("serialNumber", serial), ("value", str(value)), ("placeFields", "1"),
                  ("placeLocation", self.locations[location] if location else "")]
        fields += [("placeLabel", self.labels[label]) for label in labels]
        status, headers, body = self.http.post(draft, fields + [("action", "done")])
        assert status == 303, f"Done answered {status}: {body[:300]!r}"
        return re.search(r"focus=([0-9a-f-]{36})", headers["Location"]).group(1)

    def edit_location(self, name: str, new_name: str, note: str, parent: str | None, version: int):
        parent_key = self.locations[parent] if parent else ""
        status, _, body = self.http.post(f"/locations/{self.locations[name]}",
                                         [("name", new_name), ("note", note), ("parent", parent_key), ("version", str(version))])
        assert status == 303, f"editing {name!r} answered {status}: {body[:300]!r}"

    def edit_label(self, name: str, color: str, version: int):
        status, _, body = self.http.post(f"/labels/{self.labels[name]}", [("name", name), ("color", color), ("version", str(version))])
        assert status == 303, f"editing label {name!r} answered {status}: {body[:300]!r}"


def household(server: Server) -> Places:
    """A house 4 levels deep, a garage with a 100-character shelf, a Chinese house, a loft box,
    an empty spare room; a label of every colour; items in most of them and one in none."""
    places = Places(HTTPClient(server))
    places.location("Home", note="The house on Elm Street")
    places.location("Ground floor", "Home")
    places.location("Kitchen", "Ground floor")
    places.location("Drawer by the sink", "Kitchen")  # the 4th level: nothing may go inside it
    places.location("Living room", "Ground floor")
    places.location(CHINESE_HOUSE)
    places.location(CHINESE_ROOM, CHINESE_HOUSE, note="樟木箱，钥匙在抽屉里")
    places.location("Garage", note="Side door code: ask Sam")
    places.location(LONG_100, "Garage")
    places.location("Loft")
    places.location("Blue box 3", "Loft")
    places.location("Spare room")  # empty: its delete is the plain one
    for name, color in LABELS:
        places.label(name, color)
    places.item("Kettle", 35, "Kitchen", ("Electronics", "Warranty"), "KT-88")
    places.item("Chef's knife set", 240, "Drawer by the sink", ("Gift",))
    places.item("Television 55 inch", 899, "Living room", ("Electronics", "Insured", "Warranty"), "TV-55-2024")
    places.item("Porcelain tea service", 1250, "Living room", ("Fragile", "Heirloom", "Insured", "易碎品"))
    places.item("Lawn mower", 420, "Garage", ("Garden", "Tools"))
    places.item("Winter tyres", 380, LONG_100, ("Tools",))
    places.item("红木首饰盒", 3600, CHINESE_ROOM, ("Heirloom", "易碎品", LONG_WORD_LABEL))
    places.item("Old letters", 0, "Blue box 3", ("Documents",))
    places.item("Board games", 60, "Blue box 3", ("Kids",))
    places.item("Umbrella", 15)
    # Versions above 1, so that a form carrying version 1 is stale (409).
    places.edit_location(LONG_100, LONG_100, "Bring the step ladder", "Garage", 1)
    places.edit_label(LONG_WORD_LABEL, "indigo", 1)
    return places


@pytest.fixture(scope="module")
def places_server():
    server = Server()
    server.places = household(server)
    yield server
    server.stop()


def browser_for(request, drivers, server, size, javascript=True, big_text=False):
    """conftest's browser. (axe-core's time on a loaded machine is test_standards.AXE_TIMEOUT,
    for every test that runs it.)"""
    yield from _browser_fixture(request, drivers, server, size, javascript=javascript, big_text=big_text)


@pytest.fixture
def pb(request, drivers, places_server, size):
    """JavaScript on, the shared household (only read, or refused writes)."""
    yield from browser_for(request, drivers, places_server, size)


@pytest.fixture
def pb_nojs(request, drivers, places_server, size):
    yield from browser_for(request, drivers, places_server, size, javascript=False)


@pytest.fixture
def pb_big(request, drivers, places_server, size):
    """200 % text (JavaScript on)."""
    yield from browser_for(request, drivers, places_server, size, big_text=True)


@pytest.fixture
def fresh_nojs(request, drivers, server, size):
    """JavaScript off, a server of its own (the flow writes)."""
    yield from browser_for(request, drivers, server, size, javascript=False)


# ---------------------------------------------------------------------------
# Measurements in the page

# Every control people press or type in, where its target size counts: buttons (↑/↓ too),
# links styled as buttons, fields, the colour options, the places navigation and the rows'
# names. Links inside a sentence or a table cell are WCAG 2.2's inline exception.
TARGETS_JS = r"""
const selector = [
  'button', 'a.button', 'select', 'input:not([type=hidden]):not([type=radio]):not([type=checkbox])',
  '.label-colors__option', '.places-nav__link', '.place-row__name',
].join(', ');
const small = [];
for (const el of document.querySelectorAll(selector)) {
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[hidden], .visually-hidden')) continue;
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) continue;
  if (r.height < 43.5 || r.width < 43.5) {
    const text = (el.getAttribute('aria-label') || el.textContent || el.name || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    small.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')} "${text}" ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
}
return small;
"""

# Text cut off: a box that hides what does not fit (overflow hidden or clip, an ellipsis), and
# one that scrolls sideways (its right part out of sight). Fields and menus scroll their own
# text by nature and are left out; visually hidden helpers are 1 px and skipped.
CUT_JS = r"""
const cut = [];
function describe(el) {
  let s = el.tagName.toLowerCase();
  if (typeof el.className === 'string' && el.className.trim()) s += '.' + el.className.trim().split(/\s+/).join('.');
  return s + ` "${el.textContent.trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
}
for (const el of document.querySelectorAll('body *')) {
  if (['INPUT', 'SELECT', 'TEXTAREA', 'OPTION', 'IMG', 'svg', 'path', 'circle'].includes(el.tagName)) continue;
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden') continue;
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) continue;
  const wide = el.scrollWidth > el.clientWidth + 1, tall = el.scrollHeight > el.clientHeight + 1;
  if (wide && (style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis')) cut.push(`${describe(el)} cut at its right (${el.scrollWidth} > ${el.clientWidth})`);
  else if (wide && (style.overflowX === 'auto' || style.overflowX === 'scroll')) cut.push(`${describe(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
  if (tall && (style.overflowY === 'hidden' || style.overflowY === 'clip')) cut.push(`${describe(el)} cut at its bottom (${el.scrollHeight} > ${el.clientHeight})`);
  if (cut.length > 12) break;
}
return cut;
"""

# Each field of these pages is its label over its control, both at the field's start, the
# label's words all shown: not beside, not centred, not with a gap between them.
FIELDS_JS = r"""
const problems = [];
const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
for (const field of document.querySelectorAll('main .field')) {
  const label = field.querySelector(':scope > .field__label, :scope > legend');
  const control = field.querySelector(':scope > input:not([type=hidden]), :scope > select, :scope > .label-colors__options');
  if (!label || !control) continue;
  const f = field.getBoundingClientRect(), l = label.getBoundingClientRect(), c = control.getBoundingClientRect();
  const name = `"${label.textContent.trim().slice(0, 30)}"`;
  if (Math.abs(l.left - f.left) > 2 || Math.abs(c.left - f.left) > 2) problems.push(`${name}: label ${Math.round(l.left - f.left)} px, control ${Math.round(c.left - f.left)} px from the field's start`);
  const gap = c.top - l.bottom;
  if (gap < -1 || gap > rem * 1.25) problems.push(`${name}: ${Math.round(gap)} px between the label and its control`);
  if (label.scrollHeight > label.clientHeight + 1 || label.scrollWidth > label.clientWidth + 1) problems.push(`${name}: the label is cut`);
}
return problems;
"""

# Each visible label chip's text colour against its background (composited over what is
# behind it when that is not opaque): WCAG's contrast ratio.
CHIP_CONTRAST_JS = r"""
function rgba(text) {
  const m = text.match(/rgba?\(([^)]+)\)/) || text.match(/color\(srgb ([^)]+)\)/);
  if (!m) return null;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  const scale = text.startsWith('color(') ? 255 : 1;
  return [parts[0] * scale, parts[1] * scale, parts[2] * scale, parts.length > 3 ? parts[3] : 1];
}
function over(top, bottom) {
  const a = top[3];
  return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat(1);
}
function background(el) {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let colour = [255, 255, 255, 1];
  if (!layers.length || layers[layers.length - 1][3] < 1) {
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    colour = dark ? [0, 0, 0, 1] : [255, 255, 255, 1];
  }
  for (const layer of layers.reverse()) colour = over(layer, colour);
  return colour;
}
function luminance(c) {
  const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
return [...document.querySelectorAll('.label-chip')].filter(chip => chip.getClientRects().length).map(chip => {
  const bg = background(chip);
  const fg = over(rgba(getComputedStyle(chip).color), bg);
  const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return {text: chip.textContent.trim(), cls: chip.className, fg: getComputedStyle(chip).color,
          bg: getComputedStyle(chip).backgroundColor, ratio: (l1 + 0.05) / (l2 + 0.05)};
});
"""


def set_scheme(b, scheme: str, media: str = ""):
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def reset_media(b):
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def full_shot(b, what: str):
    """The whole page (beyond the viewport) as places-pages/<what>-<size>.png."""
    folder = ARTIFACTS / "places-pages"
    folder.mkdir(parents=True, exist_ok=True)
    height = b.js("return Math.ceil(document.documentElement.scrollHeight)")
    shot = b.driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": b.width, "height": min(max(height, b.height), 8000), "scale": 1},
    })
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{what}-{b.size}.png")
    (folder / name).write_bytes(base64.b64decode(shot["data"]))


def layout_problems(b, what: str, cut: bool = False) -> list[str]:
    """Nothing wider than the screen, every target 44 px; with `cut`, nothing cut off."""
    problems = []
    scroll, inner = b.js("return [document.scrollingElement.scrollWidth, innerWidth]")
    if scroll > inner:
        problems.append(f"{what} at {b.size}: the page scrolls sideways ({scroll} > {inner})")
    problems += [f"{what} at {b.size}: {p}" for p in b.overflow_problems()]
    problems += [f"{what} at {b.size}: target under 44 px: {p}" for p in b.js(TARGETS_JS)]
    problems += [f"{what} at {b.size}: field {p}" for p in b.js(FIELDS_JS)]
    if cut:
        problems += [f"{what} at {b.size}: {p}" for p in b.js(CUT_JS)]
    return problems


def table_roles_problems(b, what: str) -> list[str]:
    """The totals' tables are still tables to assistive technology, whatever their CSS display
    (a grid on a phone at 200 % text): two tables, their column and row headers, their cells."""
    nodes = b.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    roles = [n.get("role", {}).get("value") for n in nodes if not n.get("ignored")]
    counts = {role: roles.count(role) for role in ("table", "columnheader", "rowheader", "cell")}
    rows = b.js("return document.querySelectorAll('.places-totals tbody tr, .places-totals tfoot tr').length")
    cells = b.js("return document.querySelectorAll('.places-totals td').length")
    expected = {"table": 2, "columnheader": 7, "rowheader": rows, "cell": cells}
    return [] if counts == expected else [f"{what}: the tables' roles are {counts}, not {expected}"]


def chip_problems(b, what: str, scheme: str) -> list[str]:
    chips = b.js(CHIP_CONTRAST_JS)
    return [f"{what} ({scheme}): chip {c['text']!r} {c['cls']} {c['fg']} on {c['bg']} is {c['ratio']:.2f}:1"
            for c in chips if c["ratio"] < 4.5]


def submit(b, css: str = "main form button.button--primary"):
    """Submits the page's form by its button (a new page loads). A page wider than the screen
    can make the tap land beside the button: that is said, not left as a bare timeout."""
    try:
        b.submit_by(b.find(css))
    except TimeoutException:
        pytest.fail(f"pressing {css} on {b.path} at {b.size} loaded nothing; the page's layout: "
                    + "; ".join(layout_problems(b, b.path)))


# ---------------------------------------------------------------------------
# The pages and states, reached the way people reach them


def open_add_refused_duplicate(b, places):
    """/locations → Add "kitchen" inside Ground floor, where a Kitchen is: 422 by the name."""
    b.open("/locations")
    b.set_field("#location-name", "kitchen")
    Select(b.find("#location-parent")).select_by_value(places.locations["Ground floor"])
    submit(b)
    return 422


def open_add_refused_too_deep(b, places):
    """Add inside "Drawer by the sink", the 4th level: the menu does not offer it, so the form
    is made to ask (as an old page or a hand-made request would): 422 by the parent."""
    b.open("/locations")
    b.set_field("#location-name", "Spoon tray")
    b.js("const o = new Option('Drawer by the sink', arguments[1]); arguments[0].append(o); o.selected = true;",
         b.find("#location-parent"), places.locations["Drawer by the sink"])
    submit(b)
    return 422


def open_location_edit(b, places):
    b.open(f"/locations/{places.locations[LONG_100]}/edit")
    return 200


def open_location_conflict(b, places):
    """The edit page of a location changed since (its form's version is older): 409."""
    b.open(f"/locations/{places.locations[LONG_100]}/edit")
    b.set_field("#location-name", "Shelf")
    b.js("document.querySelector('input[name=version]').value = '1'")
    submit(b)
    return 409


def open_delete_asking(b, places):
    b.open(f"/locations/{places.locations['Garage']}/delete")
    return 200


def open_delete_empty(b, places):
    b.open(f"/locations/{places.locations['Spare room']}/delete")
    return 200


def open_label_refused(b, places):
    """/labels → Add "FRAGILE" (names are unique whatever their case): 422 by the name."""
    b.open("/labels")
    b.set_field("#label-name", "FRAGILE")
    b.find(".label-colors__option input[value=blue]").click()
    submit(b)
    return 422


def open_label_edit(b, places):
    b.open(f"/labels/{places.labels[LONG_WORD_LABEL]}/edit")
    return 200


def open_label_conflict(b, places):
    b.open(f"/labels/{places.labels[LONG_WORD_LABEL]}/edit")
    b.find(".label-colors__option input[value=purple]").click()
    b.js("document.querySelector('input[name=version]').value = '1'")
    submit(b)
    return 409


def opener(path):
    """Opens a page: `path` a string, or a function of the household giving one."""
    def go(b, places):
        b.open(path(places) if callable(path) else path)
        return 200
    return go


LOCATION_STATES = [
    ("locations", opener("/locations")),
    ("location-add-422-duplicate", open_add_refused_duplicate),
    ("location-add-422-too-deep", open_add_refused_too_deep),
    ("location-edit", open_location_edit),
    ("location-edit-409", open_location_conflict),
    ("location-delete-asks", open_delete_asking),
    ("location-delete-empty", open_delete_empty),
]
LABEL_STATES = [
    ("labels", opener("/labels")),
    ("label-add-422", open_label_refused),
    ("label-edit", open_label_edit),
    ("label-edit-409", open_label_conflict),
    ("label-delete", opener(lambda places: f"/labels/{places.labels['Fragile']}/delete")),
    ("totals", opener("/places/totals")),
    ("report-grouped", opener("/items/report?group=location")),
    ("report-grouped-print", opener("/items/report?group=location")),
]
STATES = {"locations": LOCATION_STATES, "labels": LABEL_STATES}


def visit(b, server, name, go) -> int:
    status = go(b, server.places)
    b.allow_status(status)
    assert b.status == status, f"{name} answered {b.status}, not {status}"
    return status


# ---------------------------------------------------------------------------
# Every page and state: axe-core, layout, targets, chips — JavaScript on


@all_sizes
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("group", ["locations", "labels"])
def test_every_page_and_state(pb, places_server, scheme, group):
    """axe-core 0 serious/critical; nothing wider than the screen; 44 px targets; chips ≥ 4.5:1."""
    b = pb
    problems = []
    try:
        for name, go in STATES[group]:
            media = "print" if name.endswith("-print") else ""
            set_scheme(b, scheme, media)
            visit(b, places_server, name, go)
            problems += [f"{name} ({scheme}): axe {f}" for f in serious_axe_findings(b)]
            # On paper nothing is pressed, and the page is as wide as the paper, not the screen.
            problems += layout_problems(b, f"{name} ({scheme})") if not media else []
            problems += chip_problems(b, name, scheme)
            full_shot(b, f"{name}-{scheme}-js")
            b.collect_console()
    finally:
        reset_media(b)
    assert not problems, "\n".join(problems)


@all_sizes
def test_every_page_and_state_without_javascript(pb_nojs, places_server):
    """The same pages with JavaScript off, light and dark: the layout and the targets. (axe-core
    cannot run where scripts are off — its promises never settle; it checks the same markup with
    JavaScript on, and the Nu Html Checker the server's HTML, which is what this browser shows.)"""
    b = pb_nojs
    problems = []
    try:
        for scheme in SCHEMES:
            set_scheme(b, scheme)
            for name, go in LOCATION_STATES + LABEL_STATES[:-1]:
                visit(b, places_server, name, go)
                problems += layout_problems(b, f"{name} ({scheme}, no JS)")
                if b.size in (PHONE, DESKTOP):
                    full_shot(b, f"{name}-{scheme}-nojs")
    finally:
        reset_media(b)
    assert not problems, "\n".join(problems)


@all_sizes
def test_every_page_and_state_at_200_percent_text(pb_big, places_server):
    """200 % text: nothing wider than the screen, nothing cut off, the targets still 44 px."""
    b = pb_big
    problems = []
    b.open("/locations")
    assert b.js("return getComputedStyle(document.documentElement).fontSize") == "32px", "the text is not at 200 %"
    try:
        for scheme in SCHEMES:
            set_scheme(b, scheme)
            for name, go in LOCATION_STATES + LABEL_STATES[:-1]:
                if scheme == "dark" and b.size not in (PHONE, DESKTOP):
                    continue  # the layout is the scheme's own only in colour
                visit(b, places_server, name, go)
                problems += layout_problems(b, f"{name} ({scheme}, 200 %)", cut=True)
                if name == "totals":
                    problems += table_roles_problems(b, f"totals ({scheme}, 200 %) at {b.size}")
                full_shot(b, f"{name}-{scheme}-200pct")
    finally:
        reset_media(b)
    assert not problems, "\n".join(problems)


def test_label_chips_keep_their_contrast_in_light_and_dark(pb, places_server):
    """Every colour of the palette, measured where it is shown — the labels page, the colour
    choices, the totals, the list's rows — is ≥ 4.5:1 in light and in dark mode."""
    b = pb
    places = places_server.places
    pages = ["/labels", f"/labels/{places.labels['Gift']}/edit", "/places/totals", "/items"]
    problems, seen = [], {}
    try:
        for scheme in SCHEMES:
            set_scheme(b, scheme)
            for path in pages:
                b.open(path)
                chips = b.js(CHIP_CONTRAST_JS)
                b.expect(chips, f"no label chip on {path}")
                for chip in chips:
                    colour = re.search(r"label-chip--(\w+)", chip["cls"]).group(1)
                    seen.setdefault(scheme, set()).add(colour)
                problems += chip_problems(b, path, scheme)
    finally:
        reset_media(b)
    assert not problems, "\n".join(problems)
    palette = {"gray", "red", "orange", "yellow", "green", "teal", "blue", "indigo", "purple", "pink"}
    assert seen == {"light": palette, "dark": palette}, f"colours measured: {seen}"
    # The light and the dark chips differ: the dark scheme's colours are in use.
    b.open("/labels")
    light = b.js("return getComputedStyle(document.querySelector('.label-chip--red')).backgroundColor")
    set_scheme(b, "dark")
    try:
        dark = b.js("return getComputedStyle(document.querySelector('.label-chip--red')).backgroundColor")
    finally:
        reset_media(b)
    assert light != dark, f"the red chip is {light} in both schemes"


# ---------------------------------------------------------------------------
# The flows, through the pages' own forms


def row_names(b, parent_key: str | None = None) -> list[str]:
    """The names of the locations (or labels) directly in `parent_key`'s list, in order."""
    scope = f"#loc-{parent_key} > .place-tree" if parent_key else "main > .place-tree"
    return b.js(f"return [...document.querySelectorAll('{scope} > .place-row > .place-row__line .place-row__name')]"
                ".map(a => a.textContent.trim())")


def key_of(b) -> str:
    """The key of the row the page landed on (/locations#loc-KEY, /labels#lab-KEY)."""
    return re.fullmatch(r"/(?:locations|labels)#(?:loc|lab)-([0-9a-f-]{36})", b.path + urlfragment(b)).group(1)


def urlfragment(b) -> str:
    fragment = b.driver.current_url.partition("#")[2]
    return "#" + fragment if fragment else ""


def add_location(b, name: str, inside: str = ""):
    """/locations → Add a location: name, Inside (by its path), Add location."""
    b.open("/locations")
    b.set_field("#location-name", name)
    if inside:
        Select(b.find("#location-parent")).select_by_visible_text(inside)
    submit(b, "#add-location button.button--primary")


def add_label(b, name: str, color: str):
    b.open("/labels")
    b.set_field("#label-name", name)
    b.find(f".label-colors__option input[value={color}]").click()
    submit(b, "#add-label button.button--primary")


def refused(b, field: str, message: str, what: str):
    """A 422 page: the message under `field`, which is marked invalid and has the focus."""
    b.allow_status(422)
    assert b.status == 422, f"{what}: answered {b.status}"
    error = b.find(f"#{field}-error")
    assert message in error.text, f"{what}: {error.text!r}"
    control = b.find(f"#{field}")
    assert control.get_attribute("aria-invalid") == "true", f"{what}: the field is not marked invalid"
    assert f"{field}-error" in (control.get_attribute("aria-describedby") or ""), f"{what}: the message is not the field's description"
    try:
        WebDriverWait(b.driver, 3).until(lambda d: d.execute_script("return document.activeElement.id") == field)
    except TimeoutException:
        pytest.fail(f"{what}: the focus is on {b.js('return document.activeElement.outerHTML.slice(0, 80)')}, not #{field}")
    b.expect(not layout_problems(b, what), f"{what}: {layout_problems(b, what)}")


@pytest.mark.parametrize("size", [PHONE], indirect=True)
def test_locations_and_labels_made_with_the_forms_without_javascript(fresh_nojs):
    """Nested locations (to the 4th level), a Chinese one and the longest name there may be,
    labels of several colours — each Added where it landed; then each refusal: a 150-character
    name, a sibling's name, a 5th level, a label's name in another case, 41 characters: a 422
    with the message by the field, what was typed kept, nothing written."""
    b = fresh_nojs
    b.open("/locations")
    assert b.find_all(".places__empty"), "an empty household shows no 'no locations yet'"
    b.shot(23, "locations-empty")
    path = []
    for name in ["Home", "Ground floor", "Kitchen", "Drawer by the sink"]:
        add_location(b, name, " › ".join(path))
        key = key_of(b)
        message = b.find(f"#loc-{key} .place-row__message").text
        assert message == f"Added “{name}”.", f"the message beside the new row: {message!r}"
        path.append(name)
    add_location(b, CHINESE_HOUSE)
    assert row_names(b) == ["Home", CHINESE_HOUSE]
    # Typed, a name stops at the field's 100 characters.
    add_location(b, LONG_150, "Home")
    home = b.js("return document.querySelector('main > .place-tree > .place-row').id").removeprefix("loc-")
    assert row_names(b, home) == ["Ground floor", LONG_150[:100].strip()], row_names(b, home)
    b.shot(23, "locations-nested")
    rows = len(b.find_all(".place-row"))

    # 150 characters from a page without the limit (an old page, a hand-made form).
    b.open("/locations")
    b.js("document.getElementById('location-name').removeAttribute('maxlength')")
    b.set_field("#location-name", LONG_150)
    submit(b, "#add-location button.button--primary")
    refused(b, "location-name", "Use at most 100 characters", "a 150-character name")
    assert b.find("#location-name").get_attribute("value") == LONG_150, "what was typed is lost"
    b.shot(23, "location-422-150-characters")

    add_location(b, "kitchen", "Home › Ground floor")
    refused(b, "location-name", "A location named “kitchen” is already there", "a sibling's name")
    assert b.find("#location-name").get_attribute("value") == "kitchen"
    assert Select(b.find("#location-parent")).first_selected_option.text == "Home › Ground floor", "the chosen parent is lost"
    b.shot(23, "location-422-duplicate")

    # The menu offers no 4th-level location to go inside; a page from before it was one does.
    drawer = b.js("return [...document.querySelectorAll('.place-row')].find(r => r.querySelector('.place-row__name').textContent.trim() === 'Drawer by the sink').id").removeprefix("loc-")
    assert drawer not in [o.get_attribute("value") for o in b.find_all("#location-parent option")]
    b.set_field("#location-name", "Spoon tray")
    b.js("const o = new Option('Drawer by the sink', arguments[1]); arguments[0].append(o); o.selected = true;",
         b.find("#location-parent"), drawer)
    submit(b, "#add-location button.button--primary")
    refused(b, "location-parent", "Locations nest at most 4 levels deep", "a 5th level")
    b.shot(23, "location-422-too-deep")
    b.open("/locations")
    assert len(b.find_all(".place-row")) == rows, "a refused location was written"

    # Labels, of several colours.
    for name, color in [("Fragile", "red"), ("Insured", "green"), ("Gift", "pink"), ("易碎品", "orange"), (LONG_WORD_LABEL, "indigo")]:
        add_label(b, name, color)
        key = key_of(b)
        chip = b.find(f"#lab-{key} .label-chip")
        assert chip.text == name and f"label-chip--{color}" in chip.get_attribute("class"), (chip.text, chip.get_attribute("class"))
        assert b.find(f"#lab-{key} .place-row__message").text == f"Added the label “{name}”."
    b.shot(23, "labels")
    b.open("/labels")
    b.set_field("#label-name", "FRAGILE")
    b.find(".label-colors__option input[value=blue]").click()
    submit(b, "#add-label button.button--primary")
    refused(b, "label-name", "A label named “FRAGILE” already exists", "a label's name in another case")
    assert b.find(".label-colors__option input[value=blue]").is_selected(), "the chosen colour is lost"
    b.shot(23, "label-422-duplicate")
    b.js("document.getElementById('label-name').removeAttribute('maxlength')")
    b.set_field("#label-name", "x" * 41)
    submit(b, "#add-label button.button--primary")
    refused(b, "label-name", "Use at most 40 characters", "a 41-character label")
    b.open("/labels")
    assert len(b.find_all(".place-row")) == 5, "a refused label was written"


def focused_button(b) -> dict:
    """Where the focus is once the page is up. The browser focuses an autofocus element when it
    next renders, which can be just after the load event: a moment is allowed for it."""
    try:
        WebDriverWait(b.driver, 3).until(lambda d: d.execute_script("return document.activeElement !== document.body"))
    except TimeoutException:
        pass
    return b.js("""
        const a = document.activeElement, row = a && a.closest('.place-row');
        const r = a.getBoundingClientRect();
        // Within a pixel: scrolling to an element lands on whole pixels, its edges may not.
        return {tag: a.tagName.toLowerCase(), value: a.value || null, row: row ? row.id : null,
                inView: r.top > -1 && r.bottom < innerHeight + 1};
    """)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_up_and_down_keep_the_focus_on_the_moved_row(request, drivers, server, size, javascript):
    """↑/↓ change the order among siblings, and the moved row's same button has the focus on
    the page that comes back (the server's autofocus; scripts keep it); at an end, where that
    button is disabled, its other one. Pressed with the keyboard again, it moves on."""
    places = Places(HTTPClient(server))
    for name in ["Attic", "Basement", "Cellar"]:
        places.location(name)
    places.location("Shelf 1", "Basement")
    places.location("Shelf 2", "Basement")
    attic, basement, shelf2 = places.locations["Attic"], places.locations["Basement"], places.locations["Shelf 2"]
    for b in browser_for(request, drivers, server, size, javascript=javascript):
        b.open("/locations")
        assert b.find(f"#loc-{attic} button[value=up]").get_attribute("disabled") is not None, "the first row's ↑ is not disabled"
        b.submit_by(b.find(f"#loc-{attic} button[value=down]"))
        assert row_names(b) == ["Basement", "Attic", "Cellar"], row_names(b)
        assert b.find(f"#loc-{attic} .place-row__message").text == "Moved “Attic” down."
        focus = focused_button(b)
        assert (focus["row"], focus["value"]) == (f"loc-{attic}", "down"), f"the focus after ↓: {focus}"
        assert focus["inView"], f"the focused button is out of view: {focus}"
        b.shot(23, f"locations-moved-{'js' if javascript else 'nojs'}")
        # The keyboard: Enter on the focused ↓ moves it on; now last, its ↑ has the focus.
        with b.navigates():
            b.driver.switch_to.active_element.send_keys(Keys.ENTER)
        assert row_names(b) == ["Basement", "Cellar", "Attic"], row_names(b)
        focus = focused_button(b)
        assert (focus["row"], focus["value"]) == (f"loc-{attic}", "up"), f"the focus at the end: {focus}"
        with b.navigates():
            b.driver.switch_to.active_element.send_keys(Keys.ENTER)
        assert row_names(b) == ["Basement", "Attic", "Cellar"], row_names(b)
        assert focused_button(b)["value"] == "up"
        # Among a location's sub-locations: ↑ on the second, which becomes the first.
        b.submit_by(b.find(f"#loc-{shelf2} button[value=up]"))
        assert row_names(b, basement) == ["Shelf 2", "Shelf 1"], row_names(b, basement)
        assert row_names(b) == ["Basement", "Attic", "Cellar"], "the sub-locations' move changed the top level"
        focus = focused_button(b)
        assert (focus["row"], focus["value"]) == (f"loc-{shelf2}", "down"), f"the focus after ↑ to the first place: {focus}"
        problems = layout_problems(b, "locations after moves")
        assert not problems, "\n".join(problems)


def api(server, path: str) -> dict:
    """A record as the JSON API reads it (the session's cookie)."""
    status, _, body = HTTPClient(server).request("GET", path)
    assert status == 200, f"{path} answered {status}"
    return json.loads(body)


@pytest.mark.parametrize("size", [TABLET], indirect=True)
def test_edit_in_two_tabs_is_a_409_showing_theirs_and_yours(fresh_nojs, server):
    """Two tabs edit one location (and one label): the second Save is a 409 that shows what the
    first saved under each field and keeps what was typed; Save again applies it. A delete page
    opened before a rename asks again (409) instead of deleting what it did not show."""
    b = fresh_nojs
    places = Places(HTTPClient(server))
    places.location("Home")
    kitchen = places.location("Kitchen", "Home", note="By the window")
    fragile = places.label("Fragile", "red")
    b.allow_status(409)

    first = b.driver.current_window_handle
    b.open(f"/locations/{kitchen}/edit")
    b.driver.switch_to.new_window("tab")
    second = b.driver.current_window_handle
    b.open(f"/locations/{kitchen}/edit")
    b.set_field("#location-name", "Kitchen (ground floor)")
    submit(b)
    assert b.path == "/locations", b.path
    b.driver.switch_to.window(first)
    b.set_field("#location-name", "Cuisine")
    b.set_field("#location-note", "")
    submit(b)
    assert b.status == 409, f"a stale Save answered {b.status}"
    assert "This location was changed elsewhere" in b.find(".notice--conflict").text
    assert b.find("#location-name").get_attribute("value") == "Cuisine", "yours is lost"
    currents = [p.text for p in b.find_all(".field__current")]
    assert currents == ["Now: Kitchen (ground floor)", "Now: By the window", "Now: Home"], currents
    problems = layout_problems(b, "location 409")
    b.shot(23, "location-edit-409-two-tabs")
    submit(b)
    assert b.path == "/locations", f"Save again: {b.path}"
    saved = api(server, f"/locations/{kitchen}.json")
    assert (saved["name"], saved["note"], saved["path"]) == ("Cuisine", "", ["Home", "Cuisine"]), saved

    # A label: one tab renames it, the other recolours it.
    b.open(f"/labels/{fragile}/edit")
    b.driver.switch_to.window(second)
    b.open(f"/labels/{fragile}/edit")
    b.set_field("#label-name", "Breakable")
    submit(b)
    b.driver.switch_to.window(first)
    b.find(".label-colors__option input[value=blue]").click()
    submit(b)
    assert b.status == 409, f"a stale label Save answered {b.status}"
    assert [p.text for p in b.find_all(".field__current")] == ["Now: Breakable", "Now: Red"]
    assert b.find(".label-colors__option input[value=blue]").is_selected(), "your colour is lost"
    problems += layout_problems(b, "label 409")
    b.shot(23, "label-edit-409-two-tabs")
    submit(b)
    assert api(server, f"/labels/{fragile}.json")["color"] == "blue"

    # Delete, asked before a rename elsewhere: asked again, nothing deleted.
    b.open(f"/locations/{kitchen}/delete")
    b.driver.switch_to.window(second)
    b.open(f"/locations/{kitchen}/edit")
    b.set_field("#location-name", "Pantry")
    submit(b)
    b.driver.switch_to.window(first)
    submit(b, "main form button.button--danger")
    assert b.status == 409, f"a stale Delete answered {b.status}"
    assert "changed since this page was opened" in b.find(".notice--conflict").text
    assert "“Pantry”" in b.find(".confirm__title").text, "the page does not show it as it is now"
    assert api(server, f"/locations/{kitchen}.json")["name"] == "Pantry"
    problems += layout_problems(b, "delete 409")
    submit(b, "main form button.button--danger")
    assert b.path == "/locations" and "Deleted “Pantry”." in b.find(".notice--success").text
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", [LANDSCAPE], indirect=True)
def test_delete_asks_where_the_items_go_and_an_empty_one_just_goes(fresh_nojs, server):
    """A location holding items and a location: its delete page says what it holds (what is
    inside counted too) and asks where they go (its parent first); they go there, the
    sub-location with its item. An empty one's page only asks. A label's says how many items
    have it; they lose only that label."""
    b = fresh_nojs
    places = Places(HTTPClient(server))
    places.location("Home")
    places.location("Kitchen", "Home")
    places.location("Drawer", "Kitchen")
    places.location("Garage")
    spare = places.location("Spare room")
    places.label("Fragile", "red")
    places.label("Insured", "green")
    kettle = places.item("Kettle", 35, "Kitchen", ("Fragile", "Insured"))
    cups = places.item("Cups", 20, "Kitchen", ("Fragile",))
    spoon = places.item("Spoon", 3, "Drawer")
    kitchen, drawer, garage = (places.locations[n] for n in ("Kitchen", "Drawer", "Garage"))

    b.open("/locations")
    b.submit_by(b.find(f"#loc-{kitchen} > .place-row__line a.button--delete-ask"))
    assert b.path == f"/locations/{kitchen}/delete"
    assert b.find("#delete-holds").text.startswith("It holds 3 items and 1 location inside it."), b.find("#delete-holds").text
    target = Select(b.find("#delete-target"))
    options = [o.text for o in target.options]
    assert options == ["Home (the location it is in)", "No location (locations inside it go to the top level)", "Garage", "Spare room"], options
    assert target.first_selected_option.text.startswith("Home"), "its parent is not the choice made for you"
    b.shot(23, "location-delete-asks")
    problems = layout_problems(b, "delete asking")
    target.select_by_value(garage)
    submit(b, "main form button.button--danger")
    assert b.find(".notice--success").text == "Deleted “Kitchen”. What it held is now in “Garage”."
    assert [api(server, f"/items/{k}.json")["location"] for k in (kettle, cups, spoon)] == [garage, garage, drawer]
    assert api(server, f"/locations/{drawer}.json")["path"] == ["Garage", "Drawer"]

    b.open(f"/locations/{spare}/delete")
    assert "It holds no items and no other locations." in b.find("main form").text
    assert not b.find_all("#delete-target"), "an empty location's page asks where nothing goes"
    problems += layout_problems(b, "delete empty")
    b.shot(23, "location-delete-empty")
    submit(b, "main form button.button--danger")
    assert b.find(".notice--success").text == "Deleted “Spare room”."
    assert f"loc-{spare}" not in b.js("return [...document.querySelectorAll('.place-row')].map(r => r.id)")

    fragile = places.labels["Fragile"]
    b.open("/labels")
    b.submit_by(b.find(f"#lab-{fragile} a.button--delete-ask"))
    assert "2 items have this label; they keep everything else." in b.find("main").text
    problems += layout_problems(b, "label delete")
    b.shot(23, "label-delete")
    submit(b, "main form button.button--danger")
    assert b.find(".notice--success").text == "Deleted the label “Fragile”."
    assert api(server, f"/items/{kettle}.json")["labels"] == [places.labels["Insured"]]
    assert api(server, f"/items/{cups}.json")["labels"] == []
    assert not problems, "\n".join(problems)


REPORT_SECTIONS_JS = r"""
const money = (text) => Number(text.replace(/[^0-9.]/g, ''));
return [...document.querySelectorAll('.report__table tbody.report__section')].map(section => ({
  title: section.querySelector('.report__section-head th').textContent.trim(),
  values: [...section.querySelectorAll('tr:not(.report__section-head):not(.report__subtotal) .report__value')].map(td => money(td.textContent)),
  names: [...section.querySelectorAll('tr:not(.report__section-head):not(.report__subtotal) .report__name')].map(th => th.textContent.trim()),
  subtotalLabel: section.querySelector('.report__subtotal th').textContent.trim(),
  subtotal: money(section.querySelector('.report__subtotal .report__value').textContent),
}));
"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
def test_report_grouped_by_location_on_screen_and_on_paper(request, drivers, places_server, size, javascript):
    """A section per location that holds items, in the locations' order, by path, "No location"
    last; each with its items and a subtotal that adds them up; the total adds the subtotals.
    On screen the Print button is there with scripts; on paper (print media, dark mode asked
    for) the bar is gone, black on white, the column headers repeat, a heading never ends a page."""
    for b in browser_for(request, drivers, places_server, size, javascript=javascript):
        b.open("/items/report?group=location")
        sections = b.js(REPORT_SECTIONS_JS)
        titles = [s["title"] for s in sections]
        assert titles == [
            "Home › Ground floor › Kitchen", "Home › Ground floor › Kitchen › Drawer by the sink",
            "Home › Ground floor › Living room", f"{CHINESE_HOUSE} › {CHINESE_ROOM}", "Garage",
            f"Garage › {LONG_100}", "Loft › Blue box 3", "No location",
        ], titles
        for section in sections:
            assert sum(section["values"]) == section["subtotal"], section
            count = len(section["names"])
            assert section["subtotalLabel"].endswith(f", {count} item{'s' if count != 1 else ''}"), section["subtotalLabel"]
        assert sections[3]["names"] == ["红木首饰盒"] and sections[-1]["names"] == ["Umbrella"]
        total = b.js("return Number(document.querySelector('.report__fact--total dd').textContent.replace(/[^0-9.]/g, ''))")
        assert total == sum(s["subtotal"] for s in sections) == 6899, total
        printer = b.find(".report-bar__print")
        if javascript:
            assert printer.is_displayed() and printer.rect["height"] >= 44, "with scripts the report has no Print button"
        else:
            assert not printer.is_displayed() and b.find(".report-bar__hint").is_displayed(), "without scripts: no hint to print"
        problems = layout_problems(b, "grouped report")
        assert not problems, "\n".join(problems)

        set_scheme(b, "dark", "print")
        try:
            paper = b.js("""
                const s = (css) => getComputedStyle(document.querySelector(css));
                return {bar: s('.report-bar').display, thead: s('.report__table thead').display,
                        head: s('.report__section-head').breakAfter, row: s('.report__table tbody tr').breakInside,
                        color: s('.report__section-head th').color, page: getComputedStyle(document.documentElement).backgroundColor};
            """)
            assert paper == {"bar": "none", "thead": "table-header-group", "head": "avoid", "row": "avoid",
                             "color": "rgb(0, 0, 0)", "page": "rgb(255, 255, 255)"}, paper
            full_shot(b, f"report-grouped-paper-{'js' if javascript else 'nojs'}")
        finally:
            reset_media(b)


def test_nu_html_checker_finds_no_errors_on_any_page_or_state(places_server, tmp_path):
    """Every page and state as the server sends it — with JavaScript off this is what the
    browser shows — through the Nu Html Checker: 0 errors."""
    places = places_server.places
    http = HTTPClient(places_server)
    loc, lab = places.locations, places.labels
    pages = [
        ("locations", "/locations"), ("location-edit", f"/locations/{loc[LONG_100]}/edit"),
        ("location-edit-chinese", f"/locations/{loc[CHINESE_ROOM]}/edit"),
        ("location-delete-asks", f"/locations/{loc['Garage']}/delete"),
        ("location-delete-nested", f"/locations/{loc['Drawer by the sink']}/delete"),
        ("location-delete-empty", f"/locations/{loc['Spare room']}/delete"),
        ("labels", "/labels"), ("label-edit", f"/labels/{lab[LONG_WORD_LABEL]}/edit"),
        ("label-delete", f"/labels/{lab['Fragile']}/delete"), ("label-delete-chinese", f"/labels/{lab['易碎品']}/delete"),
        ("totals", "/places/totals"), ("report-grouped", "/items/report?group=location"),
        ("location-404", "/locations/00000000-0000-4000-8000-000000000000/edit"),
    ]
    states = [
        ("location-422-150", "/locations", [("name", LONG_150), ("note", ""), ("parent", "")], 422),
        ("location-422-duplicate", "/locations", [("name", "KITCHEN"), ("note", ""), ("parent", loc["Ground floor"])], 422),
        ("location-422-too-deep", "/locations", [("name", "Spoon tray"), ("note", ""), ("parent", loc["Drawer by the sink"])], 422),
        ("location-422-into-itself", f"/locations/{loc['Home']}",
         [("name", "Home"), ("note", ""), ("parent", loc["Kitchen"]), ("version", "1")], 422),
        ("location-409", f"/locations/{loc[LONG_100]}", [("name", "Shelf"), ("note", ""), ("parent", loc["Garage"]), ("version", "1")], 409),
        ("location-delete-409", f"/locations/{loc[LONG_100]}/delete", [("moveTo", loc["Garage"]), ("version", "1")], 409),
        ("location-delete-422-inside", f"/locations/{loc['Home']}/delete",
         [("moveTo", loc["Kitchen"]), ("version", "1")], 422),
        ("label-422-duplicate", "/labels", [("name", "fragile"), ("color", "blue")], 422),
        ("label-422-colour", "/labels", [("name", "Sky"), ("color", "sky-blue")], 422),
        ("label-409", f"/labels/{lab[LONG_WORD_LABEL]}", [("name", "Thermometer"), ("color", "pink"), ("version", "1")], 409),
        ("label-delete-409", f"/labels/{lab[LONG_WORD_LABEL]}/delete", [("version", "1")], 409),
    ]
    files = []
    for name, path in pages:
        status, _, body = http.get(path)
        assert status == (404 if name.endswith("404") else 200), f"{path} answered {status}"
        files.append(tmp_path / f"{name}.html")
        files[-1].write_bytes(body)
    for name, path, fields, expected in states:
        http.get("/locations")
        status, _, body = http.post(path, fields)
        assert status == expected, f"{name}: {path} answered {status}, not {expected}: {body[:200]!r}"
        files.append(tmp_path / f"{name}.html")
        files[-1].write_bytes(body)
    errors = nu_checker_errors([str(f) for f in files])
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
