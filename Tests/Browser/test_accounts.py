"""Issue 11, acceptance: accounts in Chromium.

First-run setup with the printed code; the sign-in form (a wrong password, then back to the
page first asked for); an invitation link that makes a viewer; a viewer's read-only list and
refused writes; sign-out, after which a replayed session cookie gets the sign-in page; and
axe-core (0 serious/critical) and the Nu Html Checker (0 errors) on the account pages.
"""

from __future__ import annotations

import re
import urllib.parse

import pytest
from selenium.webdriver.support.ui import Select

from conftest import OWNER, OWNER_PASSWORD, HTTPClient, Server, _browser_fixture, make_png
from test_standards import nu_checker_errors
from test_table_view import serious_axe_findings

phone_and_desktop = pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)

VIEWER, VIEWER_PASSWORD = "vera", "a viewer's long passphrase"
NEW_OWNER, NEW_OWNER_PASSWORD = "alice", "alice's first-run passphrase"
JOINER, JOINER_PASSWORD = "jonas", "jonas joins the household"

SIGN_IN_FAILED = "That username and password do not match. Check both and try again."
READ_ONLY = "You can look but not change: ask an owner for an editor's role."
ROLE_REFUSED = "Your role lets you look, not change."


@pytest.fixture
def first_run_browser(request, drivers, first_run_server, size):
    yield from _browser_fixture(request, drivers, first_run_server, size)


# ---------------------------------------------------------------------------
# Helpers


def signed_in_as(b) -> str:
    """The footer's "Signed in as NAME (ROLE)", or "" when nobody is."""
    found = b.find_all(".page-footer__member span")
    return found[0].text.strip() if found else ""


def assert_sign_in_page(b, next_path: str | None = None):
    assert b.path.startswith("/sign-in"), f"not the sign-in page: {b.path}"
    assert b.find(".confirm__title").text == "Sign in"
    assert b.find_all("#sign-in-username") and b.find_all("#sign-in-password")
    assert signed_in_as(b) == "", "the sign-in page says someone is signed in"
    if next_path is not None:
        assert b.find('input[name="next"]').get_attribute("value") == next_path


def error_page(b) -> tuple[str, str]:
    """(title with its status, message) of an error page."""
    title = b.find(".error-page__title").text
    message = b.find(".error-page p").text
    return title, message


def invite_in_browser(b, role: str) -> str:
    """On the account page: choose the role, Create invitation link; returns the link shown."""
    b.open("/account")
    Select(b.find("#invite-role")).select_by_value(role)
    b.submit_by(b.find('form[action="/members/invitations#invite"] button'))
    link = b.find("#invitation-link").get_attribute("value").strip()
    assert re.fullmatch(re.escape(b.server.url) + r"/invitations/[0-9a-f]{64}", link), link
    return link


def invite_over_http(http: HTTPClient, role: str) -> tuple[str, bytes]:
    """The same over HTTP: the link, and the account page that shows it."""
    http.get("/account")
    status, _, page = http.post("/members/invitations", [("role", role)])
    assert status == 200, f"creating an invitation answered {status}"
    link = re.search(rb"/invitations/[0-9a-f]{64}", page).group(0).decode()
    return link, page


def fill_new_account(b, prefix: str, username: str, password: str):
    """The username and password fields of setup (prefix "setup") and invitations ("join")."""
    b.set_field(f"#{prefix}-username", username)
    b.set_field(f"#{prefix}-password", password)
    b.set_field(f"#{prefix}-confirm", password)


def members(http: HTTPClient) -> list[str]:
    """The owner's member list on the account page: ["owner · owner", "vera · viewer", …]."""
    _, _, page = http.get("/account")
    return [f"{name} · {role}" for name, role in
            re.findall(r'<span class="account__row-text"><strong>([^<]+)</strong> · ([a-z]+)</span>', page.decode())]


