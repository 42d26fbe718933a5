"""Issue 22, the "exchange" points: re-importing an export matches instead of duplicating, with
Undo import (point 2); money and dates as people type them (point 11); the import, import
preview and report pages laid out without overflow or broken words at every size and at 200 %
text (point 12). Screenshots of the key states go to Tests/Browser/artifacts/first-hour/ (Browser.shot)."""

from __future__ import annotations

import csv
import io
import re

import pytest

from conftest import HTTPClient, Server, _browser_fixture
from test_standards import nu_checker_errors, serious_axe_findings


all_sizes = pytest.mark.parametrize("size", ["390x844", "844x390", "1024x768", "1280x800"], indirect=True)
acceptance_sizes = pytest.mark.parametrize("size", ["390x844", "844x390", "1280x800"], indirect=True)

LONG_NAME = "Bosch dishwasher SMS6ZCI49E stainless steel"
LONG_SERIAL = "SN45487312345678"


@pytest.fixture
def exchange_server():
    s = Server()
    client = HTTPClient(s)
    client.add_item(LONG_NAME, LONG_SERIAL, 449)
    client.add_item("Camera", "4F7X2", 1299)
    client.add_item("Kettle", "", 12)
    yield s
    s.stop()


@pytest.fixture
def xb(request, drivers, exchange_server, size):
    yield from _browser_fixture(request, drivers, exchange_server, size)


@pytest.fixture
def xb_nojs(request, drivers, exchange_server, size):
    yield from _browser_fixture(request, drivers, exchange_server, size, javascript=False)


@pytest.fixture
def xb_big(request, drivers, exchange_server, size):
    yield from _browser_fixture(request, drivers, exchange_server, size, big_text=True)


def upload(b, tmp_path, name: str, text: str):
    """The import page's form: choose the file, Upload and preview."""
    file = tmp_path / name
    file.write_text(text, encoding="utf-8")
    b.open("/items/import")
    b.find("#import-file").send_keys(str(file))
    b.submit_by(b.find(".exchange__form button"))
    assert re.fullmatch(r"/items/import/[0-9a-f-]{36}(\?.*)?", b.path), b.path


def standards(b, tmp_path, what: str):
    """axe-core (with JavaScript) and the Nu Html Checker on the page on screen."""
    problems = serious_axe_findings(b) if b.javascript else []
    _, _, page = HTTPClient(b.server).get(b.path)
    file = tmp_path / f"{what}.html"
    file.write_bytes(page)
    problems += nu_checker_errors([str(file)])
    assert not problems, "\n".join(problems)


def exported(http) -> str:
    status, _, body = http.request("GET", "/items.csv")
    assert status == 200
    return body.decode("utf-8-sig")


def report_total(http) -> str:
    _, _, page = http.get("/items/report")
    match = re.search(rb'report__fact--total"><dt>[^<]*</dt><dd>([^<]+)</dd>', page)
    assert match, "the report shows no total"
    return match.group(1).decode()


# ---------------------------------------------------------------------------
# Point 2: re-import matches; Undo import


def check_reimport_and_undo(b, tmp_path):
    http = HTTPClient(b.server)
    before_total = report_total(http)
    b.open("/items")
    before = b.names()
    assert len(before) == 3

    upload(b, tmp_path, "export.csv", exported(http))
    b.shot(2, "reimport-preview")
    summary = b.find(".exchange__summary").text
    assert "already here" in summary or "Nothing to import" in summary, summary
    assert "3 items will be added" not in summary, summary
    assert not b.find_all(".exchange__actions button.button--primary"), "the preview offers to import an unchanged export"
    b.check_page("reimport-preview")
    b.open("/items")
    assert b.names() == before, "re-importing the export changed the list"
    assert report_total(http) == before_total

    # An edited export: one new row, one changed value, the rest unchanged.
    rows = list(csv.reader(io.StringIO(exported(http))))
    header, body = rows[0], rows[1:]
    value = [h.lower() for h in header].index("value")
    body[1][value] = "1350"
    body.append(["Bicycle", "BK-7", "300"] + [""] * (len(header) - 3))
    out = io.StringIO()
    csv.writer(out).writerows([header] + body)
    upload(b, tmp_path, "edited.csv", out.getvalue())
    b.shot(2, "edited-preview")
    summary = b.find(".exchange__summary").text
    assert "1 new, 3 already here (2 unchanged, 1 changed)" in summary, summary
    assert b.find("input[name=existing][value=update]").is_selected()
    standards(b, tmp_path, "edited-preview")
    b.submit_by(b.find(".exchange__actions button.button--primary"))
    assert b.names() == before + ["Bicycle"], b.names()
    assert "1 added, 1 updated" in b.flash(), b.flash()
    undo = b.find(".flash__undo button")
    assert undo.text.strip() == "Undo import"
    b.shot(2, "undo-offered")
    b.check_page("after-import")
    b.submit_by(undo)
    assert b.names() == before, b.names()
    assert report_total(http) == before_total
    assert "Import undone" in b.flash(), b.flash()
    b.shot(2, "undone")
    # The added item waits in Recently Deleted; the list's Undo would bring it back.
    _, _, deleted = http.get("/deleted")
    assert b"Bicycle" in deleted


@acceptance_sizes
def test_p2_reimport_adds_nothing_and_undo_import_restores(xb, size, tmp_path):
    xb.emulate_touch()
    check_reimport_and_undo(xb, tmp_path)


