import Foundation
import HTTP
import Mustache
import Storage

/// The dialog's Documents section (issue 24 point 2): Add document (a file chosen in its field,
/// sent by its button or with Done) and each document's Remove, plain submit buttons of the
/// dialog's form, so they work without JavaScript, keep what was typed, and go through the
/// draft: Cancel rolls every one of them back.
extension DetailController {
    /// Whether the form carries a file for the document field (an empty one too: it is refused
    /// with a message, never taken for "no file").
    static func carriesDocument(_ form: SubmittedForm) -> Bool {
        !form.chosenFiles("document").isEmpty
    }

    /// The documents part of a submission, after the photos': adds the chosen file, removes
    /// the one a Remove button names (`document-remove:<digest>`).
    ///
    /// - Returns: the dialog again with the refusal next to the file field (413, 415 or 422;
    ///   409 when the document to remove is gone), or `nil` to carry on.
    func applyDocuments(
        _ form: SubmittedForm, action: String, fields: ItemForm, to draft: Draft, request: HTTPRequest
    ) throws -> HTTPResponse? {
        var errors = ItemForm.Errors()
        do {
            if let file = form.chosenFiles("document").first {
                let kind = DocumentKind(rawValue: form["documentKind"] ?? "") ?? .other
                let fileName = file.filename ?? ""
                let title = DocumentNames.typedTitle(form["documentTitle"])
                    ?? DocumentNames.title(fromFileName: fileName, kind: kind, Presentation.language(of: request))
                try store.addDraftDocument(id: draft.id, DocumentUpload(body: file.body, kind: kind, title: title, fileName: fileName))
            } else if action == "add-document" {
                errors.document = "errorDocumentMissing"
                return try render(.draft(draft), form: fields, errors: errors, request: request, status: .unprocessableContent)
            }
            if action.hasPrefix(Self.removeDocumentAction) {
                try store.removeDraftDocument(id: draft.id, reference: String(action.dropFirst(Self.removeDocumentAction.count)))
            }
        } catch let problem as DocumentProblem {
            let message = DocumentMessage(problem)
            errors.document = message.key
            return try render(.draft(try store.draft(id: draft.id) ?? draft), form: fields, errors: errors, request: request,
                              status: message.status)
        }
        return nil
    }

    static let removeDocumentAction = "document-remove:"

    /// The section's values: the draft's documents (as edited) or the item's, each with its
    /// download link and Remove button, the add form's kinds, and a refusal's message.
    func documentValues(_ subject: DetailView.Subject, errors: ItemForm.Errors, context: PageContext) throws -> [String: MustacheValue] {
        let base: String
        let documents: [ItemDocument]
        var values: [String: MustacheValue] = [:]
        switch subject {
        case .draft(let draft):
            base = "/drafts/\(draft.id.lowercasedString)"
            documents = try store.documents(ofDraft: draft.id)
            // A new item with a document only is still work that Cancel would lose.
            if draft.isNew, !documents.isEmpty { values["changed"] = true }
        case .item(let item):
            base = "/items/\(item.key.lowercasedString)"
            documents = try store.documents(ofItem: item.key)
        }
        var section: [String: MustacheValue] = [
            "count": .string(String(documents.count)),
            "none": .bool(documents.isEmpty),
            "hasAny": .bool(!documents.isEmpty),
            "full": .bool(documents.count >= ItemStore.maxDocumentsPerItem),
            "list": .list(documents.map { document in
                .object([
                    "digest": .string(document.digest),
                    "href": .string("\(base)/documents/\(document.digest)"),
                    "kindName": .string(DocumentNames.kindName(document.kind, context.language)),
                    "title": .string(document.title),
                    "type": .string(document.fileExtension.uppercased()),
                    "size": .string(Self.size(document.size, context: context)),
                    "removeLabel": .string(context.format("documentRemove", document.title)),
                ])
            }),
            // The first chosen in the markup too: a script compares each option with its default.
            "kinds": .list(DocumentKind.allCases.map { kind in
                .object(["value": .string(kind.rawValue), "label": .string(DocumentNames.kindName(kind, context.language)),
                         "selected": .bool(kind == .receipt)])
            }),
        ]
        if let key = errors.document {
            let limit = key == "errorTooManyDocuments" ? ItemStore.maxDocumentsPerItem : ItemStore.maxDocumentTitleLength
            section["error"] = .string(context.format(key, String(limit)))
        }
        values["documentSection"] = .object(section)
        return values
    }

    /// "940 bytes", "36 KB", "4.2 MB" (1,024-based, as the 25 MB limit is).
    static func size(_ bytes: Int, context: PageContext) -> String {
        if bytes < 1_024 { return context.format("documentSizeBytes", String(bytes)) }
        if bytes < 1_024 * 1_024 { return context.format("documentSizeKB", String((bytes + 1_023) / 1_024)) }
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return context.format("documentSizeMB", "\(tenths / 10).\(tenths % 10)")
    }
}
