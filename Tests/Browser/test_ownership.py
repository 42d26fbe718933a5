"""Issue 24 points 3 and 4 in Chromium: the item dialog's "Purchase and warranty" and "Notes"
fields and its date recorded, and the Warranties page.

The dialog at 390×844, 844×390 and 1280×800 with JavaScript (and 390×844 at 200 % text): nothing
wider than the screen, every button and field a 44 px target, axe-core 0 serious/critical, the
warranty's radio buttons counted as changes by "Discard changes?". Without JavaScript: Done with a
bad price is a 422 by the field, shown escaped, and Done with good fields saves them. The
Warranties page at a phone's and a desktop's size. The Nu Html Checker: 0 errors on the dialog
(an editor's, a viewer's, a 422 with hostile input), the Warranties page and the report.

Few page loads (each costs about a second in CI): checks are grouped per load.
"""

from __future__ import annotations

import datetime
import re

import pytest

from conftest import HTTPClient, Server
from test_places_pages import CUT_JS, browser_for, full_shot  # noqa: F401 (CUT_JS for pages)
from test_standards import nu_checker_errors, serious_axe_findings

NOTES = "Bought with the armchair.\nReceipt in the blue folder.\n<script>alert('notes')</script>"


# Every control of the part this issue adds (the dialog's ownership fields, the Warranties
# page's rows): at least 44 × 44 px, the radio buttons by their labels.
TARGETS_JS = r"""
const small = [];
for (const el of document.querySelectorAll(arguments[0])) {
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) continue;
  if (r.height < 43.5 || r.width < 43.5) {
    small.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')} "${(el.textContent || el.name || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
}
return small;
"""
OWNERSHIP_CONTROLS = ".ownership input:not([type=hidden]):not([type=radio]), .ownership textarea, .ownership__choice, .warranties__link, .detail__bar .button"


def layout_problems(b, what: str, cut: bool = False) -> list[str]:
    """Nothing wider than the screen; this issue's controls 44 px; with `cut`, nothing cut off."""
    problems = []
    scroll, inner = b.js("return [document.scrollingElement.scrollWidth, innerWidth]")
    if scroll > inner:
        problems.append(f"{what} at {b.size}: the page scrolls sideways ({scroll} > {inner})")
    problems += [f"{what} at {b.size}: {p}" for p in b.overflow_problems()]
    problems += [f"{what} at {b.size}: target under 44 px: {p}" for p in b.js(TARGETS_JS, OWNERSHIP_CONTROLS)]
    if cut:
        problems += [f"{what} at {b.size}: {p}" for p in b.js(CUT_JS)]
    return problems


def dialog_fields(http: HTTPClient, key: str) -> list[tuple[str, str]]:
    """The dialog's fields as stored (name, serial, value, version), read from its page."""
    status, _, body = http.get(f"/items/{key}")
    assert status == 200, status
    page = body.decode()

    def value(name: str) -> str:
        match = re.search(rf'name="{name}"[^>]*? value="([^"]*)"', page)
        assert match, f"no {name} in the dialog"
        return match.group(1).replace("&amp;", "&").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")

    return [("name", value("name")), ("serialNumber", value("serialNumber")), ("value", value("value")),
            ("version", value("version"))]


def save(http: HTTPClient, key: str, **fields: str):
    """Done in the item's dialog with these ownership fields (the others as stored)."""
    form = dialog_fields(http, key) + [("action", "done"), ("ownershipFields", "1")] + list(fields.items())
    status, _, body = http.post(f"/items/{key}", form)
    assert status == 303, f"Done answered {status}: {body[:400]!r}"


def day(offset: int) -> str:
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


@pytest.fixture(scope="module")
def ownership_server():
    server = Server()
    http = HTTPClient(server)
    keys = {
        "camera": http.add_item("Camera", "4F7X2", 450),
        "chairs": http.add_item("Dining chair", "", 40),
        "kettle": http.add_item("热水壶", "ZH-1", 30),
        "old": http.add_item("Old drill", "", 90),
    }
    save(http, keys["camera"], manufacturer="Sony", modelNumber="ILCE-7M3", quantity="1", purchaseDate="2024-02-29",
         purchasePrice="1299.05", placeBought="B&H Photo <NYC>", warranty="until", warrantyUntil=day(12), notes=NOTES)
    save(http, keys["chairs"], quantity="6", warranty="none", notes="Set of six.")
    save(http, keys["kettle"], warrantyUntil=day(75), notes="保修卡在抽屉里")
    save(http, keys["old"], warrantyUntil=day(-9))
    server.add_member("vera", "viewer", "viewer pass phrase for vera")
    server.keys = keys
    yield server
    server.stop()


