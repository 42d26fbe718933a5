"""Issue 25 point 4 in real browsers, two members at once: an open dialog whose item another
member changes says so before Done, with their values and a way to take them; the live list
keeps Select mode's ticks and its scroll position; a page without JavaScript is left alone;
and /events replays what a reconnecting page missed (`Last-Event-ID`).

Two windows are two Chromium sessions: the owner's (the suite's usual browser) and Ann's (a
second Chromium of this module, with her own cookies)."""
import http.client
import json
import re
import time
import urllib.parse

import pytest

from conftest import Browser, HTTPClient, WebDriverWait, _browser_fixture, _make_chrome, item_places, place_item
from test_standards import serious_axe_findings

ANN_PASSWORD = "ann-live-dialog-password-2026"


@pytest.fixture(scope="module")
def second_driver():
    """Ann's window: a Chromium of its own, so its cookies are not the owner's."""
    driver = _make_chrome()
    yield driver
    driver.quit()


@pytest.fixture
def ann(request, second_driver, seeded_server, size):
    """Ann, an editor, signed in in her own browser (`.browser`) and over HTTP (`.http`)."""
    seeded_server.add_member("ann", "editor", ANN_PASSWORD)
    cookies = seeded_server.sign_in("ann", ANN_PASSWORD)
    browser = Browser(second_driver, seeded_server, size, request.node.originalname + "-ann", True)
    browser.use_cookies(cookies)

    class Ann:
        pass

    member = Ann()
    member.browser = browser
    member.http = HTTPClient(seeded_server, cookies)
    member.cookies = cookies
    yield member
    browser.collect_console()
    errors = browser.console_errors()
    assert not errors, f"console errors in Ann's window: {errors}"


def field(b, css: str) -> str:
    return b.find(css).get_attribute("value")


def ann_edits_in_her_dialog(ann, key: str, changes: dict[str, str]):
    """Ann opens the item's dialog in her window, changes these fields (by id) and presses Done."""
    a = ann.browser
    a.open(f"/items/{key}")
    for css, value in changes.items():
        a.set_field(css, value)
    a.submit_by(a.find("dialog.detail-sheet .detail__done"))
    assert a.status == 200 and not a.has_dialog(), f"Ann's Done did not save ({a.status})"


def wait_for_notice(b, timeout: float = 10):
    WebDriverWait(b.driver, timeout).until(lambda d: d.find_elements("css selector", ".live-dialog .live-dialog__notice"))
    return b.find(".live-dialog .live-dialog__notice")


def listed_values(b) -> dict[str, str]:
    return b.js("""
        const out = {};
        for (const dt of document.querySelectorAll('.live-dialog__values dt')) out[dt.textContent] = dt.nextElementSibling.textContent;
        return out;""")


def item_fields(http: HTTPClient, key: str) -> dict:
    status, _, body = http.request("GET", f"/items/{key}.json")
    assert status == 200, status
    return json.loads(body)


