/// The flows of the app as a browser walks them (Templates/items/*.mustache and
/// Sources/App/Controllers): every form is found on the page it is submitted from and
/// sent back with the hidden fields it carries (`_csrf`, `version`, `page`, …), so a
/// change of the CSRF scheme or a new hidden field needs no change here.
///
/// Redirects are followed only where the flow needs the next page (Add → the draft's
/// dialog); a 303 after a POST is the success, and the next action starts afresh.
extension VirtualUser {
    func perform(_ action: Action) {
        switch action {
        case .list: if showList(editing: false, page: somePage()) != nil { completed("list") }
        case .editMode: if showList(editing: true, page: somePage()) != nil { completed("edit mode") }
        case .detail: if openDetail() != nil { completed("detail") }
        case .photo: viewPhoto()
        case .addOrDelete: if ownItem == nil { addItem() } else { deleteOwnItem() }
        case .edit: editItem()
        case .move: moveItem()
        }
    }

    /// Page 1 mostly; page 2 a quarter of the time (the server shows the last page when
    /// there are fewer, as a stale link would).
    private func somePage() -> Int {
        Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1
    }

    /// `GET /items[?mode=edit][&page=N]`; remembers the page's item keys.
    @discardableResult
    func showList(editing: Bool, page: Int) -> HTMLPage? {
        var parameters: [String] = []
        if editing { parameters.append("mode=edit") }
        if page > 1 { parameters.append("page=\(page)") }
        let path = "/items" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        guard let response = request(editing ? .editMode : .list, "GET", path, success: [200]),
              response.status == 200 else { return nil }
        let html = HTMLPage(bytes: response.body)
        lastList = (page, html.attributeValues("data-key"))
        screen = Screen(page: html, kind: editing ? .editMode : .list)
        return html
    }

    /// A row of the list page read last, with that page's number (reading the list first if none was).
    private func someKey() -> (key: String, page: Int)? {
        if lastList.keys.isEmpty { showList(editing: false, page: 1) }
        guard let key = lastList.keys.randomElement(using: &random) else { return nil }
        return (key, lastList.page)
    }

    private func forget(_ key: String) {
        lastList.keys.removeAll { $0 == key }
    }

    /// `GET /items/:key` — a row's link: the detail dialog over the list.
    @discardableResult
    func openDetail() -> HTMLPage? {
        guard let (key, page) = someKey() else { return nil }
        let path = "/items/\(key)" + (page > 1 ? "?page=\(page)" : "")
        let response = request(.detail, "GET", path, success: [200], expected: [404: "deleted by its owner after the list was read"])
        guard let response, response.status == 200 else {
            if response?.status == 404 { forget(key) }
            return nil
        }
        let html = HTMLPage(bytes: response.body)
        screen = Screen(page: html, kind: .dialog)
        return html
    }

