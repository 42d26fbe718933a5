"""Taking records out and in (issue 13): Export CSV from the list, Import CSV with its preview
and confirmation, and the insurance report — at phone and desktop sizes, JavaScript on and
off, with axe-core and the Nu Html Checker on the pages they reach."""

from __future__ import annotations

import csv
import io
import re

import pytest

from test_standards import nu_checker_errors, serious_axe_findings

phone_and_desktop = pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)


def exported_rows(http, href: str) -> list[dict]:
    status, headers, body = http.request("GET", href)
    assert status == 200, f"{href} answered {status}"
    assert headers.get("Content-Type", "").startswith("text/csv"), headers
    assert "attachment" in headers.get("Content-Disposition", "")
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


def check_export_import_and_report(b, http, tmp_path):
    http.add_item("=HYPERLINK(\"http://evil.example\")", "S-1", 12)
    http.add_item("Camera, \"vintage\"", "4F7X2", 450)
    http.add_item("熊猫玩具", "ZH-1", 5)
    b.open("/items")

    # Export: the footer link, as the list shows it.
    export = [a for a in b.find_all(".summary__link") if a.text.strip() == "Export CSV"][0]
    rows = exported_rows(http, export.get_attribute("href").split(b.server.url, 1)[-1])
    names = [row[next(iter(row))] for row in rows]
    assert names == ["'=HYPERLINK(\"http://evil.example\")", "Camera, \"vintage\"", "熊猫玩具"], names

    # Import: a spreadsheet with a refused row; the preview says what will happen.
    file = tmp_path / "household.csv"
    file.write_text("Name,Serial number,Value\nBicycle,BK-7,300\nKettle,,12.5x\n电视机,TV-1,800\n", encoding="utf-8")
    b.submit_by([a for a in b.find_all(".summary__link") if a.text.strip() == "Import CSV"][0])
    assert b.path == "/items/import"
    b.check_page("import")
    b.find("#import-file").send_keys(str(file))
    b.submit_by(b.find(".exchange__form button"))
    assert re.fullmatch(r"/items/import/[0-9a-f-]{36}", b.path), b.path
    assert "2 items will be added" in b.find(".exchange__summary").text
    refused = b.find(".exchange__refused").text
    assert "Row 3" in refused and "amount in dollars" in refused, refused
    preview_names = [td.text for td in b.find_all(".exchange__table tbody tr td:nth-child(2), .exchange__table tbody th")]
    assert "Bicycle" in preview_names and "电视机" in preview_names, preview_names
    assert len(b.rows()) == 0 and http.get("/items")[0] == 200
    b.check_page("import-preview")
    problems = serious_axe_findings(b) if b.javascript else []
    preview_path = b.path
    status, _, page = http.get(preview_path)
    assert status == 200
    (tmp_path / "preview.html").write_bytes(page)
    problems += nu_checker_errors([str(tmp_path / "preview.html")])
    assert not problems, "\n".join(problems)

    # Nothing changed until confirmed; then the rows are appended in file order.
    _, _, before = http.get("/items")
    assert b"Bicycle" not in before
    b.submit_by(b.find(".exchange__actions button.button--primary"))
    assert b.path.startswith("/items")
    assert b.names()[-2:] == ["Bicycle", "电视机"], b.names()
    b.check_page("after-import")

    # The insurance report: every item, the count and the total.
    b.submit_by([a for a in b.find_all(".summary__link") if "report" in a.text.lower()][0])
    assert b.path.startswith("/items/report")
    text = b.find("main").text
    for name in ("Camera, \"vintage\"", "熊猫玩具", "Bicycle", "电视机"):
        assert name in text, f"{name} is not in the report"
    assert "$1,567" in text, "the report's total is not $1,567"
    assert "5 items" in text
    b.check_page("report")
    if b.javascript:
        findings = serious_axe_findings(b)
        assert not findings, "\n".join(findings)


@phone_and_desktop
def test_export_import_preview_and_report(browser, http, tmp_path):
    check_export_import_and_report(browser, http, tmp_path)


@phone_and_desktop
def test_nojs_export_import_preview_and_report(nojs_browser, http, tmp_path):
    check_export_import_and_report(nojs_browser, http, tmp_path)