@pytest.mark.seed(3)
@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_dialog_notice_then_use_their_values_saves_without_conflict(seeded_browser, seeded_server, ann):
    b = seeded_browser
    b.open("/items")
    link = b.find("li.item-row[id] a.item-cell")
    key = link.find_element("xpath", "./ancestor::li[1]").get_attribute("data-key")
    before = item_fields(HTTPClient(seeded_server), key)
    # The dialog opens in place over the list (the list's stream is the dialog's too).
    link.click()
    b.wait_for("dialog.detail-sheet[open] .live-dialog")
    mark = b.mark_page()
    b.set_field("#field-serial", "MINE-1")
    b.js("document.getElementById('field-serial').focus()")

    ann_edits_in_her_dialog(ann, key, {"#field-name": "Their camera 相机", "#field-value": "321"})

    notice = wait_for_notice(b)
    assert b.find(".live-dialog").get_attribute("role") == "status"
    assert b.find(".live-dialog__text").text == "ann changed this item. Their values:"
    # Their values of what they changed; the serial only this member changed is not theirs.
    assert listed_values(b) == {"Name": "Their camera 相机", "Value ($)": "321"}
    assert b.active_element_info()["id"] == "field-serial", "the notice took the focus"
    buttons = [button.text for button in b.find_all(".live-dialog__actions button")]
    assert buttons == ["Use their values", "Keep mine"]
    for button in b.find_all(".live-dialog__actions button"):
        assert button.size["height"] >= 44, button.size
    b.check_page("dialog-notice")
    assert b.page_is_marked(mark)

    b.find(".live-dialog__actions button").click()
    assert field(b, "#field-name") == "Their camera 相机"
    assert field(b, "#field-value") == "321"
    assert field(b, "#field-serial") == "MINE-1", "this member's own change was lost"
    assert "Done saves them" in b.find(".live-dialog").text
    assert not b.find_all(".live-dialog__actions button")
    b.submit_by(b.find("dialog.detail-sheet .detail__done"))
    assert b.status == 200, f"Done answered {b.status} after taking their values"
    assert not b.has_dialog()
    after = item_fields(HTTPClient(seeded_server), key)
    assert (after["name"], after["serialNumber"], after["valueInDollars"]) == ("Their camera 相机", "MINE-1", 321)
    assert after["version"] > before["version"] + 1, "Done saved nothing"


@pytest.mark.seed(3)
@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_dialog_notice_keep_mine_then_done_is_the_409_page(seeded_browser, seeded_server, ann):
    b = seeded_browser
    b.allow_status(409)
    key = HTTPClient(seeded_server).add_item("Lamp", "L1", 40)
    # The dialog's own page, loaded as such (its stream is its own).
    b.open(f"/items/{key}")
    b.set_field("#field-name", "My lamp")
    ann_edits_in_her_dialog(ann, key, {"#field-name": "Their lamp", "#field-serial": "T-9"})

    wait_for_notice(b)
    assert listed_values(b) == {"Name": "Their lamp", "Serial number": "T-9"}
    b.screenshot("keep-mine-notice")
    b.find_all(".live-dialog__actions button")[1].click()
    assert not b.find_all(".live-dialog__notice")
    assert b.active_element_info()["cls"].startswith("detail__done")
    assert field(b, "#field-name") == "My lamp" and field(b, "#field-serial") == "L1"
    b.submit_by(b.find("dialog.detail-sheet .detail__done"))
    assert b.status == 409
    assert b.find_all(".notice--conflict")
    assert item_fields(HTTPClient(seeded_server), key)["name"] == "Their lamp"


@pytest.mark.seed(2)
@pytest.mark.parametrize("size", ["390x844"], indirect=True)
def test_dialog_notice_says_the_item_was_deleted_by_a_member_with_a_hostile_name(seeded_browser, seeded_server):
    b = seeded_browser
    b.allow_status(404)
    # Markup and a replacement pattern in a name are text, nothing else.
    hostile = "<i>$&{0}</i>"
    seeded_server.add_member(hostile, "editor", ANN_PASSWORD)
    them = HTTPClient(seeded_server, seeded_server.sign_in(hostile, ANN_PASSWORD))
    key = HTTPClient(seeded_server).add_item("Vase", "V1", 10)
    b.open(f"/items/{key}")
    status, _, _ = them.post("/items/delete", [("key", key), ("mode", "list")])
    assert status == 303, status
    wait_for_notice(b)
    assert b.find(".live-dialog__text").text == f"{hostile} deleted this item: Done can no longer save it."
    assert not b.find_all(".live-dialog i")
    assert [button.text for button in b.find_all(".live-dialog__actions button")] == ["OK"]
    b.find(".live-dialog__actions button").click()
    assert not b.find_all(".live-dialog__notice")
    assert b.active_element_info()["cls"].startswith("detail__cancel")


