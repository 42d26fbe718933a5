"""Records (issue 12): search, sort and filter in the URL; Undo after a delete; Recently
Deleted with Restore and Delete now; the item's history in its sheet. At phone and desktop
sizes, with JavaScript on and off."""

from __future__ import annotations

import re
import urllib.parse

import pytest

from conftest import WebDriverWait

phone_and_desktop = pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)

HOSTILE_QUERIES = ['"', '"ear', "ear*", "NEAR(a b)", "-ear", "%", "_", "'; DROP TABLE items; --", "a OR b", "熊"]


def edit_item(http, key: str, **changes) -> None:
    """Opens the item's page, as a browser without JS would, and submits Done with changes."""
    status, _, page = http.get(f"/items/{key}")
    assert status == 200, status
    text = page.decode()

    def field(name):
        match = re.search(rf'name="{name}"[^>]*value="([^"]*)"', text) or re.search(
            rf'value="([^"]*)"[^>]*name="{name}"', text
        )
        return match.group(1) if match else ""

    fields = {
        "name": field("name"),
        "serialNumber": field("serialNumber"),
        "value": field("value"),
        "version": field("version"),
    }
    fields.update({k: str(v) for k, v in changes.items()})
    status, _, body = http.post(f"/items/{key}", list(fields.items()) + [("action", "done")])
    assert status == 303, f"Done answered {status}: {body[:300]!r}"


def search(b, query: str):
    field = b.find("#search-q")
    field.clear()
    field.send_keys(query)
    if not b.javascript:
        b.submit_by(b.find(".search__submit"))
        return
    # With JavaScript the list follows in place (issue 22, point 5): no new page, the URL
    # kept in step once the rows are swapped.
    b.find(".search__submit").click()
    WebDriverWait(b.driver, 10).until(lambda d: query_of(b).get("q") == [query])


def query_of(b) -> dict:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(b.driver.current_url).query)


def check_search_sort_filter(b, http):
    keys = {
        "bear": http.add_item("Shiny Bear", "BR-1", 20),
        "camera": http.add_item("Camera", "4F7X2", 450),
        "lamp": http.add_item("Lamp", "LP-9", 60),
        "chinese": http.add_item("熊猫 玩具", "ZH-1", 5),
    }
    b.open("/items")
    search(b, "ear")
    assert b.keys() == [keys["bear"]], b.names()
    assert query_of(b).get("q") == ["ear"], "the search is not in the URL"
    assert b.find("#search-q").get_attribute("value") == "ear"
    b.check_page("search-ear")

    search(b, "4F7")
    assert b.keys() == [keys["camera"]], "a search by serial found nothing"

    search(b, "熊猫")
    assert b.keys() == [keys["chinese"]]

    # Operators and quotes a person may type are text, never an error page.
    for query in HOSTILE_QUERIES:
        search(b, query)
        assert b.find_all("#search-q"), f"searching {query!r} left the list"
        assert "Something went wrong" not in b.driver.page_source

    search(b, "zzzz")
    assert b.rows() == []
    empty = b.find(".empty")
    assert "No items match" in empty.text
    b.check_page("no-matches")
    b.submit_by(b.find(".empty a"))
    assert len(b.rows()) == 4, "Clear search does not show every item again"

    # Sort and filters are a GET form too: the state lives in the URL, and Back restores it.
    b.open("/items?sort=value-desc")
    assert b.keys() == [keys["camera"], keys["lamp"], keys["bear"], keys["chinese"]]
    assert b.find(".search__select").get_attribute("value") == "value-desc"
    b.open("/items?sort=value-desc&valuable=1")
    assert b.keys() == [keys["camera"], keys["lamp"]], "High value shows items under $50"
    b.check_page("sorted-filtered")
    b.open("/items?sort=name")
    assert b.names() == sorted(b.names())
    b.driver.back()
    b.wait_ready()
    assert b.keys() == [keys["camera"], keys["lamp"]], "Back did not bring the filtered list back"

    # Reordering applies to your own order only, and the page says so.
    b.open("/items?sort=name&mode=edit")
    assert "your own order" in b.find(".content").text.lower()
    assert not b.find_all(".item-row__handle"), "rows can be reordered in a sorted view"


@phone_and_desktop
def test_search_sort_and_filter(browser, http):
    check_search_sort_filter(browser, http)


@phone_and_desktop
def test_nojs_search_sort_and_filter(nojs_browser, http):
    check_search_sort_filter(nojs_browser, http)


def delete_in_edit_mode(b, key):
    b.open("/items?mode=edit")
    ask = b.find(".item-row__delete", b.row(key))
    b.scroll_into_view(ask)
    if b.javascript:
        ask.click()
    else:
        b.submit_by(ask)
    b.submit_by(b.find(".item-row__confirm button.button--danger", b.row(key)))