def member_id(http: HTTPClient, username: str) -> str:
    _, _, page = http.get("/account")
    return re.search(rf"<strong>{re.escape(username)}</strong>.*?/members/(\d+)/role", page.decode(), re.S).group(1)


def item_names(http: HTTPClient) -> list[str]:
    _, _, page = http.get("/items")
    return re.findall(r'data-key="[^"]+">.*?<span class="item-cell__name">([^<]*)</span>', page.decode(), re.S)


# ---------------------------------------------------------------------------
# First run


@phone_and_desktop
def test_first_run_setup_creates_the_owner(first_run_browser, first_run_server):
    b = first_run_browser
    server = first_run_server
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(server.setup_url).query)["code"][0]
    assert re.fullmatch(r"[0-9a-f]{32}", code), server.setup_url

    # Any page leads to /setup, which without the code says the house is not set up yet and
    # where its link is (issue 22, point 13); a wrong code is refused (403).
    b.allow_status(403)
    for path in ("/items", "/account", "/items/report", "/sign-in", "/"):
        b.open(path)
        assert b.path == "/setup", f"{path} led to {b.path} on a first run"
        assert b.status == 200
        text = b.find("main").text
        assert "not set up yet" in text and "console" in text, text
        assert not b.find_all("#setup-username"), "the setup form shows without the code"
    for wrong in ("0" * 32, code[:-1], code.upper(), ""):
        b.open(f"/setup?code={wrong}")
        assert b.status == 403 and not b.find_all("#setup-username"), f"/setup?code={wrong!r} was not refused"
    b.check_page("setup-refused")
    # A write is refused too, and creates nobody.
    anonymous = HTTPClient(server, {})
    status, _, _ = anonymous.request("POST", "/items", b"", {"Origin": server.url})
    assert status == 403

    # The printed link: the form, then the owner, signed in, on the list.
    b.driver.get(server.setup_url)
    b.wait_ready()
    assert b.status == 200 and b.find(".confirm__title").text == "Set up Homepwner"
    b.check_page("setup")
    fill_new_account(b, "setup", NEW_OWNER, NEW_OWNER_PASSWORD)
    b.submit_by(b.find(".account__form button.button--primary"))
    # A new owner is shown the introduction first (test_intro.py); Skip leads to the list.
    assert b.path == "/intro", f"setup led to {b.path}"
    b.submit_by(b.find(".intro__skip"))
    assert b.path == "/items", f"Skip led to {b.path}"
    assert signed_in_as(b) == f"Signed in as {NEW_OWNER} (owner)"
    # An empty list: Add, and no Edit until there is something to edit (issue 22, point 13).
    assert b.find_all(".nav-bar__add button") and not b.find_all(".nav-bar__edit"), "the owner cannot add"
    b.check_page("after-setup")

    # The code worked once: the link now leads to the sign-in page (for a stranger).
    b.clear_cookies()
    b.driver.get(server.setup_url)
    b.wait_ready()
    assert_sign_in_page(b)
    b.sign_in(NEW_OWNER, NEW_OWNER_PASSWORD)
    assert b.path == "/items" and NEW_OWNER in signed_in_as(b)


# ---------------------------------------------------------------------------
# Signing in


