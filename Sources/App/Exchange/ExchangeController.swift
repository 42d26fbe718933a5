import Foundation
import HTTP
import Mustache
import Storage

/// The inventory as a CSV file: export (the list as shown, or all of it) and import (upload,
/// preview, confirm).
struct ExchangeController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer
    /// Where exports are spooled before they are sent.
    let spoolDirectory: String

    /// Import uploads may be this large: the 10 MiB file plus the form around it. Between
    /// the two, the import page explains; beyond, the server refuses with 413.
    static let uploadBodyLimit = ItemCSV.maxBytes + 1_024 * 1_024
    /// Rows the preview lists (refused rows are all listed, up to this many too).
    static let previewRows = 200

    /// `GET /items.csv` — every item, in the household's order or as the list is searched,
    /// sorted and filtered (`q`, `sort`, `valuable`, `photo`). Written to a spool file in
    /// 64 KiB steps and sent from there, so memory stays flat at any size.
    func export(_ request: HTTPRequest) throws -> HTTPResponse {
        let language = renderer.context(for: request).language
        let query = ListQuery(request: request).filter
        let file = try SpoolFile(directory: spoolDirectory)
        var writer = CSVWriter(capacity: 80 * 1_024)
        var size = 0
        // Read once: rows carry keys, the file names (a place created during the export is blank).
        let places = ItemCSV.PlaceNames(try store.placeLookup())
        writer.appendRecord(ItemCSV.header(language))
        try store.forEachItem(matching: query) { item, place in
            writer.appendRecord(ItemCSV.record(item, place: place, language: language, places: places))
            if writer.bytes.count >= 64 * 1_024 {
                try file.write(writer.bytes[...], at: size)
                size += writer.bytes.count
                writer.removeAll()
            }
        }
        try file.write(writer.bytes[...], at: size)
        size += writer.bytes.count
        var headers: HTTPHeaders = [
            .contentType: "text/csv; charset=utf-8; header=present",
            .cacheControl: "no-store",
        ]
        headers[HTTPHeaderName("Content-Disposition")] = "attachment; filename=\"homepwner-\(ItemCSV.timestamp(Date()).prefix(10)).csv\""
        return HTTPResponse(status: .ok, headers: headers, body: .spooled(file, size: size))
    }

    /// `GET /items/import` — the upload form.
    func importPage(_ request: HTTPRequest) throws -> HTTPResponse {
        try renderUpload(request: request, error: nil, status: .ok)
    }

    /// `POST /items/import` — keeps the file and shows its preview (Post/Redirect/Get).
    func upload(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        guard let file = form.file("file") else {
            return try renderUpload(request: request, error: context.text("importErrorMissing"), status: .unprocessableContent)
        }
        guard file.body.count <= ItemCSV.maxBytes else {
            return try renderUpload(request: request, error: context.text("importErrorTooLarge"), status: .contentTooLarge)
        }
        let name = String((file.filename ?? "file.csv").suffix(120))
        let id = try store.savePendingImport(bytes: try file.body.bytes(), fileName: name, accountID: request.signedIn?.account.id)
        return .redirect(to: "/items/import/\(id.lowercasedString)")
    }

    /// `GET /items/import/:id` — what the file would add, what is already here (unchanged or
    /// to be updated), every row it would refuse, and the order of its dates (`?dates=dmy|mdy`).
    func preview(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let pending = try pendingImport(request)
        let chosen = request.query("dates").flatMap(DateOrder.init(rawValue:))
        let preview = ImportPreview(bytes: pending.bytes, context: context, matcher: try ImportMatcher(store: store), chosenOrder: chosen)
        let updating = request.query("existing") != "skip"
        let (values, status) = previewValues(preview, pending: pending, updating: updating, context: context)
        return try renderer.render("items/import-preview", values, context: context, status: status)
    }

    /// `POST /items/import/:id` — imports the rows the preview showed (new ones added, changed
    /// ones updated unless `existing=skip`; the field is not called `matches`, which would shadow `HTMLFormElement.matches()` for scripts), all in one go, and consumes the upload (a second
    /// confirmation imports nothing). The list then offers Undo import.
    func confirm(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let pending = try pendingImport(request)
        let chosen = form["dates"].flatMap(DateOrder.init(rawValue:))
        let preview = ImportPreview(bytes: pending.bytes, context: context, matcher: try ImportMatcher(store: store), chosenOrder: chosen)
        let additions = preview.newItems
        let updates = form["existing"] == "skip" ? [] : preview.updates
        let back = "/items/import/\(pending.id.lowercasedString)" + (chosen.map { "?dates=\($0.rawValue)" } ?? "")
        // Rows are skipped only when the button that said so was pressed.
        guard preview.fileError == nil, preview.overCap == nil, !(additions.isEmpty && updates.isEmpty),
              preview.refused.isEmpty || form["skip"] == "1" else {
            return .redirect(to: back)
        }
        let outcome: ImportOutcome
        do {
            outcome = try store.importItems(additions, updating: updates, consuming: pending.id, actor: request.actor)
        } catch StoreError.importNotFound {
            throw HTTPError(.notFound, context.text("importExpired"))
        } catch StoreError.conflict, StoreError.itemNotFound, StoreError.locationNotFound, StoreError.labelNotFound, StoreError.invalidPlace {
            // An item, location or label changed or went since the preview (or places were
            // created meanwhile, past the cap): nothing was imported; show it again as it is now.
            return .redirect(to: back)
        }
        let first = outcome.added.first?.key ?? updates.first?.key
        let index = try first.flatMap { try store.index(of: $0) } ?? 0
        let landing = ListQuery.landing(request, containing: index, focusKey: first?.lowercasedString)
        let formatters = renderer.formatters
        let added = outcome.added.count
        let message = outcome.updated > 0
            ? context.format("flashImportedChanges", formatters.grouped(added, context.language), formatters.grouped(outcome.updated, context.language))
            : context.plural("flashImported", count: added, formatters.grouped(added, context.language))
        return context.redirect(to: landing.url, flash: message, undoImport: outcome.batch)
    }

    /// `POST /items/import/undo` — Undo import: the items it added go to Recently Deleted (the
    /// list then offers Undo for them), the items it updated get their values back.
    func undoImport(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        guard let batch = form["batch"].flatMap(UUID.init(uuidString:)) else { throw HTTPError(.badRequest, "The form has no import to undo.") }
        let undone: ImportUndo
        do {
            undone = try store.undoImport(batch: batch, actor: request.actor)
        } catch StoreError.importNotFound {
            throw HTTPError(.notFound, context.text("importUndoGone"))
        }
        let formatters = renderer.formatters
        let counted = { (key: String, count: Int) in context.plural(key, count: count, formatters.grouped(count, context.language)) }
        var message = context.format("flashImportUndone", counted("flashImportUndoneAdded", undone.deleted.items.count),
                                     counted("flashImportUndoneReverted", undone.reverted))
        if undone.keptChanged > 0 { message += " " + counted("flashImportUndoKept", undone.keptChanged) }
        return context.redirect(to: "/items", flash: message, undo: undone.deleted.items.isEmpty ? nil : undone.deleted.id)
    }

    /// `POST /items/import/:id/cancel` — forgets the upload.
    func cancel(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        if let id = request.parameter("id").flatMap(UUID.init(uuidString:)) { try store.discardPendingImport(id: id) }
        return renderer.context(for: request).redirect(to: "/items", flashing: "flashCancelled")
    }

    private func pendingImport(_ request: HTTPRequest) throws -> PendingImport {
        guard let id = request.parameter("id").flatMap(UUID.init(uuidString:)), let pending = try store.pendingImport(id: id) else {
            throw HTTPError(.notFound, renderer.context(for: request).text("importExpired"))
        }
        return pending
    }

    private func renderUpload(request: HTTPRequest, error: String?, status: HTTPStatus) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        var values: [String: MustacheValue] = ["title": .string(context.text("importTitle"))]
        if let error { values["error"] = .string(error) }
        return try renderer.render("items/import", values, context: context, status: status)
    }
}