def check_delete_then_undo(b, http):
    keys = [http.add_item(name, "", value, photo=photo) for name, value, photo in
            (("Lamp", 5, None), ("Sofa", 900, http_png()), ("Rug", 40, None))]
    _, photo_before = http.photo(keys[1])
    delete_in_edit_mode(b, keys[1])
    assert b.keys() == [keys[0], keys[2]]
    assert "Deleted Sofa." in b.flash()
    assert b.driver.title.startswith("Deleted Sofa."), "the message is not in the title"
    b.check_page("deleted-with-undo")
    undo = b.find(".flash__undo button")
    assert undo.text.strip() == "Undo"
    b.submit_by(undo)
    assert b.keys() == keys, "Undo did not put the item back at its position"
    assert "Restored Sofa." in b.flash()
    status, photo_after = http.photo(keys[1])
    assert status == 200 and photo_after == photo_before, "the photo came back different"
    b.check_page("after-undo")


def http_png():
    from conftest import make_png
    return make_png(40, 30, (200, 60, 60))


@phone_and_desktop
def test_delete_then_undo(browser, http):
    check_delete_then_undo(browser, http)


@phone_and_desktop
def test_nojs_delete_then_undo(nojs_browser, http):
    check_delete_then_undo(nojs_browser, http)


def check_recently_deleted(b, http):
    keys = {name: http.add_item(name, "", 10) for name in ("Lamp", "Sofa", "Rug", "Desk")}
    # A bulk delete (two items), then one more.
    b.open("/items?mode=select")
    for name in ("Sofa", "Rug"):
        box = b.find(".item-row__select input", b.row(keys[name]))
        b.scroll_into_view(box)
        box.click()
    b.submit_by(b.find(".select-bar__delete"))
    b.submit_by(b.find(".confirm__actions button.button--danger"))
    assert "Deleted 2 items." in b.flash()
    assert b.keys() == [keys["Lamp"], keys["Desk"]]

    link = b.find(".summary__deleted")
    assert "(2)" in link.text
    b.submit_by(link)
    assert b.path.startswith("/deleted")
    names = [el.text for el in b.find_all(".deleted-row__name")]
    assert sorted(names) == ["Rug", "Sofa"], names
    b.check_page("recently-deleted")

    # Restore one: it is back at its old place.
    restore = b.find(f"#deleted-{keys['Sofa']} button.button--primary")
    b.submit_by(restore)
    assert "Restored Sofa." in b.flash()
    b.open("/items")
    assert b.keys() == [keys["Lamp"], keys["Sofa"], keys["Desk"]]

    # Delete now asks first, then removes it for good.
    b.open("/deleted")
    b.submit_by(b.find(f"#deleted-{keys['Rug']} .button--quiet-danger"))
    confirm = b.find(f"#deleted-{keys['Rug']} .deleted-row__confirm")
    assert "cannot be undone" in confirm.text, confirm.text
    b.check_page("delete-now-confirm")
    b.submit_by(b.find("button.button--danger", confirm))
    assert "Deleted Rug for good." in b.flash()
    assert not b.find_all(".deleted-row"), "the item is still in Recently Deleted"
    assert "Nothing was deleted" in b.find(".empty").text
    assert http.photo(keys["Rug"])[0] == 404


@phone_and_desktop
def test_recently_deleted_restore_and_delete_now(browser, http):
    check_recently_deleted(browser, http)


@phone_and_desktop
def test_nojs_recently_deleted(nojs_browser, http):
    check_recently_deleted(nojs_browser, http)


def check_history(b, http):
    key = http.add_item("Bike", "B-1", 100)
    edit_item(http, key, name="Road bike")
    edit_item(http, key, value="250")
    http.add_item("Helmet", "", 30)
    status, _, _ = http.post(f"/items/{key}/move", [("position", "2"), ("mode", "edit")])
    assert status == 303, status
    b.open(f"/items/{key}")
    history = b.find(".history")
    entries = [el.text for el in b.find_all(".history__entry", history)]
    assert len(entries) >= 4, entries
    assert "Moved from position 1 to 2" in entries[0], entries
    assert "Value changed from $100 to $250" in entries[1], entries
    assert "Name changed from “Bike” to “Road bike”" in entries[2], entries
    assert "Added" in entries[-1]
    assert all("owner" in e for e in entries), "the history does not name the member"
    b.check_page("history-in-sheet")


@phone_and_desktop
def test_history_in_the_sheet(browser, http):
    check_history(browser, http)


@phone_and_desktop
def test_nojs_history_in_the_sheet(nojs_browser, http):
    check_history(nojs_browser, http)