@phone_and_desktop
def test_sign_in_form_wrong_password_then_back_to_the_page_asked_for(browser):
    b = browser
    b.clear_cookies()
    b.open("/items?q=x")
    assert_sign_in_page(b, next_path="/items?q=x")
    form = b.js(
        """
        const label = (id) => document.querySelector(`label[for="${id}"]`);
        const u = document.getElementById('sign-in-username'), p = document.getElementById('sign-in-password');
        return {user: label('sign-in-username').textContent.trim(), userBound: label('sign-in-username').control === u,
                pass: label('sign-in-password').textContent.trim(), passBound: label('sign-in-password').control === p,
                passType: p.type, userAuto: u.autocomplete, passAuto: p.autocomplete,
                button: document.querySelector('.account__form button').textContent.trim()};
        """
    )
    assert form == {
        "user": "Username", "userBound": True, "pass": "Password", "passBound": True, "passType": "password",
        "userAuto": "username", "passAuto": "current-password", "button": "Sign in",
    }, form
    b.check_page("sign-in")

    # A wrong password: 401, the same page with a clear message, the username kept.
    b.allow_status(401)
    b.sign_in(OWNER, "not the password at all")
    assert b.status == 401
    assert_sign_in_page(b, next_path="/items?q=x")
    error = b.find("#sign-in-error")
    assert error.is_displayed() and error.text == SIGN_IN_FAILED and error.get_attribute("role") == "alert"
    assert b.find("#sign-in-username").get_attribute("value") == OWNER
    assert b.find("#sign-in-password").get_attribute("value") == "", "the wrong password was sent back"
    assert "sign-in-error" in (b.find("#sign-in-username").get_attribute("aria-describedby") or "")
    assert "hp_session" not in b.cookies(), "a wrong password got a session"
    b.check_page("sign-in-wrong-password")

    # The right one: back at the page first asked for, signed in.
    b.sign_in(OWNER, OWNER_PASSWORD)
    assert b.path == "/items?q=x", f"signing in led to {b.path}"
    assert b.find("#search-q").get_attribute("value") == "x"
    assert signed_in_as(b) == f"Signed in as {OWNER} (owner)"
    assert b.cookies().get("hp_session"), "no session cookie after signing in"
    b.check_page("signed-in")


# ---------------------------------------------------------------------------
# Invitations and viewers


@phone_and_desktop
def test_invitation_link_makes_a_signed_in_viewer(browser, server, http):
    b = browser
    link = invite_in_browser(b, "viewer")
    section = b.find('section[aria-labelledby="members-title"]').text
    assert "Open invitations" in section and "viewer, expires" in section, "the new invitation is not listed"
    b.check_page("invitation-created")

    # A fresh browser opens the link and joins.
    b.clear_cookies()
    b.driver.get(link)
    b.wait_ready()
    assert b.status == 200 and b.find(".confirm__title").text == "Join the household"
    assert "You were invited as viewer." in b.find(".account p").text
    b.check_page("invitation")
    fill_new_account(b, "join", JOINER, JOINER_PASSWORD)
    b.submit_by(b.find(".account__form button.button--primary"))
    # A new member is shown the introduction first (test_intro.py); Skip leads to the list.
    assert b.path == "/intro", f"joining led to {b.path}"
    b.submit_by(b.find(".intro__skip"))
    assert b.path == "/items", f"Skip led to {b.path}"
    assert signed_in_as(b) == f"Signed in as {JOINER} (viewer)"
    assert READ_ONLY in b.find(".notice--info").text
    b.check_page("joined")

    # The owner sees the new member; the link worked once.
    assert f"{JOINER} · viewer" in members(http), members(http)
    b.clear_cookies()
    b.allow_status(404)
    b.driver.get(link)
    b.wait_ready()
    assert b.status == 404 and not b.find_all("#join-username"), "an invitation link worked twice"
    assert "not valid" in error_page(b)[1]


def check_read_only_list(b, keys):
    b.open("/items")
    assert b.keys() == keys
    assert signed_in_as(b) == f"Signed in as {VIEWER} (viewer)"
    assert b.find(".notice--info").text == READ_ONLY
    assert not b.find_all(".nav-bar__edit, .nav-bar__add, form.nav-bar__add"), "Edit or Add shows to a viewer"
    assert not b.find_all('a[href="/items/import"]'), "Import shows to a viewer"
    b.open("/items?mode=edit")
    assert not b.find_all(".item-row__delete, .item-row__select, .item-row__handle, .summary .button--danger"), (
        "delete or move controls show to a viewer"
    )
    b.open(f"/items/{keys[0]}")
    b.wait_for("dialog.detail-sheet[open]")
    assert not b.find_all(".detail__done, .detail__camera, .detail__remove-photo"), "the dialog has Done or the camera"
    assert b.find(".detail__cancel").text == "Close"
    assert all(field.get_attribute("readonly") is not None for field in b.find_all(".detail__fields input"))


