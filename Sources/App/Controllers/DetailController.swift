import Foundation
import HTTP
import Mustache
import Storage

/// The modal detail dialog: open it for an item or a draft, Done, Cancel, and the
/// photo's camera button and Remove photo, all rolled back by Cancel (DESIGN.md).
struct DetailController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    private var detailView: DetailView { DetailView(formatters: renderer.formatters) }

    /// `GET /items/:key` — the dialog for an existing item, over the list.
    func showItem(_ request: HTTPRequest) throws -> HTTPResponse {
        // The same sheet for every member of a role, kept with the list's page. Its key (and
        // so the revision) is taken before the item is read, never after.
        let context = renderer.context(for: request)
        let listView = ItemListView(store: store, renderer: renderer)
        guard var key = try listView.sharedPageKey(for: listState(request), context: context) else {
            return try render(.item(try existingItem(request)), request: request)
        }
        key.sheet = (request.parameter("key") ?? "") + "?" + (request.query("history") ?? "")
        let member = try listView.member(for: listState(request), context: context)
        // An unknown item throws 404 from `values`, before anything is kept.
        return try renderer.render("items/list", sharedAs: key, context: context, member: member) {
            try values(.item(try existingItem(request)), request: request, context: context)
        }
    }

    /// `GET /drafts/:id` — the dialog for a draft (a new item, or an edit with a changed photo).
    func showDraft(_ request: HTTPRequest) throws -> HTTPResponse {
        try render(.draft(try existingDraft(request)), request: request)
    }

    /// `POST /items/:key` — Done, Upload or Remove photo from an item's dialog.
    ///
    /// Done with nothing but fields commits at once; a photo change first turns the
    /// edit into a draft, so that Cancel can still roll it back.
    func submitItem(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let item = try existingItem(request)
        let fields = ItemForm(form)
        guard let expected = form["version"].flatMap({ Int($0) }) else {
            throw HTTPError(.badRequest, "The form has no item version.")
        }
        let clean: ItemForm.Clean
        // Done with a photo chosen goes through a draft, which keeps the photo if the name is missing.
        switch fields.validate(requiresName: Self.action(of: form) == "done" && form.file("photo") == nil && !Self.carriesDocument(form)) {
        case .success(let values): clean = values
        case .failure(let failure):
            return try render(.item(item), form: fields, errors: failure.errors, request: request, status: .unprocessableContent)
        }
        if let errors = try placeErrors(fields) {
            return try render(.item(item), form: fields, errors: errors, request: request, status: .unprocessableContent)
        }
        if item.version != expected {
            return try render(.item(item), form: fields, conflict: item, request: request, status: .conflict)
        }
        if Self.action(of: form) == "done", form.file("photo") == nil, !Self.carriesDocument(form) {
            // Nothing but fields: saved at once, one transaction, no draft to roll back.
            let saved: Item
            do {
                saved = try store.saveItem(key: item.key, fields: values(clean, storedDate: item.dateCreated), placement: try placement(from: fields.places),
                                           expectedVersion: expected, actor: request.actor)
            } catch StoreError.conflict(let current) {
                return try render(.item(current), form: fields, conflict: current, request: request, status: .conflict)
            } catch let error as StoreError {
                guard let errors = Self.placeErrors(error) ?? Self.ownershipErrors(error) else { throw error }
                return try render(.item(item), form: fields, errors: errors, request: request, status: .unprocessableContent)
            }
            return try done(saved, isNew: false, request: request, rounded: clean.valueWasRounded)
        }
        let draft = try store.beginEditDraft(key: item.key)
        return try apply(form, fields: fields, clean: clean, to: draft, expectedVersion: expected, request: request)
    }

    /// `POST /drafts/:id` — Done, Upload or Remove photo from a draft's dialog.
    func submitDraft(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let draft = try existingDraft(request)
        if Self.action(of: form) == "random" {
            // The tutorial's random item, in place of whatever was typed; the photo stays.
            _ = try store.fillDraftRandomly(id: draft.id)
            return .redirect(to: "/drafts/\(draft.id.lowercasedString)" + listState(request).stateQuery)
        }
        let fields = ItemForm(form)
        let clean: ItemForm.Clean
        // The name is required by Done only; with a photo sent along, once the photo is kept.
        switch fields.validate(requiresName: Self.action(of: form) == "done" && form.file("photo") == nil && !Self.carriesDocument(form)) {
        case .success(let values): clean = values
        case .failure(var failure):
            if failure.errors.name == "errorNameRequired", draft.isNew, draft.photoETag == nil, fields.isBlank {
                failure.errors.name = "errorNewItemUntouched"  // never a blank item, and say what Done needs
            }
            return try render(.draft(draft), form: fields, errors: failure.errors, request: request, status: .unprocessableContent)
        }
        if let errors = try placeErrors(fields) {
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unprocessableContent)
        }
        let expected = draft.isNew ? nil : (form["version"].flatMap { Int($0) } ?? draft.baseVersion)
        return try apply(form, fields: fields, clean: clean, to: draft, expectedVersion: expected, request: request)
    }

    /// `POST /drafts/:id/cancel` — rolls the draft back; the store is as before it began.
    func cancelDraft(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var landing = listState(request)
        if let text = request.parameter("id"), let id = UUID(uuidString: text), let draft = try store.draft(id: id) {
            try store.cancelDraft(id: id)
            if !draft.isNew { landing.focusKey = draft.itemKey.lowercasedString }
        }
        // A draft already gone (cancelled in another tab, or purged) needs no rollback.
        return context.redirect(to: landing.url, flash: context.text("flashCancelled"))
    }

    /// `POST /items/:key/cancel` — closes an item's dialog that never became a draft.
    func cancelItem(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var landing = listState(request)
        landing.focusKey = request.parameter("key")?.lowercased()
        return context.redirect(to: landing.url, flash: context.text("flashCancelled"))
    }

    // MARK: - Applying a submission

    private func apply(
        _ form: SubmittedForm, fields: ItemForm, clean: ItemForm.Clean, to draft: Draft, expectedVersion: Int?, request: HTTPRequest
    ) throws -> HTTPResponse {
        let action = Self.action(of: form)
        var errors = ItemForm.Errors()
        var draft = draft
        do {
            let files = form.files("photo")
            if !files.isEmpty {
                // Each is read from the spool file only when its turn comes.
                draft = try store.addDraftPhotos(id: draft.id, loading: files.map { file in { try file.body.bytes() } })
            } else if action == "upload" {
                errors.photo = "errorPhotoMissing"
            }
            draft = try applyPhotoAction(action, form: form, to: draft)
        } catch StoreError.tooManyPhotos {
            errors.photo = "errorTooManyPhotos"
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unprocessableContent)
        } catch StoreError.photoNotFound {
            errors.photo = "errorPhotoGone"
            return try render(.draft(try store.draft(id: draft.id) ?? draft), form: fields, errors: errors, request: request,
                              status: .conflict)
        } catch StoreError.photoTooLarge {
            errors.photo = "errorPhotoTooLarge"
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .contentTooLarge)
        } catch StoreError.photoHasTooManyPixels {
            errors.photo = "errorPhotoPixels"
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .contentTooLarge)
        } catch StoreError.unsupportedPhotoType {
            errors.photo = "errorPhotoType"
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unsupportedMediaType)
        } catch StoreError.unreadablePhoto {
            errors.photo = "errorPhotoUnreadable"
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unprocessableContent)
        }
        if let refused = try applyDocuments(form, action: action, fields: fields, to: draft, request: request) { return refused }
        if action == "done", errors.isEmpty, clean.name.isEmpty {
            errors.name = "errorNameRequired"  // a photo sent with Done is kept; the name is still needed
        }
        let placement: ItemPlacement?
        do {
            placement = try self.placement(from: fields.places)
        } catch let error as StoreError {
            guard let errors = Self.placeErrors(error) ?? Self.ownershipErrors(error) else { throw error }
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unprocessableContent)
        }
        let values = values(clean, storedDate: draft.dateCreated)
        guard action == "done", errors.isEmpty else {
            let updated = try store.updateDraft(id: draft.id, name: clean.name, serialNumber: clean.serialNumber, valueInDollars: clean.valueInDollars,
                                                placement: placement, ownership: values.ownership, dateCreated: values.dateCreated)
            if !errors.isEmpty {
                return try render(.draft(updated), form: fields, errors: errors, request: request, status: .unprocessableContent)
            }
            // Post/Redirect/Get: the dialog stays open on the draft.
            return .redirect(to: "/drafts/\(draft.id.lowercasedString)" + listState(request).stateQuery)
        }
        let item: Item
        do {
            // The fields are set with the commit, in its transaction.
            item = try store.commitDraft(id: draft.id, fields: values, placement: placement, expectedVersion: expectedVersion,
                                         actor: request.actor)
        } catch StoreError.conflict(let current) {
            // The draft keeps the member's values, to be applied over the current ones.
            let updated = try store.updateDraft(id: draft.id, name: clean.name, serialNumber: clean.serialNumber, valueInDollars: clean.valueInDollars,
                                                placement: placement, ownership: values.ownership, dateCreated: values.dateCreated)
            return try render(.draft(updated), form: fields, conflict: current, request: request, status: .conflict)
        } catch let error as StoreError {
            guard let errors = Self.placeErrors(error) ?? Self.ownershipErrors(error) else { throw error }
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unprocessableContent)
        }
        return try done(item, isNew: draft.isNew, request: request, rounded: clean.valueWasRounded)
    }

    /// The photo buttons: Remove photo (the cover, when it is the only one), and a photo's ↑, ↓,
    /// Make cover and Remove in the strip (`photo-up:<digest>` …), or the order a drag left
    /// (`photo-order` with `photoOrder`, the digests in order).
    private func applyPhotoAction(_ action: String, form: SubmittedForm, to draft: Draft) throws -> Draft {
        if action == "remove-photo" { return try store.removeDraftPhoto(id: draft.id) }
        if action == "photo-order" {
            let digests = (form["photoOrder"] ?? "").split(separator: " ").map(String.init)
            return try store.reorderDraftPhotos(id: draft.id, digests: digests)
        }
        guard let colon = action.firstIndex(of: ":") else { return draft }
        let digest = String(action[action.index(after: colon)...])
        let index = draft.photoETags.firstIndex { Photo.digest(ofETag: $0) == digest }
        switch action[..<colon] {
        case "photo-remove": return try store.removeDraftPhoto(id: draft.id, digest: digest)
        case "photo-cover": return try store.moveDraftPhoto(id: draft.id, digest: digest, to: 0)
        case "photo-up": return try store.moveDraftPhoto(id: draft.id, digest: digest, to: max(0, (index ?? 0) - 1))
        case "photo-down": return try store.moveDraftPhoto(id: draft.id, digest: digest, to: (index ?? Int.max - 1) + 1)
        default: return draft
        }
    }

    /// After Done: back to the list as it was, at the item; a new item is shown where it went,
    /// at the end of the member's own order.
    /// When cents were typed, the message says what was kept (issue 22 point 11).
    private func done(_ item: Item, isNew: Bool, request: HTTPRequest, rounded: Bool = false) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var landing = listState(request)
        // A new item is shown among everything, or on the page of the place it was added from.
        if isNew { landing = ListQuery(filter: ItemQuery(location: landing.filter.location, labelKeys: landing.filter.labelKeys), grouping: landing.grouping, defaults: landing.defaults) }
        if let page = try ItemListView(store: store, renderer: renderer).page(showing: item.key, in: landing) { landing.page = page }
        landing.focusKey = item.key.lowercasedString
        var message = context.format(isNew ? "flashAdded" : "flashSaved", item.name)
        if rounded { message += " " + context.format("valueRounded", renderer.formatters.money(item.valueInDollars, context.language, context.currency)) }
        return context.redirect(to: landing.url, flash: message)
    }

    // MARK: - Rendering

    func render(
        _ subject: DetailView.Subject,
        form: ItemForm? = nil,
        errors: ItemForm.Errors = .init(),
        conflict: Item? = nil,
        request: HTTPRequest,
        status: HTTPStatus = .ok
    ) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var page = try values(subject, form: form, errors: errors, conflict: conflict, request: request, context: context)
        if let sheet = page.sheet { page.values["dialog"] = .object(sheet.values()) }
        let member = try ItemListView(store: store, renderer: renderer).member(for: listState(request), context: context)
        return try renderer.render("items/list", page.values, rows: page.listing.rows, sectionIndex: page.listing.sectionIndex,
                                   member: member, context: context, status: status)
    }

    /// The list behind the dialog and the dialog's own values, with the list's rows apart, and
    /// the list's frame with a sheet over it.
    private func values(
        _ subject: DetailView.Subject, form: ItemForm? = nil, errors: ItemForm.Errors = .init(), conflict: Item? = nil,
        request: HTTPRequest, context: PageContext
    ) throws -> PageRenderer.SharedPage {
        let list = listState(request)
        let placesRevision = store.placesRevision
        var page = try ItemListView(store: store, renderer: renderer).sharedPage(for: list, context: context)
        let history = try historyPage(of: subject, request: request)
        let detailView = detailView
        let places = try store.places()
        let itemPhotos: [String]
        if case .item(let item) = subject { itemPhotos = try store.photoETags(ofItem: item.key) } else { itemPhotos = [] }
        let documents = try documentValues(subject, errors: errors, context: context)
        page.sheet = PageRenderer.Sheet(key: nil) {
            detailView.values(subject: subject, form: form, errors: errors, conflict: conflict, list: list, history: history,
                              places: places, itemPhotos: itemPhotos, context: context).merging(documents) { $1 }
        }
        if conflict != nil { page.values["conflictShown"] = true }
        // A sheet kept for the list's frame: an item as stored, as every member of a role sees it.
        if case .item(let item) = subject, form == nil, errors.isEmpty, conflict == nil, let history, var frame = page.frame {
            frame.key.sheet = true
            frame.texts.dialogTitle = DetailView.title(item.name, context: context)
            page.frame = frame
            let key = PageCache.DialogKey(
                item: item.key, version: item.version, photoETag: item.photoETag, listState: list.stateQuery,
                presentation: context.presentation, role: context.signedIn?.account.role, history: history.entries.map(\.id),
                hasOlderHistory: history.hasOlder, isFirstHistoryPage: history.isFirstPage, placesRevision: placesRevision)
            page.sheet = PageRenderer.Sheet(key: key, values: page.sheet!.values)
        } else {
            page.frame = nil
        }
        return page
    }

    /// The page of the item's history the dialog shows: the newest, or older ones from
    /// `?history=<id>` (entries before that one).
    private func historyPage(of subject: DetailView.Subject, request: HTTPRequest) throws -> DetailView.HistoryPage? {
        let key: UUID
        switch subject {
        case .item(let item): key = item.key
        case .draft(let draft):
            guard !draft.isNew else { return nil }
            key = draft.itemKey
        }
        let before = request.query("history").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
        // One more than shown tells whether there are older ones.
        let entries = try store.history(of: key, before: before, limit: DetailView.historyPageSize + 1)
        return DetailView.HistoryPage(entries: Array(entries.prefix(DetailView.historyPageSize)),
                                      hasOlder: entries.count > DetailView.historyPageSize, isFirstPage: before == nil)
    }

    /// The dialog's button that sent the form: Done (also Enter in a field), Upload, Remove
    /// photo or Random item.
    private static func action(of form: SubmittedForm) -> String {
        form["action"] ?? "done"
    }

    /// The list behind the dialog, as the dialog's URL carries it (search, sort, filters, page).
    private func listState(_ request: HTTPRequest) -> ListQuery {
        ListQuery(request: request).state
    }

    private func existingItem(_ request: HTTPRequest) throws -> Item {
        guard let text = request.parameter("key"), let key = UUID(uuidString: text), let item = try store.item(key: key) else {
            throw HTTPError(.notFound, "No such item.")
        }
        return item
    }

    private func existingDraft(_ request: HTTPRequest) throws -> Draft {
        guard let text = request.parameter("id"), let id = UUID(uuidString: text), let draft = try store.draft(id: id) else {
            throw HTTPError(.notFound, "No such draft. It may have been cancelled or saved already.")
        }
        return draft
    }
}
