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
        writer.appendRecord(ItemCSV.header(language))
        try store.forEachItem(matching: query) { item, place in
            writer.appendRecord(ItemCSV.record(item, place: place, language: language))
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

    /// `GET /items/import/:id` — what the file would add, and every row it would refuse.
    func preview(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let pending = try pendingImport(request)
        let preview = ImportPreview(bytes: pending.bytes, context: context)
        var values: [String: MustacheValue] = [
            "title": .string(context.format("importPreviewTitle", pending.fileName)),
            "action": .string("/items/import/\(pending.id.lowercasedString)"),
        ]
        if let error = preview.fileError {
            values["fileError"] = .string(error)
            return try renderer.render("items/import-preview", values, context: context, status: .unprocessableContent)
        }
        let formatters = renderer.formatters
        let count = preview.accepted.count, refusedCount = preview.refused.count
        values["addCount"] = .int(count)
        values["willAdd"] = .string(count == 0 ? context.text("importNothingToAdd")
            : count == 1 ? context.text("importWillAddOne") : context.format("importWillAdd", formatters.grouped(count, context.language)))
        values["rows"] = .list(zip(preview.accepted, preview.acceptedLines).prefix(Self.previewRows).map { item, line in
            .object([
                "row": .string(context.format("importRow", String(line))),
                "name": .string(item.name),
                "serial": .string(item.serialNumber),
                "value": .string(formatters.dollars(item.valueInDollars, context.language)),
                "date": .string(item.dateCreated.map { formatters.day($0, context.language).medium } ?? ""),
            ])
        })
        if count > Self.previewRows {
            values["showing"] = .string(context.format("importShowing", String(Self.previewRows)))
            values["more"] = .string(context.format("importMore", formatters.grouped(count - Self.previewRows, context.language)))
        }
        if refusedCount > 0 {
            values["refusedTitle"] = .string(refusedCount == 1 ? context.text("importRefusedTitleOne")
                : context.format("importRefusedTitle", formatters.grouped(refusedCount, context.language)))
            values["refused"] = .list(preview.refused.prefix(Self.previewRows * 5).map { refusal in
                .object(["row": .string(context.format("importRow", String(refusal.line))), "reason": .string(refusal.reason)])
            })
            if refusedCount > Self.previewRows * 5 {
                values["refusedMore"] = .string(context.format("importMore", formatters.grouped(refusedCount - Self.previewRows * 5, context.language)))
            }
        }
        if count > 0 {
            let items = count == 1 ? context.text("countItemsOne") : context.format("countItems", formatters.grouped(count, context.language))
            let rows = refusedCount == 1 ? context.text("countRowsOne") : context.format("countRows", formatters.grouped(refusedCount, context.language))
            values["confirm"] = .string(refusedCount > 0 ? context.format("importConfirmSkipping", items, rows)
                : count == 1 ? context.text("importConfirmOne") : context.format("importConfirm", formatters.grouped(count, context.language)))
            values["skipping"] = .bool(refusedCount > 0)
        }
        return try renderer.render("items/import-preview", values, context: context)
    }

    /// `POST /items/import/:id` — imports the rows the preview showed, all in one
    /// transaction, and consumes the upload (a second confirmation imports nothing).
    func confirm(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let pending = try pendingImport(request)
        let preview = ImportPreview(bytes: pending.bytes, context: context)
        // Rows are skipped only when the button that said so was pressed.
        guard preview.fileError == nil, !preview.accepted.isEmpty, preview.refused.isEmpty || form["skip"] == "1" else {
            return .redirect(to: "/items/import/\(pending.id.lowercasedString)")
        }
        let imported: [Item]
        do {
            imported = try store.importItems(preview.accepted, consuming: pending.id, actor: request.actor)
        } catch StoreError.importNotFound {
            throw HTTPError(.notFound, context.text("importExpired"))
        }
        let index = try imported.first.flatMap { try store.index(of: $0.key) } ?? 0
        let landing = ListQuery(page: ListQuery.page(containing: index), focusKey: imported.first?.key.lowercasedString)
        let message = imported.count == 1 ? context.text("flashImportedOne")
            : context.format("flashImported", renderer.formatters.grouped(imported.count, context.language))
        return context.redirect(to: landing.url, flash: message)
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
