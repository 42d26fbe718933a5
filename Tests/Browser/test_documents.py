"""Issue 24 point 2 in Chromium: the item dialog's Documents section — the list (kind, title,
size, a download link, Remove for editors) and its add form (file, kind, optional title, "Add
document", a submit button of the dialog's form) — at 390×844 and 1280×800, with JavaScript on
and off: axe-core 0 serious/critical (light and dark), the Nu Html Checker 0 errors (the
server's HTML, as a browser without JavaScript shows it), nothing wider than the screen, 44 px
targets; a download is an attachment with a `sandbox` policy; adding, a refusal by the field
(HTML named receipt.pdf: 415) and Cancel, with JavaScript off.

Few page loads: one shared server; each size opens the dialog once with JavaScript and runs
the flow once without. Screenshots go to Tests/Browser/artifacts/.
"""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.support.ui import Select

from conftest import HTTPClient, Server, _browser_fixture
from test_standards import nu_checker_errors, serious_axe_findings

PHONE, DESKTOP = "390x844", "1280x800"
both_sizes = pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
VIEWER, VIEWER_PASSWORD = "viewer", "browser suite viewer passphrase"
HOSTILE_TITLE = '<script>alert(1)</script> “Quittung” 收据'


def pdf(seed: int, size: int = 40_000) -> bytes:
    """A PDF's signature and `size` bytes in all, different by seed."""
    body = bytearray(b"%PDF-1.7\n")
    state = seed * 2_654_435_761 & 0xFFFFFFFF
    while len(body) < size:
        state = (state * 1_664_525 + 1_013_904_223) & 0xFFFFFFFF
        body.append(state >> 24)
    return bytes(body)


def dialog_fields(page: bytes) -> list[tuple[str, str]]:
    """The item dialog's own fields as the server filled them (name, serial, value, version)."""
    text = page.decode()
    def value(element_id: str) -> str:
        tag = re.search(rf'<input[^>]*id="{element_id}"[^>]*>', text).group(0)
        found = re.search(r'value="([^"]*)"', tag)
        return found.group(1) if found else ""
    version = re.search(r'name="version" value="(\d+)"', text)
    fields = [("name", value("field-name")), ("serialNumber", value("field-serial")), ("value", value("field-value"))]
    return fields + ([("version", version.group(1))] if version else [])


@pytest.fixture(scope="module")
def documents_server():
    """A server with an item holding a receipt (a hostile title) and a warranty card, and a viewer."""
    server = Server()
    http = HTTPClient(server)
    key = http.add_item("Camera", "4F7X2", 450)
    status, _, page = http.get(f"/items/{key}")
    assert status == 200
    fields = dialog_fields(page)
    status, headers, body = http.post(
        f"/items/{key}", fields + [("action", "add-document"), ("documentKind", "receipt"), ("documentTitle", HOSTILE_TITLE)],
        ("document", "receipt.pdf", pdf(1)))
    assert status == 303, f"add-document answered {status}: {body[:300]!r}"
    draft = headers["Location"].split("?")[0]
    status, _, _ = http.post(draft, fields + [("action", "add-document"), ("documentKind", "warranty"), ("documentTitle", "")],
                             ("document", "Warranty_card.pdf", pdf(2, 2_500_000)))
    assert status == 303
    status, _, body = http.post(draft, fields + [("action", "done")])
    assert status == 303, f"Done answered {status}: {body[:300]!r}"
    server.add_member(VIEWER, "viewer", VIEWER_PASSWORD)
    server.key = key
    server.viewer_cookies = server.sign_in(VIEWER, VIEWER_PASSWORD)
    yield server
    server.stop()


@pytest.fixture
def documents_browser(request, drivers, documents_server, size):
    yield from _browser_fixture(request, drivers, documents_server, size)


@pytest.fixture
def documents_nojs_browser(request, drivers, documents_server, size):
    yield from _browser_fixture(request, drivers, documents_server, size, javascript=False)


# Every button, link, select and field of the section: at least 44 × 44 px (a file input's own
# button is the browser's; the input's box is what is measured).
SECTION_TARGETS_JS = r"""
const section = document.querySelector('.documents');
if (!section) return ['no Documents section'];
const small = [];
for (const el of section.querySelectorAll('button, a, select, input')) {
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) continue;
  if (r.height < 43.5 || r.width < 43.5) {
    small.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
}
return small;
"""


def section_problems(b, what: str) -> list[str]:
    """The section fits the screen and its controls are 44 px targets."""
    problems = [f"{what} at {b.size}: {p}" for p in b.overflow_problems()]
    problems += [f"{what} at {b.size}: target under 44 px: {t}" for t in b.js(SECTION_TARGETS_JS)]
    return problems


