"""Issue 22 ("The first hour on a phone"), points 8 and 10, in Chromium.

8. The invitation link shows where Invite was pressed (the page lands there), in a calm
   success style, with what it grants and when it expires (date and time); with JavaScript
   Copy puts it on the clipboard and Share appears only where navigator.share exists; without,
   it is a read-only field to copy by hand. Messages land beside what they concern: "needs an
   owner" in the member's row, a revoked token's message in the tokens section.
10. "High value" is a compact mark (a diamond, its words for screen readers) that never cuts
   the serial or the date, with a legend under the list; owners set the line on the account
   page (422 by the field on bad input) and the list's marks follow it.

Screenshots of each point's key state go to Tests/Browser/artifacts/first-hour/ (Browser.shot).
"""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.support.ui import Select

from conftest import HTTPClient, WebDriverWait, _browser_fixture, server_with_items
from test_standards import nu_checker_errors, serious_axe_findings

PHONE, LANDSCAPE, DESKTOP = "390x844", "844x390", "1280x800"
by_size = pytest.mark.parametrize("size", [PHONE, LANDSCAPE, DESKTOP], indirect=True)


LONG_NAME = ("Vintage Leica M6 rangefinder camera with Summicron 50 mm lens, original box, strap, "
             "receipts and the service history booklet from 1998, all in mint condition")[:150]
assert len(LONG_NAME) == 150 and not LONG_NAME.endswith(" ")
CHINESE_NAME = ("祖母留下的清代青花瓷花瓶一对附原装木盒与鉴定证书" * 6)[:150]
ITEMS = [
    (LONG_NAME, "SN-204881", 1250),
    (CHINESE_NAME, "QH-1736", 8800),
    ("Desk lamp", "DL-79", 79),
    ("Coffee cup", "CC-5", 5),
]


@pytest.fixture
def touch(browser_any):
    """A phone held upright is a touch screen (its other sizes are not); off again afterwards."""
    b = browser_any
    b.emulate_touch()
    yield
    b.emulate_touch(False)


@pytest.fixture
def members_browser(request, drivers, server, size):
    yield from _browser_fixture(request, drivers, server, size)


@pytest.fixture
def members_nojs_browser(request, drivers, server, size):
    yield from _browser_fixture(request, drivers, server, size, javascript=False)


@pytest.fixture(scope="module")
def marked_server():
    with server_with_items(ITEMS) as server:
        yield server


@pytest.fixture
def marked_browser(request, drivers, marked_server, size):
    yield from _browser_fixture(request, drivers, marked_server, size)


def in_viewport(b, element) -> bool:
    return b.js("const r = arguments[0].getBoundingClientRect();"
                "return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1;", element)


def invite(b, role: str):
    """Account page → role → Create invitation link (the form with the role menu, on any version)."""
    b.open("/account")
    Select(b.find("#invite-role")).select_by_value(role)
    b.submit_by(b.find("form:has(#invite-role) button"))


def invitation_box(b):
    """The box the link is in, on any version (a field now, code before)."""
    boxes = b.find_all(".invitation") or b.find_all(".notice--link")
    assert boxes, "no invitation link shown"
    return boxes[0]


def colour_of(b, css_value: str) -> str:
    """A CSS colour (a custom property) as the browser computes it."""
    return b.js("const s = document.createElement('span'); s.style.color = arguments[0]; document.body.append(s);"
                "const c = getComputedStyle(s).color; s.remove(); return c;", css_value)


def check_invitation(b):
    box = invitation_box(b)
    assert b.driver.current_url.endswith("#invite"), f"the page did not land on the invitation: {b.driver.current_url}"
    fields = b.find_all("#invitation-link")
    assert fields, "the link is not in a field to copy"
    field = fields[0]
    assert field.get_attribute("readonly") is not None
    link = field.get_attribute("value")
    assert re.fullmatch(re.escape(b.server.url) + r"/invitations/[0-9a-f]{64}", link), link
    assert in_viewport(b, field), "the link is not in view where Invite was pressed"
    assert not b.find_all("form:has(#invite-role)"), "the button that made the link is still there"
    border = b.js("return getComputedStyle(arguments[0]).borderLeftColor", box)
    assert border != colour_of(b, "var(--danger)"), "the link reads as an error (red edge)"
    assert border == colour_of(b, "var(--valuable)"), f"not the success style: {border}"
    text = box.text
    assert "joins the household as editor" in text, text
    assert re.search(r"until [A-Z][a-z]{2} \d{1,2}, \d{4}.{1,4}\d{1,2}:\d{2}", text), f"no date and time of expiry: {text}"
    return link


# ---------------------------------------------------------------------------
# Point 8