@phone_and_desktop
def test_viewer_sees_a_read_only_list_and_cannot_write(browser, server, http):
    b = browser
    keys = [http.add_item("Lamp", "L1", 30), http.add_item("Camera", "C1", 450, photo=make_png(40, 30, (9, 99, 9)))]
    server.add_member(VIEWER, "viewer", VIEWER_PASSWORD)
    b.clear_cookies()
    b.open("/items")
    b.sign_in(VIEWER, VIEWER_PASSWORD)
    check_read_only_list(b, keys)
    b.check_page("viewer-dialog")

    # A form posted anyway (an editor's Add, with the page's own token): 403.
    b.open("/items")
    b.allow_status(403)
    b.js(
        """
        const token = document.querySelector('input[name="_csrf"]').value;
        const form = document.createElement('form');
        form.method = 'post'; form.action = '/items';
        form.innerHTML = `<input type="hidden" name="_csrf" value="${token}"><button id="forged-add">Add</button>`;
        document.querySelector('main').append(form);
        """
    )
    b.submit_by(b.find("#forged-add"))
    assert b.status == 403, f"a viewer's Add answered {b.status}"
    assert ROLE_REFUSED in error_page(b)[1]

    # Over HTTP with the viewer's cookies: every write is 403, nothing changes.
    viewer = HTTPClient(server, b.cookies())
    assert viewer.get("/items")[0] == 200
    writes = [
        ("/items", [("page", "1")]),
        (f"/items/{keys[0]}", [("name", "Stolen"), ("serialNumber", ""), ("value", "1"), ("action", "done")]),
        ("/items/delete", [("key", keys[0])]),
        (f"/items/{keys[1]}/move", [("position", "1")]),
        ("/members/invitations", [("role", "owner")]),
    ]
    for path, fields in writes:
        status, _, body = viewer.post(path, fields)
        assert status == 403, f"a viewer's POST {path} answered {status}"
    assert item_names(http) == ["Lamp", "Camera"], "a viewer's write changed the items"
    assert http.photo(keys[1])[0] == 200


@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_editor_made_viewer_is_refused_on_done(browser, server, http):
    """The form of a page opened as an editor, submitted after the owner made them a viewer."""
    b = browser
    key = http.add_item("Lamp", "L1", 30)
    server.add_member(VIEWER, "editor", VIEWER_PASSWORD)
    b.use_cookies(server.sign_in(VIEWER, VIEWER_PASSWORD))
    b.open(f"/items/{key}")
    b.set_field("#field-name", "Renamed by a viewer")
    status, _, _ = http.post(f"/members/{member_id(http, VIEWER)}/role", [("role", "viewer")])
    assert status == 303, status
    b.allow_status(403)
    b.submit_by(b.find(".detail__done"))
    assert b.status == 403 and ROLE_REFUSED in error_page(b)[1]
    assert item_names(http) == ["Lamp"]


# ---------------------------------------------------------------------------
# Signing out