@both_sizes
def test_documents_section_with_javascript(documents_browser, documents_server):
    """The owner's dialog: both documents listed (the hostile title as text), each a download
    that is an attachment with a sandbox policy; axe-core light and dark; the viewer's dialog
    lists them without Remove or the add form."""
    b = documents_browser
    key = documents_server.key
    b.open(f"/items/{key}")
    items = b.find_all(".documents__item")
    assert len(items) == 2, f"{len(items)} documents listed"
    texts = [" ".join(item.find_element("css selector", ".documents__link").text.split()) for item in items]
    assert texts[0] == "Receipt " + HOSTILE_TITLE, texts
    assert texts[1] == "Warranty Warranty card", texts
    assert "PDF · 2.4 MB" in items[1].text
    assert len(b.find_all(".documents__remove")) == 2
    assert b.find("#field-document").get_attribute("accept") == "application/pdf,image/*"
    assert [o.text for o in Select(b.find("#field-document-kind")).options] == ["Receipt", "Manual", "Warranty", "Other"]
    b.assert_no_alert()
    problems = section_problems(b, "owner's dialog")
    # The download as the browser gets it.
    answer = b.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        fetch(document.querySelector('.documents__link').href).then(r => r.arrayBuffer().then(body => done({
          status: r.status, size: body.byteLength, type: r.headers.get('content-type'),
          disposition: r.headers.get('content-disposition'), csp: r.headers.get('content-security-policy'),
          nosniff: r.headers.get('x-content-type-options')})));
        """
    )
    assert answer["status"] == 200 and answer["size"] == 40_000 and answer["type"] == "application/pdf", answer
    assert answer["disposition"].startswith("attachment; filename=") and "filename*=UTF-8''" in answer["disposition"], answer
    assert answer["csp"].startswith("sandbox") and answer["nosniff"] == "nosniff", answer
    for scheme in ["light", "dark"]:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        problems += [f"axe ({scheme}, {b.size}): {f}" for f in serious_axe_findings(b)]
        b.scroll_into_view(b.find(".documents"))
        b.screenshot(f"documents-{scheme}")
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    b.check_page("owner-dialog")

    b.use_cookies(documents_server.viewer_cookies)
    b.open(f"/items/{key}")
    assert len(b.find_all(".documents__item")) == 2
    assert not b.find_all(".documents__remove") and not b.find_all("#field-document"), "a viewer cannot change documents"
    problems += section_problems(b, "viewer's dialog")
    problems += [f"axe (viewer, {b.size}): {f}" for f in serious_axe_findings(b)]
    b.check_page("viewer-dialog")
    assert not problems, "\n".join(problems)


@both_sizes
def test_documents_add_refuse_and_cancel_without_javascript(documents_nojs_browser, documents_server, tmp_path):
    """Without JavaScript: Add document (a file, Manual, a title) opens the draft with it listed;
    HTML named receipt.pdf is refused by the field (415) and nothing is added; Cancel leaves the
    item's two documents as they were."""
    b = documents_nojs_browser
    key = documents_server.key
    good = tmp_path / "Blender_manual.pdf"
    good.write_bytes(pdf(10 + len(b.size)))
    fake = tmp_path / "receipt.pdf"
    fake.write_bytes(b"<!doctype html><title>x</title><script>alert(document.cookie)</script>")

    b.open(f"/items/{key}")
    b.find("#field-document").send_keys(str(good))
    Select(b.find("#field-document-kind")).select_by_value("manual")
    b.submit_by(b.find(".documents__add-button"))
    assert re.match(r"/drafts/[0-9a-f-]{36}", b.path), b.path
    names = [n.text for n in b.find_all(".documents__name")]
    assert names[-1] == "Blender manual" and len(names) == 3, names
    problems = section_problems(b, "draft after Add document")
    b.check_page("added")

    b.find("#field-document").send_keys(str(fake))
    b.allow_status(415)
    b.submit_by(b.find(".documents__add-button"))
    assert b.status == 415
    error = b.find("#error-document")
    assert "not a PDF or an image" in error.text, error.text
    assert b.find("#field-document").get_attribute("aria-invalid") == "true"
    assert len(b.find_all(".documents__item")) == 3, "nothing was added"
    problems += section_problems(b, "refused")
    b.check_page("refused")

    b.submit_by(b.find(".detail__cancel"))
    b.open(f"/items/{key}")
    assert len(b.find_all(".documents__item")) == 2, "Cancel rolled the new document back"
    b.check_page("after-cancel")
    assert not problems, "\n".join(problems)


def test_documents_html_is_valid(documents_server, tmp_path):
    """The Nu Html Checker: the owner's dialog, a draft's with a refusal by the field, the viewer's."""
    http = HTTPClient(documents_server)
    key = documents_server.key
    files = []
    status, _, page = http.get(f"/items/{key}")
    assert status == 200
    (tmp_path / "owner.html").write_bytes(page)
    status, _, refused = http.post(f"/items/{key}", dialog_fields(page) + [("action", "add-document")],
                                   ("document", "receipt.pdf", b"<html><script>alert(1)</script></html>"))
    assert status == 415 and b'id="error-document"' in refused
    (tmp_path / "refused.html").write_bytes(refused)
    status, _, empty = http.post(f"/items/{key}", dialog_fields(page) + [("action", "add-document")])
    assert status == 422 and b"Choose a file to add." in empty
    (tmp_path / "missing.html").write_bytes(empty)
    viewer = HTTPClient(documents_server, documents_server.viewer_cookies)
    status, _, seen = viewer.get(f"/items/{key}")
    assert status == 200 and b"documents__item" in seen and b"field-document" not in seen
    (tmp_path / "viewer.html").write_bytes(seen)
    files = [str(tmp_path / name) for name in ["owner.html", "refused.html", "missing.html", "viewer.html"]]
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