@by_size
def test_p8_invitation_link_in_place_with_copy_and_share(members_browser, server):
    b = members_browser
    b.emulate_touch()
    b.driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    # A browser with a share sheet: navigator.share records what it was given.
    script = b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };"})
    try:
        invite(b, "editor")
        b.shot(8, "invitation-link")
        link = check_invitation(b)
        copy = b.find(".invitation__copy")
        assert copy.is_displayed() and copy.rect["height"] >= 44
        b.scroll_into_view(copy)
        copy.click()
        WebDriverWait(b.driver, 5).until(lambda d: b.find(".invitation__status").text == "Copied")
        copied = b.driver.execute_async_script(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, () => done(null));")
        assert copied in (link, None), f"the clipboard holds {copied!r}"
        share = b.find(".invitation__share")
        assert share.is_displayed()
        share.click()
        shared = b.js("return window.__shared")
        assert shared and shared["url"] == link, shared
        b.shot(8, "invitation-copied")
        b.check_page("invitation link, copied")
    finally:
        b.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        b.emulate_touch(False)
    # Where the browser has no share sheet, there is no Share button.
    invite(b, "viewer")
    has_share = b.js("return typeof navigator.share === 'function'")
    assert b.find(".invitation__share").is_displayed() == has_share
    b.verify()


@by_size
def test_p8_invitation_link_without_javascript(members_nojs_browser):
    b = members_nojs_browser
    invite(b, "editor")
    b.shot(8, "invitation-link-nojs")
    check_invitation(b)
    assert not b.find(".invitation__copy").is_displayed() and not b.find(".invitation__share").is_displayed()
    b.check_page("invitation link without JS")
    b.verify()


@by_size
def test_p8_messages_where_the_action_was_taken(members_nojs_browser):
    b = members_nojs_browser
    b.allow_status(409)
    # The only owner tries to make themself a viewer: refused beside their own row.
    b.open("/account")
    menu = b.find("select[id^='role-']")
    member = menu.get_attribute("id").removeprefix("role-")
    Select(menu).select_by_value("viewer")
    b.submit_by(b.find(f"form:has(#role-{member}) button"))
    assert b.status == 409
    b.shot(8, "needs-an-owner")
    rows = b.find_all(f"#member-{member}")
    assert rows, "the members have no rows to land on"
    message = [p for p in b.find_all("p", within=rows[0]) if "needs an owner" in p.text]
    assert message, "the 'needs an owner' message is not beside the member"
    assert in_viewport(b, message[0]), "the message is out of view"
    b.check_page("needs an owner")

    # A token made and revoked: the message is in the tokens section, in view.
    b.open("/account")
    b.set_field("#token-name", "backup script")
    b.submit_by(b.find("form:has(#token-name) button"))
    b.submit_by(b.find("#tokens form[action^='/account/tokens/revoke'] button"))
    assert b.driver.current_url.endswith("#tokens")
    notes = [p for p in b.find_all("#tokens p") if "That token was revoked." in p.text]
    assert notes and in_viewport(b, notes[0]), "the token message is not beside the tokens"
    assert not b.find_all("main > .flash"), "the message is (also) at the top of the page"
    b.shot(8, "token-revoked")
    b.check_page("token revoked")
    b.verify()


# ---------------------------------------------------------------------------
# Point 10


def contrast(b, element) -> float:
    """WCAG contrast of an element's fill against what is behind it."""
    return b.js("""
        const parse = (c) => c.match(/[\\d.]+/g).map(Number);
        const lum = ([r, g, b]) => {
          const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
          return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
        };
        const fill = parse(getComputedStyle(arguments[0]).backgroundColor);
        let el = arguments[0].parentElement, back = [255, 255, 255];
        for (; el; el = el.parentElement) {
          const c = parse(getComputedStyle(el).backgroundColor);
          if (c.length < 4 || c[3] > 0) { back = c; break; }
        }
        const [a, z] = [lum(fill), lum(back)].sort((x, y) => y - x);
        return (a + 0.05) / (z + 0.05);
    """, element)