@pytest.mark.seed(1)
@pytest.mark.parametrize("size", ["1280x800"], indirect=True)
def test_their_new_location_and_label_are_taken_into_the_form(seeded_browser, seeded_server):
    """A location and a label made with their change are not among this dialog's choices yet:
    Use their values brings them, chosen, and Done keeps them."""
    b = seeded_browser
    seeded_server.add_member("ann", "editor", ANN_PASSWORD)
    ann = HTTPClient(seeded_server, seeded_server.sign_in("ann", ANN_PASSWORD))
    key = HTTPClient(seeded_server).add_item("Drill", "D1", 80)
    b.open(f"/items/{key}")
    assert not b.find_all(".label-choice"), "a label exists already"
    b.set_field("#field-value", "99")
    place_item(ann, key, new_location="Home > Garage", new_labels="Fragile, 易碎")
    wait_for_notice(b)
    assert listed_values(b) == {"Location": "Home › Garage", "Labels": "Fragile, 易碎"}, listed_values(b)
    b.find(".live-dialog__actions button").click()
    chosen = b.js("const s = document.getElementById('field-location'); return s.options[s.selectedIndex].textContent")
    assert chosen == "Home › Garage"
    ticked = b.js("return [...document.querySelectorAll('.label-choice input:checked')].map(i => i.closest('label').textContent.trim())")
    assert sorted(ticked) == ["Fragile", "易碎"], ticked
    assert field(b, "#field-value") == "99"
    b.submit_by(b.find("dialog.detail-sheet .detail__done"))
    assert b.status == 200 and not b.has_dialog()
    places = item_places(HTTPClient(seeded_server), key)
    assert places["location"] == "Home › Garage" and sorted(places["labels"]) == ["Fragile", "易碎"], places
    assert item_fields(HTTPClient(seeded_server), key)["valueInDollars"] == 99


@pytest.fixture
def big_text_browser(request, drivers, seeded_server, size):
    """Chromium with the browser's text at 200 % (32 px), JavaScript on."""
    yield from _browser_fixture(request, drivers, seeded_server, size, big_text=True)


def ann_saves(http: HTTPClient, key: str, fields: list[tuple[str, str]]):
    """Done in Ann's dialog over HTTP: these fields, the item's version as her dialog has it."""
    status, _, body = http.get(f"/items/{key}")
    assert status == 200, status
    version = re.search(rb'name="version" value="(\d+)"', body).group(1).decode()
    status, _, body = http.post(f"/items/{key}", [("version", version)] + fields + [("action", "done")])
    assert status == 303, (status, body[:300])


def check_notice_fits(b, what: str):
    """The notice on screen: nothing wider than the dialog, 44 px buttons, axe-core content in
    light and dark; screenshots of both."""
    b.scroll_into_view(b.find(".live-dialog"))
    b.assert_no_overflow(what)
    for button in b.find_all(".live-dialog__actions button"):
        assert button.size["height"] >= 44 and button.size["width"] >= 44, button.size
    problems = []
    for scheme in ["light", "dark"]:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        problems += [f"axe ({scheme}, {b.size}, {what}): {f}" for f in serious_axe_findings(b)]
        b.scroll_into_view(b.find(".live-dialog"))
        b.screenshot(f"{what}-{scheme}")
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not problems, "\n".join(problems)


@pytest.mark.seed(2)
@pytest.mark.parametrize("size", ["844x390", "390x844"], indirect=True)
def test_dialog_notice_fits_a_phone_either_way_at_200_percent_text_light_and_dark(big_text_browser, seeded_server):
    b = big_text_browser
    seeded_server.add_member("ann", "editor", ANN_PASSWORD)
    ann = HTTPClient(seeded_server, seeded_server.sign_in("ann", ANN_PASSWORD))
    key = HTTPClient(seeded_server).add_item("Desk lamp", "D1", 40)
    b.open(f"/items/{key}")
    b.set_field("#field-serial", "MINE")
    long_note = "Bought at the corner shop; the receipt is in the drawer under the stairs, with the warranty card. " * 3
    ann_saves(ann, key, [("name", "Lampe de bureau articulée, très longue désignation"), ("serialNumber", "D1"), ("value", "1234567"),
                         ("ownershipFields", "1"), ("manufacturer", "Anglepoise"), ("quantity", "1"), ("notes", long_note),
                         ("purchaseDate", "2024-03-05"), ("warranty", "until"), ("warrantyUntil", "2027-03-04"),
                         ("dateRecorded", b.find("#field-date-recorded").get_attribute("value"))])
    wait_for_notice(b)
    values = listed_values(b)
    assert values["Name"] == "Lampe de bureau articulée, très longue désignation"
    assert values["Manufacturer"] == "Anglepoise" and values["Purchase date"] == "Mar 5, 2024", values
    assert values["Notes"].startswith("Bought at the corner shop") and values["Notes"].endswith("…"), values
    assert "Serial number" not in values
    check_notice_fits(b, "notice")
    b.find(".live-dialog__actions button").click()
    assert field(b, "#field-manufacturer") == "Anglepoise" and field(b, "#field-purchase-date") == "2024-03-05"
    assert b.find("#field-notes").get_attribute("value") == long_note.strip() or b.find("#field-notes").get_attribute("value") == long_note
    assert field(b, "#field-serial") == "MINE"
    check_notice_fits(b, "taken")
    b.submit_by(b.find("dialog.detail-sheet .detail__done"))
    assert b.status == 200 and not b.has_dialog()


