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
        let item = try existingItem(request)
        return try render(.item(item), request: request)
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
        switch fields.validate() {
        case .success(let values): clean = values
        case .failure(let failure):
            return try render(.item(item), form: fields, errors: failure.errors, request: request, status: .unprocessableContent)
        }
        if item.version != expected {
            return try render(.item(item), form: fields, conflict: item, request: request, status: .conflict)
        }
        let draft = try store.beginEditDraft(key: item.key)
        return try apply(form, fields: fields, clean: clean, to: draft, expectedVersion: expected, request: request)
    }

    /// `POST /drafts/:id` — Done, Upload or Remove photo from a draft's dialog.
    func submitDraft(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let draft = try existingDraft(request)
        let fields = ItemForm(form)
        let clean: ItemForm.Clean
        switch fields.validate() {
        case .success(let values): clean = values
        case .failure(let failure):
            return try render(.draft(draft), form: fields, errors: failure.errors, request: request, status: .unprocessableContent)
        }
        let expected = draft.isNew ? nil : (form["version"].flatMap { Int($0) } ?? draft.baseVersion)
        return try apply(form, fields: fields, clean: clean, to: draft, expectedVersion: expected, request: request)
    }

    /// `POST /drafts/:id/cancel` — rolls the draft back; the store is as before it began.
    func cancelDraft(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = PageContext(request: request)
        var landing = ListQuery(page: pageNumber(request))
        if let text = request.parameter("id"), let id = UUID(uuidString: text), let draft = try store.draft(id: id) {
            try store.cancelDraft(id: id)
            if !draft.isNew { landing.focusKey = draft.itemKey.lowercasedString }
        }
        // A draft already gone (cancelled in another tab, or purged) needs no rollback.
        return PageContext.redirect(to: landing.url, flash: context.text("flashCancelled"))
    }

    /// `POST /items/:key/cancel` — closes an item's dialog that never became a draft.
    func cancelItem(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = PageContext(request: request)
        var landing = ListQuery(page: pageNumber(request))
        landing.focusKey = request.parameter("key")?.lowercased()
        return PageContext.redirect(to: landing.url, flash: context.text("flashCancelled"))
    }

    // MARK: - Applying a submission

    private func apply(
        _ form: SubmittedForm, fields: ItemForm, clean: ItemForm.Clean, to draft: Draft, expectedVersion: Int?, request: HTTPRequest
    ) throws -> HTTPResponse {
        let action = form["action"] ?? "done"
        var errors = ItemForm.Errors()
        do {
            if action == "remove-photo" {
                _ = try store.removeDraftPhoto(id: draft.id)
            } else if let file = form.file("photo") {
                _ = try store.setDraftPhoto(id: draft.id, bytes: file.body)
            } else if action == "upload" {
                errors.photo = "errorPhotoMissing"
            }
        } catch StoreError.photoTooLarge {
            errors.photo = "errorPhotoTooLarge"
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .contentTooLarge)
        } catch StoreError.unsupportedPhotoType {
            errors.photo = "errorPhotoType"
            return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unsupportedMediaType)
        }
        let updated = try store.updateDraft(id: draft.id, name: clean.name, serialNumber: clean.serialNumber, valueInDollars: clean.valueInDollars)
        if !errors.isEmpty {
            return try render(.draft(updated), form: fields, errors: errors, request: request, status: .unprocessableContent)
        }
        let page = pageNumber(request)
        guard action == "done" else {
            // Post/Redirect/Get: the dialog stays open on the draft.
            return .redirect(to: "/drafts/\(draft.id.lowercasedString)" + (page > 1 ? "?page=\(page)" : ""))
        }
        let item: Item
        do {
            item = try store.commitDraft(id: draft.id, expectedVersion: expectedVersion)
        } catch StoreError.conflict(let current) {
            return try render(.draft(updated), form: fields, conflict: current, request: request, status: .conflict)
        }
        let context = PageContext(request: request)
        let index = try store.index(of: item.key) ?? 0
        let landing = ListQuery(page: ListQuery.page(containing: index), focusKey: item.key.lowercasedString)
        let message = context.format(draft.isNew ? "flashAdded" : "flashSaved", item.name)
        return PageContext.redirect(to: landing.url, flash: message)
    }

    // MARK: - Rendering

    private func render(
        _ subject: DetailView.Subject,
        form: ItemForm? = nil,
        errors: ItemForm.Errors = .init(),
        conflict: Item? = nil,
        request: HTTPRequest,
        status: HTTPStatus = .ok
    ) throws -> HTTPResponse {
        let context = PageContext(request: request)
        let page = pageNumber(request)
        var values = try ItemListView(store: store, renderer: renderer)
            .values(for: ListQuery(page: page), context: context)
        values["dialog"] = detailView.values(subject: subject, form: form, errors: errors, conflict: conflict, page: page, context: context)
        if conflict != nil { values["conflictShown"] = true }
        return try renderer.render("items/list", values, context: context, status: status)
    }

    private func pageNumber(_ request: HTTPRequest) -> Int {
        request.query("page").flatMap { Int($0) }.map { max(1, $0) } ?? 1
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