@pytest.fixture
def ob(request, drivers, ownership_server, size):
    yield from browser_for(request, drivers, ownership_server, size)


@pytest.fixture
def ob_nojs(request, drivers, ownership_server, size):
    yield from browser_for(request, drivers, ownership_server, size, javascript=False)


@pytest.fixture
def ob_big(request, drivers, ownership_server, size):
    yield from browser_for(request, drivers, ownership_server, size, big_text=True)


@pytest.mark.parametrize("size", ["390x844", "844x390", "1280x800"], indirect=True)
def test_dialog_fields_fit_and_are_accessible(ob, ownership_server, size):
    """The fields fit the phone held either way and the desktop; axe finds nothing serious;
    the warranty's answers are changes "Discard changes?" asks about."""
    b = ob
    b.open(f"/items/{ownership_server.keys['camera']}")
    dialog = b.dialog()
    for css in ["#field-manufacturer", "#field-model", "#field-quantity[inputmode=numeric]", "#field-purchase-date[type=date]",
                "#field-purchase-price[inputmode=decimal]", "#field-place-bought", "input[name=warranty][value=until]",
                "#field-warranty-until[type=date]", "textarea#field-notes", "#field-date-recorded[type=date]"]:
        assert b.find_all(css, within=dialog), f"no {css} in the dialog"
    assert b.find("#field-notes").get_attribute("value") == NOTES, "notes lost their lines or were not escaped"
    assert b.find("#field-purchase-price").get_attribute("value") == "1299.05"
    titles = [e.text for e in b.find_all(".ownership__title")]
    assert titles == ["PURCHASE AND WARRANTY", "NOTES"] or titles == ["Purchase and warranty", "Notes"], titles
    problems = layout_problems(b, "dialog")
    problems += [f"axe at {size}: {finding}" for finding in serious_axe_findings(b)]
    full_shot(b, "ownership-dialog")
    assert not problems, "\n".join(problems)
    if size == "1280x800":
        # A warranty answer changed: Cancel asks first, and Keep editing keeps it.
        b.find("input[name=warranty][value='']").click()
        b.find("button.detail__cancel").click()
        sheet = b.wait_for("dialog.discard[open]")
        assert sheet.is_displayed(), "Cancel did not ask about the changed warranty"
        b.find("dialog.discard .discard__keep").click()
        assert b.find("input[name=warranty][value='']").is_selected()