def wait_row_text(b, key: str, text: str, timeout: float = 10):
    # Read in one script: the row may be replaced between a find and a read (a stale element).
    WebDriverWait(b.driver, timeout).until(lambda d: text in (d.execute_script(
        "const row = document.getElementById(arguments[0]); return row ? row.textContent : ''", f"item-{key}")))


@pytest.mark.seed(6)
@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_select_mode_ticks_stay_when_another_member_adds_and_changes_rows(seeded_browser, seeded_server, ann):
    b = seeded_browser
    b.open("/items?mode=select")
    mark = b.mark_page()
    keys = b.keys()
    for key in (keys[1], keys[3]):
        b.js("arguments[0].click()", b.find(f"#select-{key}"))
    assert b.js("return [...document.querySelectorAll('.item-list input[type=checkbox]:checked')].map(i => i.value)") == [keys[1], keys[3]]

    status, _, body = ann.http.get(f"/items/{keys[1]}")
    version = re.search(rb'name="version" value="(\d+)"', body).group(1).decode()
    status, _, _ = ann.http.post(f"/items/{keys[1]}", [("version", version), ("name", "Renamed by Ann"), ("serialNumber", "R1"),
                                                      ("value", "5"), ("action", "done")])
    assert status == 303
    added = ann.http.add_item("Added by Ann", "A1", 7)
    wait_row_text(b, keys[1], "Renamed by Ann")
    WebDriverWait(b.driver, 10).until(lambda d: d.find_elements("css selector", f"#item-{added}"))
    assert b.page_is_marked(mark), "the list was reloaded"
    checked = b.js("return [...document.querySelectorAll('.item-list input[type=checkbox]:checked')].map(i => i.value)")
    assert checked == [keys[1], keys[3]], checked
    b.check_page("select-kept")


def top_row(b) -> dict:
    """The row under the top of the viewport (below the sticky bar) and where its top is."""
    return b.js("""
        const bar = document.querySelector('.nav-bar');
        const y = (bar ? bar.getBoundingClientRect().bottom : 0) + 8;
        const row = document.elementFromPoint(Math.floor(innerWidth / 2), y).closest('li.item-row[data-key]');
        return row && {key: row.dataset.key, top: row.getBoundingClientRect().top};""")