@acceptance_sizes
def test_p2_reimport_and_undo_without_javascript(xb_nojs, size, tmp_path):
    check_reimport_and_undo(xb_nojs, tmp_path)


# ---------------------------------------------------------------------------
# Point 11: money and dates as people type them


def check_money_and_dates(b, tmp_path):
    upload(b, tmp_path, "lenient.csv", "Name,Value,Date\nLaptop,449.99,23/11/2026\nSofa,\"$1,299.99\",05/04/2026\n"
           "Fridge,\"1 299,99\",2026-01-02\n")
    b.shot(11, "csv-preview")
    text = b.find("main").text
    assert "3 items will be added" in text, text
    assert "$450" in text and "$1,300" in text, text
    select = b.find("#import-dates")
    assert select.get_attribute("value") == "dmy", "the day-first order the file proves is not selected"
    assert "Apr 5, 2026" in text, text
    b.check_page("lenient-preview")
    standards(b, tmp_path, "lenient-preview")

    # An ambiguous file: the order is asked for, and the choice settles it.
    upload(b, tmp_path, "ambiguous.csv", "Name,Date\nLamp,03/04/2026\n")
    assert b.find("#import-dates").get_attribute("value") == "", "an order was assumed for an ambiguous file"
    assert "could be day/month or month/day" in b.find(".exchange__refused").text
    b.js("document.querySelector('#import-dates').value = 'mdy'")
    b.submit_by(b.find(".exchange__dates button"))
    assert "Mar 4, 2026" in b.find(".exchange__table").text
    b.shot(11, "dates-chosen")

    # The item form keeps what people type, and says what it kept.
    b.open("/items")
    b.submit_by(b.find(".nav-bar__add button"))
    b.set_field("#field-name", "Espresso machine")
    b.set_field("#field-value", "449.99")
    b.submit_by(b.find(".detail__done"))
    b.shot(11, "form-flash")
    assert "Stored as $450: values are whole dollars." in b.flash(), b.flash()


@acceptance_sizes
def test_p11_money_and_dates_are_read_as_typed(xb, size, tmp_path):
    xb.emulate_touch()
    check_money_and_dates(xb, tmp_path)


@acceptance_sizes
def test_p11_money_and_dates_without_javascript(xb_nojs, size, tmp_path):
    check_money_and_dates(xb_nojs, tmp_path)


# ---------------------------------------------------------------------------
# Point 12: the import, import preview and report pages' layouts

BROKEN_WORDS_JS = r"""
// Text that a line break splits inside a word (or a number), in the given elements: each
// word's range must lie on one line. Headers must keep to one line.
const problems = [];
for (const el of document.querySelectorAll(arguments[0])) {
  const style = getComputedStyle(el);
  if (style.display === 'none' || el.getBoundingClientRect().width < 2) continue;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const re = /[^\s-]+/g;  // a break after a hyphen is a line break between words
    let m;
    while ((m = re.exec(node.data))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) problems.push(`"${m[0]}" broken in ${el.tagName.toLowerCase()}.${el.className}`);
    }
  }
}
return problems.slice(0, 12);
"""

ONE_LINE_JS = r"""
const problems = [];
for (const el of document.querySelectorAll(arguments[0])) {
  if (getComputedStyle(el).display === 'none' || el.getBoundingClientRect().width < 2) continue;
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  if (tops.size > 1) problems.push(`"${el.textContent.trim().slice(0, 30)}" on ${tops.size} lines`);
}
return problems.slice(0, 12);
"""


def check_layout(b, tmp_path, point_suffix: str):
    pages = []
    b.open("/items/import")
    pages.append("import")
    check_page_layout(b, "import", point_suffix, "main p, main label, main button, h1, h2")
    upload(b, tmp_path, "household.csv", f"Name,Serial number,Value\n{LONG_NAME},{LONG_SERIAL},449\n"
           "Bosch dishwasher in the kitchen,SN-8873,450\nTV,TV-1,800\nKettle,,abc\n")
    check_page_layout(b, "import-preview", point_suffix, ".exchange__table th, .exchange__table td, main p, main button, main li")
    assert not b.js(ONE_LINE_JS, ".exchange__table th"), b.js(ONE_LINE_JS, ".exchange__table th")
    b.open("/items/report")
    check_page_layout(b, "report", point_suffix, ".report__table th, .report__table td, .report-bar *, .report__fact *")
    problems = b.js(ONE_LINE_JS, ".report__table thead th, td.report__serial")
    assert not problems, f"a header or a serial on more than one line at {b.size}: {problems}"


def check_page_layout(b, page: str, suffix: str, words: str):
    b.shot(12, page + suffix)
    b.screenshot(page)
    problems = b.overflow_problems()
    assert not problems, f"horizontal overflow on {page} at {b.size}{suffix}: " + "; ".join(problems)
    broken = b.js(BROKEN_WORDS_JS, words)
    assert not broken, f"words broken mid-word on {page} at {b.size}{suffix}: {broken}"


@all_sizes
def test_p12_exchange_and_report_pages_fit(xb, size, tmp_path):
    xb.emulate_touch()
    check_layout(xb, tmp_path, "")


@all_sizes
def test_p12_exchange_and_report_pages_fit_at_200_percent_text(xb_big, size, tmp_path):
    check_layout(xb_big, tmp_path, "-200pct")