@phone_and_desktop
def test_sign_out_then_a_replayed_cookie_gets_the_sign_in_page(browser, server, http):
    b = browser
    b.clear_cookies()
    b.open("/account")
    b.sign_in(OWNER, OWNER_PASSWORD)
    assert b.path == "/account"
    old = b.cookies()
    assert old.get("hp_session") and old["hp_session"] != server.cookies["hp_session"], "no session of its own"

    b.submit_by(b.find('.page-footer__member form[action="/sign-out"] button'))
    assert_sign_in_page(b)
    assert "hp_session" not in b.cookies(), "the session cookie outlived Sign out"
    b.check_page("signed-out")

    # The old cookie, replayed: the sign-in page, in the browser and over HTTP.
    b.use_cookies(old)
    b.open("/items")
    assert_sign_in_page(b, next_path="/items")
    replay = HTTPClient(server, old)
    status, headers, _ = replay.request("GET", "/account")
    assert status == 303 and headers["Location"].startswith("/sign-in"), (status, headers.get("Location"))
    status, _, _ = replay.request("POST", "/items", b"_csrf=" + old["hp_csrf"].encode(), {
        "Origin": server.url, "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 401, f"a replayed session could still write ({status})"
    # Only that session ended: the owner's other one still works.
    assert http.get("/items")[0] == 200


# ---------------------------------------------------------------------------
# Standards


@phone_and_desktop
def test_axe_finds_nothing_serious_on_account_pages(browser, server, http):
    b = browser
    http.add_item("Lamp", "L1", 30)
    http.add_item("Camera", "C1", 450, photo=make_png(40, 30, (9, 99, 9)))
    server.add_member(VIEWER, "viewer", VIEWER_PASSWORD)
    first_run = Server(owner=False)
    problems, seen = [], []

    def check(state: str):
        seen.append(state)
        problems.extend(serious_axe_findings(b, state))

    try:
        b.driver.get(first_run.setup_url)
        b.wait_ready()
        assert b.find_all("#setup-username")
        check("setup")
    finally:
        first_run.stop()

    b.open("/account")
    check("account-owner")
    link = invite_in_browser(b, "viewer")
    check("account-owner-invitation-link")

    b.clear_cookies()
    b.driver.get(link)
    b.wait_ready()
    assert b.find_all("#join-username")
    check("invitation")

    b.open("/sign-in")
    assert_sign_in_page(b)
    check("sign-in")
    b.allow_status(401)
    b.sign_in(OWNER, "not the password at all")
    assert b.find_all("#sign-in-error")
    check("sign-in-error")

    b.use_cookies(server.sign_in(VIEWER, VIEWER_PASSWORD))
    b.open("/items")
    assert b.find(".notice--info").text == READ_ONLY and len(b.rows()) == 2
    check("viewer-list")

    assert len(seen) == 7, seen
    assert not problems, "axe-core:\n" + "\n".join(problems)


def test_nu_html_checker_finds_no_errors_on_account_pages(server, http, tmp_path):
    """The Nu Html Checker reads the markup as the server sends it, which is the same at every
    viewport size (390×844 and 1280×800 differ only in CSS), so the pages are checked once."""
    http.add_item("Lamp", "L1", 30)
    server.add_member(VIEWER, "viewer", VIEWER_PASSWORD)
    pages: dict[str, bytes] = {}

    first_run = Server(owner=False)
    try:
        status, _, pages["setup"] = HTTPClient(first_run, {}).get(first_run.setup_url.removeprefix(first_run.url))
        assert status == 200 and b'id="setup-username"' in pages["setup"]
    finally:
        first_run.stop()

    status, _, pages["account"] = http.get("/account")
    assert status == 200
    link, pages["account-invitation-link"] = invite_over_http(http, "viewer")

    stranger = HTTPClient(server, {})
    status, _, pages["invitation"] = stranger.get(link)
    assert status == 200 and b'id="join-username"' in pages["invitation"]
    status, _, pages["sign-in"] = stranger.get("/sign-in?next=/items")
    assert status == 200
    status, _, pages["sign-in-error"] = stranger.post(
        "/sign-in", [("username", OWNER), ("password", "not the password at all"), ("next", "/items")])
    assert status == 401 and b'id="sign-in-error"' in pages["sign-in-error"]

    viewer = HTTPClient(server, server.sign_in(VIEWER, VIEWER_PASSWORD))
    status, _, pages["viewer-list"] = viewer.get("/items")
    assert status == 200 and b"notice--info" in pages["viewer-list"] and b"nav-bar__add" not in pages["viewer-list"]

    files = []
    for name, body in pages.items():
        file = tmp_path / f"{name}.html"
        file.write_bytes(body)
        files.append(str(file))
    errors = nu_checker_errors(files)
    assert not errors, "Nu Html Checker:\n" + "\n".join(errors)
