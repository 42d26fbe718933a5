"""Issue 25 point 4 in a real browser: a list open on one phone hears of another member's
change over /events and updates in place — the new row, the count and total, a notice saying
who did what — without reloading, and keeps the focused row focused."""
import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import HTTPClient

ANN_PASSWORD = "ann-live-password-2026"


@pytest.mark.seed(3)
@pytest.mark.parametrize("size", ["390x844", "1280x800"], indirect=True)
def test_list_updates_in_place_when_another_member_adds_and_edits(seeded_browser, seeded_server):
    b = seeded_browser
    seeded_server.add_member("ann", "editor", ANN_PASSWORD)
    ann = HTTPClient(seeded_server, seeded_server.sign_in("ann", ANN_PASSWORD))
    b.open("/items")
    mark = b.mark_page()
    first = b.find("li.item-row[id] a.item-cell")
    first_row = first.find_element("xpath", "./ancestor::li[1]").get_attribute("id")
    b.js("arguments[0].focus()", first)
    summary = b.find("footer.summary .summary__text").text
    assert summary.startswith("3 items")

    key = ann.add_item("Digital camera 数码相机", "DC1", 120)
    WebDriverWait(b.driver, 10).until(lambda d: d.find_elements("css selector", f"#item-{key}"))
    WebDriverWait(b.driver, 5).until(lambda d: d.find_element("css selector", ".live-notice").is_displayed())
    assert b.find(".live-notice").text == "ann added Digital camera 数码相机"
    assert b.find(".live-notice").get_attribute("role") == "status"
    WebDriverWait(b.driver, 5).until(lambda d: d.find_element("css selector", "footer.summary .summary__text").text.startswith("4 items"))
    assert b.page_is_marked(mark), "the list was reloaded instead of updated in place"
    assert b.js("return document.activeElement.closest('li') && document.activeElement.closest('li').id") == first_row
    b.screenshot("live-added")

    # Ann renames it: the row changes in place, and the notice says so.
    status, _, body = ann.get(f"/items/{key}")
    assert status == 200
    version = __import__("re").search(rb'name="version" value="(\d+)"', body).group(1).decode()
    status, headers, _ = ann.post(f"/items/{key}", [("version", version), ("name", "Camera"), ("serialNumber", "DC1"),
                                                    ("value", "120"), ("action", "done")])
    assert status == 303, status
    WebDriverWait(b.driver, 10).until(lambda d: "Camera" in d.find_element("css selector", f"#item-{key}").text
                                      and "数码" not in d.find_element("css selector", f"#item-{key}").text)
    WebDriverWait(b.driver, 5).until(lambda d: d.find_element("css selector", ".live-notice").text == "ann changed Camera")
    assert b.page_is_marked(mark)