# This part of the dialog within the dialog's width, and no text of it cut off. (The
# dialog as a whole is not checked here: at 200 % text on a phone its older fields above make it
# scroll sideways, reported to the integrator; this part must not add to that.)
OWNERSHIP_FITS_JS = r"""
const dialog = document.querySelector('dialog.detail-sheet');
const edge = dialog.getBoundingClientRect().left + dialog.clientWidth;
const problems = [];
for (const el of document.querySelectorAll('.ownership, .ownership *')) {
  const style = getComputedStyle(el);
  if (style.display === 'none' || el.closest('.visually-hidden')) continue;
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) continue;
  const name = `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')} ${el.id || ''}`;
  if (r.right > edge + 1) problems.push(`${name} right edge ${Math.round(r.right)} > the dialog's ${Math.round(edge)}`);
  if (!['INPUT', 'TEXTAREA'].includes(el.tagName) && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') {
    problems.push(`${name} cut at its right (${el.scrollWidth} > ${el.clientWidth})`);
  }
}
return problems;
"""


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_dialog_fields_at_200_percent_text(ob_big, ownership_server, size):
    b = ob_big
    b.open(f"/items/{ownership_server.keys['camera']}")
    problems = [f"at 200 % text: {p}" for p in b.js(OWNERSHIP_FITS_JS)]
    problems += [f"at 200 % text: target under 44 px: {p}" for p in b.js(TARGETS_JS, OWNERSHIP_CONTROLS)]
    full_shot(b, "ownership-dialog-200")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_dialog_without_javascript_refuses_then_saves(ob_nojs, ownership_server, size):
    """A price with three decimals and script notes: 422 by the field, shown escaped, nothing
    saved; then good fields: saved, and the row says 4 × $30."""
    b = ob_nojs
    key = ownership_server.keys["kettle"]
    b.open(f"/items/{key}")
    b.set_field("#field-quantity", "4")
    b.set_field("#field-purchase-price", "12.345")
    b.set_field("#field-notes", "<b>not bold</b>")
    b.allow_status(422)
    b.submit_by(b.find("button.detail__done"))
    assert b.status == 422, b.status
    assert "A price has at most two decimals" in b.find("#error-purchase-price").text
    assert b.find("#field-purchase-price").get_attribute("aria-invalid") == "true"
    assert b.find("#field-notes").get_attribute("value") == "<b>not bold</b>"
    assert not b.find_all(".ownership b"), "notes were rendered as HTML"
    full_shot(b, "ownership-dialog-422")
    b.set_field("#field-purchase-price", "12.34")
    b.submit_by(b.find("button.detail__done"))
    assert b.status == 200 and not b.has_dialog(), "Done did not close the dialog"
    row = b.row(key)
    assert "4 × $30" in row.text, row.text


@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_warranties_page(ob, ownership_server, size):
    """Soonest first with the days left, the ended one below; fits, 44 px targets, axe clean."""
    b = ob
    b.open("/items")
    link = b.find("a.summary__link[href='/warranties']")
    b.submit_by(link)
    assert b.path == "/warranties"
    names = [e.text for e in b.find_all("#warranties-ending ~ ul .warranties__name")]
    assert names == ["Camera", "热水壶"], names
    ended = [e.text for e in b.find_all("#warranties-ended ~ ul .warranties__name")]
    assert ended == ["Old drill"], ended
    text = b.find("main").text
    assert "12 days left" in text and "75 days left" in text and "Ended 9 days ago" in text, text
    problems = layout_problems(b, "warranties")
    problems += [f"axe at {size}: {finding}" for finding in serious_axe_findings(b)]
    full_shot(b, "warranties")
    assert not problems, "\n".join(problems)


def test_nu_html_checker_finds_no_errors(ownership_server, tmp_path):
    """The dialog as an editor and a viewer see it, a 422 with hostile input, the Warranties
    page, the report and the list: 0 errors."""
    http = HTTPClient(ownership_server)
    keys = ownership_server.keys
    pages = {
        "dialog": f"/items/{keys['camera']}",
        "dialog-no-warranty": f"/items/{keys['chairs']}",
        "warranties": "/warranties",
        "report": "/items/report",
        "list": "/items",
    }
    files = []
    for name, path in pages.items():
        status, _, body = http.get(path)
        assert status == 200, f"{path} answered {status}"
        (tmp_path / f"{name}.html").write_bytes(body)
        files.append(str(tmp_path / f"{name}.html"))
    form = dialog_fields(http, keys["old"]) + [
        ("action", "done"), ("ownershipFields", "1"), ("quantity", "1e9"), ("purchaseDate", "2026-02-30"),
        ("purchasePrice", "-1"), ("warrantyUntil", "<script>"), ("dateRecorded", day(3)), ("notes", "x" * 10_001),
    ]
    status, _, body = http.post(f"/items/{keys['old']}", form)
    assert status == 422, status
    assert b"<script>" not in body
    (tmp_path / "dialog-422.html").write_bytes(body)
    files.append(str(tmp_path / "dialog-422.html"))
    viewer = HTTPClient(ownership_server, ownership_server.sign_in("vera", "viewer pass phrase for vera"))
    status, _, body = viewer.get(f"/items/{keys['camera']}")
    assert status == 200 and b'<p class="ownership__notes-text">Bought with the armchair.\nReceipt' in body
    (tmp_path / "dialog-viewer.html").write_bytes(body)
    files.append(str(tmp_path / "dialog-viewer.html"))
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