@by_size
def test_p10_compact_mark_never_cuts_serial_or_date(marked_browser):
    b = marked_browser
    b.emulate_touch()
    try:
        b.open("/items")
        b.shot(10, "high-value-row")
        rows = {b.find(".item-cell__name", row).get_attribute("textContent"): row for row in b.rows()}
        for name in (LONG_NAME, CHINESE_NAME, "Desk lamp"):
            row = rows[name]
            # On a phone the serial and date have a line of their own under the name, whole
            # whatever the name; on one line (wider screens) a long name may squeeze them by
            # the layout's priorities, but the mark never does.
            whole = (".item-cell__serial", ".item-cell__date") if b.size == PHONE or name == "Desk lamp" else ()
            for part in whole:
                cut = b.js("const e = arguments[0]; return e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().width < 4;",
                           b.find(part, row))
                assert not cut, f"{part} is cut in the row of {name[:20]}… at {b.size}"
            marks = b.find_all(".value-mark", row)
            assert marks, f"no compact mark on {name[:20]}…"
            width = marks[0].rect["width"]
            assert 4 <= width <= 20, f"the mark is {width} px wide"
            badge = b.find(".item-cell__badge", row)
            assert b.js("const e = arguments[0]; return e.scrollWidth <= e.clientWidth + 1;", badge), "the mark is cut"
            assert "High value" in badge.get_attribute("textContent"), "no words for screen readers"
            assert "high value" in b.find(".item-cell", row).get_attribute("aria-label"), "the row is not announced as high value"
            for scheme in ("light", "dark"):
                b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                ratio = contrast(b, marks[0])
                assert ratio >= 3, f"the mark's contrast is {ratio:.2f} in {scheme}"
            b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        assert not b.find_all(".value-mark", rows["Coffee cup"]), "a $5 cup is marked"
        legend = b.find(".summary__legend")
        assert legend.text.strip() == "High value: $50 or more" and b.find_all(".value-mark", legend)
        b.check_page("high-value rows")
    finally:
        b.emulate_touch(False)
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    b.verify()


@by_size
def test_p10_owner_sets_the_line_and_the_marks_follow(members_nojs_browser, server):
    http = HTTPClient(server)
    for name, serial, value in ITEMS:
        http.add_item(name, serial, value)
    b = members_nojs_browser
    b.allow_status(422)
    b.open("/account")
    fields = b.find_all("#high-value-threshold")
    if fields:
        b.scroll_into_view(fields[0])
    b.shot(10, "threshold-setting")
    assert fields, "no high-value setting on the account page"
    b.set_field("#high-value-threshold", "lots")
    b.submit_by(b.find("form:has(#high-value-threshold) button"))
    assert b.status == 422
    field = b.find("#high-value-threshold")
    error = b.find("#" + field.get_attribute("aria-describedby"))
    assert "whole number of dollars" in error.text and in_viewport(b, error)
    assert field.get_attribute("value") == "lots"
    b.check_page("threshold refused")
    b.set_field("#high-value-threshold", "100")
    b.submit_by(b.find("form:has(#high-value-threshold) button"))
    assert b.driver.current_url.endswith("#high-value")
    note = b.find("#high-value .notice--success")
    assert "$100 or more" in note.text and in_viewport(b, note)
    b.shot(10, "threshold-saved")
    b.check_page("threshold saved")
    b.open("/items")
    marked = [b.find(".item-cell__name", row).get_attribute("textContent") for row in b.rows() if b.find_all(".value-mark", row)]
    assert marked == [LONG_NAME, CHINESE_NAME], marked
    assert b.find(".summary__legend").text.strip() == "High value: $100 or more"
    b.shot(10, "list-after-threshold")
    b.check_page("list at $100")
    b.verify()


# ---------------------------------------------------------------------------
# Standards on the states these points add (POST answers the shared page list cannot reach)


def changed_states(http: HTTPClient) -> dict[str, bytes]:
    """The account page's new states as a browser without JavaScript gets them."""
    pages = {}
    _, _, pages["account"] = http.get("/account")
    owner = re.search(rb'id="role-(\d+)"', pages["account"]).group(1).decode()
    _, _, pages["invitation"] = http.post("/members/invitations", [("role", "editor")])
    _, _, pages["threshold-refused"] = http.post("/members/high-value", [("threshold", "lots")])
    _, _, pages["needs-an-owner"] = http.post(f"/members/{owner}/role", [("role", "viewer")])
    _, _, pages["list"] = http.get("/items")
    return pages


@pytest.mark.parametrize("size", [PHONE, DESKTOP], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_p8_p10_states_have_no_serious_axe_findings(members_browser, server, scheme):

    http = HTTPClient(server)
    http.add_item(LONG_NAME, "SN-204881", 1250)
    b = members_browser
    b.allow_status(409)
    b.allow_status(422)
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    problems = []

    def check(name):
        problems.extend(f"{name} ({scheme}, {b.size}): {finding}" for finding in serious_axe_findings(b))

    try:
        b.open("/items")
        check("list")
        invite(b, "editor")
        check("invitation")
        b.open("/account")
        b.set_field("#high-value-threshold", "lots")
        b.submit_by(b.find("form:has(#high-value-threshold) button"))
        check("threshold-refused")
        menu = b.find("select[id^='role-']")
        Select(menu).select_by_value("viewer")
        b.submit_by(b.find(f"form:has(#{menu.get_attribute('id')}) button"))
        check("needs-an-owner")
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_p8_p10_states_pass_the_nu_html_checker(server, tmp_path):

    http = HTTPClient(server)
    http.add_item(CHINESE_NAME, "QH-1736", 8800)
    files = []
    for name, body in changed_states(http).items():
        file = tmp_path / f"{name}.html"
        file.write_bytes(body)
        files.append(str(file))
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