    /// `GET /items/:key/photo?v=…` of an item that has a photo.
    private func viewPhoto() {
        guard let url = photoURLs.randomElement(using: &random) else { return }
        guard let response = request(.photo, "GET", url, success: [200]), response.status == 200 else { return }
        guard response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            flowError(.photo, "not the PNG uploaded", example: url)
            return
        }
        completed("photo")
    }

    /// The dialog's form and its Done button (`name=action value=done`).
    func dialogForm(in page: HTMLPage, route: Route) -> (form: HTMLForm, done: HTMLPage.Tag)? {
        for form in page.forms() where form.isPost {
            if let done = form.buttons.first(where: { $0["name"] == "action" && $0["value"] == "done" }) {
                return (form, done)
            }
        }
        flowError(route, "no dialog form with a Done button")
        return nil
    }

    /// Add (+) on the list on screen → 303 to the draft's (empty) dialog → GET it → the fields
    /// typed → Done → 303. (With a dialog open the list behind it is inert, so that needs the
    /// list first.)
    private func addItem() {
        let onScreen = screen.flatMap { $0.kind == .dialog ? nil : $0.page }
        guard let page = onScreen ?? showList(editing: false, page: 1) else { return }
        guard let add = page.forms().first(where: { $0.isPost && $0.action == "/items" }) else {
            flowError(.add, "no Add form on the page")
            return
        }
        screen = nil
        guard let created = request(.add, "POST", add.action, form: add.submission(), success: [303]),
              created.status == 303 else { return }
        guard let draftURL = created.location, draftURL.hasPrefix("/drafts/") else {
            flowError(.add, "Add did not redirect to a draft", example: created.location ?? "no Location")
            return
        }
        guard let shown = request(.draft, "GET", draftURL, success: [200]), shown.status == 200,
              let (form, done) = dialogForm(in: HTMLPage(bytes: shown.body), route: .draft) else { return }
        let typed = [
            "name": ["Camera", "Kettle", "Bicycle", "Lamp", "Poäng armchair", "数码相机"].randomElement(using: &random)!,
            "serialNumber": "SN-\(Int.random(in: 1000...9999, using: &random))",
            "value": String(Int.random(in: 0...500, using: &random)),
        ]
        guard let saved = request(.draftDone, "POST", form.action, form: form.submission(clicking: done, changes: typed), success: [303]),
              saved.status == 303 else { return }
        let landing = Self.queryItems(saved.location ?? "")
        guard let key = landing["focus"] else {
            flowError(.draftDone, "Done's redirect names no item", example: saved.location ?? "no Location")
            return
        }
        ownItem = (key, landing["page"].flatMap { Int($0) } ?? 1)
        completed("add→Done")
    }

    /// Opens an item's dialog, changes its value (and sometimes its name), Done → 303;
    /// 409 when another user saved it since the dialog opened.
    private func editItem() {
        guard let page = openDetail(), let (form, done) = dialogForm(in: page, route: .detail) else { return }
        var changes = ["value": String(Int.random(in: 0...120, using: &random))]
        if Int.random(in: 0..<5, using: &random) == 0 {
            let adjectives = ["Fluffy", "Rusty", "Shiny"], nouns = ["Bear", "Spark", "Mac"]
            changes["name"] = "\(adjectives.randomElement(using: &random)!) \(nouns.randomElement(using: &random)!)"
        }
        screen = nil
        let response = request(
            .itemDone, "POST", form.action, form: form.submission(clicking: done, changes: changes), success: [303],
            expected: [409: "saved by another user since the dialog opened", 404: "deleted by its owner since the dialog opened"])
        if response?.status == 303 { completed("edit→Done") }
    }

    /// In edit mode, ↑ or ↓ on a row, or "move to position" with a position that always exists.
    private func moveItem() {
        let page: HTMLPage
        if let screen, screen.kind == .editMode {
            page = screen.page
        } else {
            guard let shown = showList(editing: true, page: somePage()) else { return }
            page = shown
        }
        // ↑/↓ are buttons of the shared `row-actions` form, each with its row's `formaction`;
        // "Move to…" is the row handle's page, with a position field.
        let arrows = (page.forms().first { $0.id == "row-actions" }?.buttons ?? []).filter {
            $0["name"] == "direction" && !$0.has("disabled") && ($0["formaction"] ?? "").hasSuffix("/move")
        }
        let rowActions = page.forms().first { $0.id == "row-actions" }
        let submission: FormSubmission
        if Int.random(in: 0..<5, using: &random) < 3, let rowActions, let arrow = arrows.randomElement(using: &random) {
            submission = rowActions.submission(clicking: arrow)
        } else if let key = lastList.keys.randomElement(using: &random) {
            guard let shown = request(.movePage, "GET", "/items/\(key)/move", success: [200],
                                      expected: [404: "deleted by its owner since edit mode was read"]),
                  shown.status == 200 else { return }
            guard let form = HTMLPage(bytes: shown.body).forms().first(where: { $0.control(named: "position") != nil }) else {
                flowError(.movePage, "the Move page has no position field")
                return
            }
            let count = form.control(named: "position")?["max"].flatMap { Int($0) } ?? stableCount
            let position = Int.random(in: 1...max(1, min(count, stableCount)), using: &random)
            submission = form.submission(clicking: form.buttons.first, changes: ["position": String(position)])
        } else {
            flowError(.editMode, "no rows to move in edit mode")
            return
        }
        screen = nil
        let response = request(
            .move, "POST", submission.action, form: submission, success: [303],
            expected: [404: "deleted by its owner since edit mode was read", 422: "moved by another user: the row's ↑/↓ no longer fit"])
        if response?.status == 303 { completed("move") }
    }

    /// In edit mode, "Delete…" on the row of the item this user added → the row's
    /// confirmation → Delete → 303. Looks on other pages if the item was moved.
    private func deleteOwnItem() {
        guard let (key, landedOn) = ownItem else { return }
        screen = nil
        let pages = [landedOn] + [1, 2, 3].filter { $0 != landedOn }
        for page in pages {
            let path = "/items?mode=edit" + (page > 1 ? "&page=\(page)" : "") + "&confirm=\(key)"
            guard let shown = request(.confirmDelete, "GET", path, success: [200]), shown.status == 200 else { return }
            let confirm = HTMLPage(bytes: shown.body).forms().first { form in
                form.isPost && form.action == "/items/delete" && form.control(named: "key")?["value"] == key
            }
            guard let confirm else { continue }
            guard let deleted = request(.delete, "POST", confirm.action, form: confirm.submission(), success: [303]),
                  deleted.status == 303 else { return }
            ownItem = nil
            forget(key)
            completed("delete")
            return
        }
        // Not on any page: either other users' moves carried the row across a page
        // boundary between the reads (try again next time), or an item whose Done was
        // acknowledged is gone — nobody else deletes it, so a 404 here is an error.
        let example = "\(key), looked on pages \(pages.map(String.init).joined(separator: ", "))"
        guard let check = request(.detail, "GET", "/items/\(key)", success: [200]) else { return }
        if check.status == 200 {
            flowExpected(.confirmDelete, "row moved across a page boundary while the user looked for it", example: example)
        } else {
            flowError(.confirmDelete, "the item this user added (Done → 303) is gone", example: example)
            ownItem = nil
        }
    }

    /// The query of a URL as name → value (no percent-decoding: the app's keys and numbers need none).
    static func queryItems(_ url: String) -> [String: String] {
        guard let question = url.firstIndex(of: "?") else { return [:] }
        var items: [String: String] = [:]
        for pair in url[url.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            items[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return items
    }
}
