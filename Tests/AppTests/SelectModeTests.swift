import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// Issue 22 point 6 without JavaScript: Select mode in the URL, its bar with nothing selected,
/// Move to… for a selection, and the Delete of an item's dialog.
@Suite("Select mode and the dialog's Delete over HTTP")
struct SelectModeTests {
    @Test("Edit mode has the minus and the handle, Select mode the circles and its bar")
    func modesApart() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp")
            let key = item.key.uuidString.lowercased()
            let edit = try browser.get("/items?mode=edit")
            #expect(edit.body.contains("class=\"item-row__delete\""))
            #expect(!edit.body.contains("type=\"checkbox\" id=\"select-\(key)\""))
            #expect(!edit.body.contains("select-bar"))
            let select = try browser.get("/items?mode=select")
            #expect(select.body.contains("type=\"checkbox\" id=\"select-\(key)\""))
            #expect(select.body.contains("class=\"select-bar\""))
            #expect(!select.body.contains("class=\"item-row__delete\""))
            #expect(!select.body.contains("item-row__handle"))
            // The row is the checkbox's label: a tap anywhere selects it, no link to the dialog.
            #expect(select.body.contains("<label class=\"item-row__cell item-cell\" for=\"select-\(key)\">"))
            #expect(try browser.get("/items").body.contains("href=\"/items?mode&#61;select\""))
        }
    }

    @Test("Delete selected or Move to… with nothing selected is the list in Select mode, saying so by the bar")
    func nothingSelected() throws {
        try withApp { browser, app in
            _ = try app.seedItem(name: "Lamp")
            for (path, message) in [("/items/delete?mode=select&sort=name", "Select the items to delete first."),
                                    ("/items/move-selected?mode=select&sort=name", "Select the items to move first.")] {
                let asked = try browser.get(path)
                #expect(asked.status == 303)
                let location = try #require(asked.location)
                #expect(location.hasPrefix("/items?mode=select") && location.contains("sort=name"))
                let page = try browser.get(location)
                #expect(page.status == 200)
                #expect(page.text.contains(message))
                #expect(!page.text.contains("No items were selected"))
            }
            let posted = try browser.post("/items/move-selected", ["position": "1"])
            #expect(posted.status == 303)
            #expect(posted.location?.contains("none=move") == true)
        }
    }

    @Test("Move to… puts the selection together at the position typed; a bad position is a 422")
    func moveSelected() throws {
        try withApp { browser, app in
            let items = try ["a", "b", "c", "d", "e"].map { try app.seedItem(name: $0) }
            let keys = [items[3], items[1]].map { $0.key.uuidString.lowercased() }
            let page = try browser.get("/items/move-selected?key=\(keys[0])&key=\(keys[1])")
            #expect(page.status == 200)
            #expect(page.text.contains("Move 2 items") && page.body.contains("max=\"4\""))
            for bad in ["0", "5", "-1", "x", "9999999999999999999999"] {
                let refused = try browser.post("/items/move-selected", [("key", keys[0]), ("key", keys[1]), ("position", bad)])
                #expect(refused.status == 422)
                #expect(refused.text.contains("Enter a position from 1 to 4."))
            }
            #expect(try app.store.allItems().map(\.name) == ["a", "b", "c", "d", "e"])
            let moved = try browser.post("/items/move-selected", [("key", keys[0]), ("key", keys[1]), ("position", "1")])
            #expect(moved.status == 303)
            #expect(try app.store.allItems().map(\.name) == ["b", "d", "a", "c", "e"])
            let after = try browser.get(try #require(moved.location))
            #expect(after.text.contains("Moved 2 items to position 1."))
            let gone = try browser.post("/items/move-selected", [("key", keys[0]), ("key", UUID().uuidString), ("position", "1")])
            #expect(gone.status == 404)
            #expect(try browser.post("/items/move-selected", [("key", "not-a-key"), ("position", "1")]).status == 400)
        }
    }

    @Test("The dialog's Delete asks on the confirmation page, Keep goes back to the dialog, Delete offers Undo")
    func dialogDelete() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Guitar")
            let key = item.key.uuidString.lowercased()
            let dialog = try browser.get("/items/\(key)?sort=name")
            let href = "/items/delete?key&#61;\(key)&amp;from&#61;item&amp;sort&#61;name"
            #expect(dialog.body.contains("class=\"detail__delete button button--delete-ask\" href=\"\(href)\""))
            let confirm = try browser.get("/items/delete?key=\(key)&from=item&sort=name")
            #expect(confirm.status == 200 && confirm.text.contains("Guitar"))
            #expect(confirm.body.contains("href=\"/items/\(key)?sort&#61;name\""))
            #expect(confirm.body.contains("name=\"mode\" value=\"list\""))
            let deleted = try browser.post("/items/delete", [("key", key), ("mode", "list"), ("sort", "name")])
            #expect(deleted.status == 303)
            let location = try #require(deleted.location)
            #expect(!location.contains("mode=") && location.contains("sort=name"))
            #expect(try app.store.item(key: item.key) == nil)
            let list = try browser.get(location)
            #expect(list.text.contains("Deleted Guitar.") && list.body.contains("action=\"/items/restore\""))
        }
    }
}