@pytest.mark.seed(40)
@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_list_keeps_its_scroll_position_when_rows_above_change(seeded_browser, seeded_server, ann):
    b = seeded_browser
    b.open("/items")
    mark = b.mark_page()
    keys = b.keys()
    b.js("arguments[0].scrollIntoView({block: 'start'})", b.row(keys[20]))
    b.js("window.scrollBy(0, -30)")
    time.sleep(0.3)
    before = top_row(b)
    assert before and before["key"] in keys[15:25], before

    # Above it: a row renamed to a name long enough to wrap, and a row moved to the top.
    status, _, body = ann.http.get(f"/items/{keys[2]}")
    version = re.search(rb'name="version" value="(\d+)"', body).group(1).decode()
    long_name = "A much longer name that wraps onto more lines than one " * 3
    status, _, _ = ann.http.post(f"/items/{keys[2]}", [("version", version), ("name", long_name.strip()), ("serialNumber", "S"),
                                                      ("value", "1"), ("action", "done")])
    assert status == 303
    status, _, _ = ann.http.post(f"/items/{keys[35]}/move", [("position", "1")])
    assert status == 303, status
    wait_row_text(b, keys[2], "A much longer name")
    WebDriverWait(b.driver, 10).until(lambda d: d.execute_script(
        "return document.querySelector('.item-list .item-row[data-key]').dataset.key") == keys[35])
    time.sleep(0.3)
    assert b.page_is_marked(mark)
    after = top_row(b)
    assert after["key"] == before["key"], (before, after)
    assert abs(after["top"] - before["top"]) <= 4, (before, after)


@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_a_page_without_javascript_is_left_alone(nojs_browser, server):
    b = nojs_browser
    owner = HTTPClient(server)
    owner.add_item("Kettle", "K1", 20)
    server.add_member("ann", "editor", ANN_PASSWORD)
    ann = HTTPClient(server, server.sign_in("ann", ANN_PASSWORD))
    b.open("/items")
    assert b.names() == ["Kettle"]
    ann.add_item("Toaster", "T1", 30)
    time.sleep(1.5)  # far longer than a live page takes
    assert b.names() == ["Kettle"], "the page changed without JavaScript"
    assert not b.find_all(".live-notice")
    b.open("/items")
    assert b.names() == ["Kettle", "Toaster"]


class EventStream:
    """/events read over a plain socket, as an EventSource reads it."""

    def __init__(self, server, cookies: dict[str, str], last_event_id: str | None = None):
        parts = urllib.parse.urlsplit(server.url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        headers = {"Accept": "text/event-stream", "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", "/events", headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        assert self.response.getheader("Content-Type").startswith("text/event-stream")

    def next_event(self) -> dict:
        """The next event (comments and heartbeats skipped): {"event", "id", "data"}."""
        event: dict = {}
        while True:
            line = self.response.fp.readline()
            if not line:
                raise EOFError("the stream ended")
            line = line.decode().rstrip("\r\n")
            if line == "":
                if "data" in event:
                    return event
                event = {}
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            event[name] = value[1:] if value.startswith(" ") else value

    def close(self):
        self.connection.close()


def test_last_event_id_replays_what_a_reconnecting_page_missed(seeded_server):
    server = seeded_server
    server.add_member("ann", "editor", ANN_PASSWORD)
    ann = HTTPClient(server, server.sign_in("ann", ANN_PASSWORD))
    first = EventStream(server, server.cookies)
    seen_key = ann.add_item("Seen", "S1", 1)
    seen = first.next_event()
    first.close()
    assert seen["event"] == "change" and seen_key in json.loads(seen["data"])["items"]

    # Disconnected: two more writes.
    missed_key = ann.add_item("Missed", "M1", 2)
    ann.post("/items/delete", [("key", seen_key), ("mode", "list")])

    again = EventStream(server, server.cookies, last_event_id=seen["id"])
    replayed = [again.next_event(), again.next_event()]
    again.close()
    run, _, revision = seen["id"].rpartition("-")
    ids = [event["id"] for event in replayed]
    assert all(event_id.startswith(run + "-") for event_id in ids), ids
    assert [int(event_id.rpartition("-")[2]) for event_id in ids] == sorted(int(i.rpartition("-")[2]) for i in ids)
    assert int(ids[0].rpartition("-")[2]) > int(revision), "an event already seen was sent again"
    data = [json.loads(event["data"]) for event in replayed]
    assert missed_key in data[0]["items"] and data[0]["message"] == "ann added Missed"
    assert seen_key in data[1]["items"] and data[1]["message"] == "ann deleted Seen"
    assert not any(event.get("mine") for event in data)

    # An id this run never gave: the page is told to read itself again.
    stale = EventStream(server, server.cookies, last_event_id="not-this-run-7")
    assert stale.next_event()["event"] == "reload"
    stale.close()
