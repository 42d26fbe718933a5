import Foundation
import Mustache
import Storage

/// The modal detail dialog's view model: the fields as typed, their messages, the
/// date, the photo, where Done and Cancel go, and — after a conflict — the values
/// the item has now.
struct DetailView {
    let formatters: Formatters

    /// What the dialog is editing: a draft (after Add, or once a photo was changed),
    /// or an existing item opened straight from the list.
    enum Subject {
        case draft(Draft)
        case item(Item)
    }

    func values(
        subject: Subject,
        form: ItemForm? = nil,
        errors: ItemForm.Errors = .init(),
        conflict: Item? = nil,
        list: ListQuery,
        history: HistoryPage? = nil,
        places: PlaceDirectory = .empty,
        itemPhotos: [String] = [],
        context: PageContext
    ) -> [String: MustacheValue] {
        let pageQuery = list.stateQuery
        var values: [String: MustacheValue] = [:]
        let fields: ItemForm
        let dateCreated: Date
        let storedName: String
        let storedPlacement: ItemPlacement
        let storedOwnership: ItemOwnership
        switch subject {
        case .draft(let draft):
            let id = draft.id.lowercasedString
            // An untouched new item's $0 is an empty field, its example the placeholder; once it has
            // a name or serial (typed, or Random item's $0), $0 is shown as such.
            let untouched = draft.isNew && draft.name.isEmpty && draft.serialNumber.isEmpty && draft.valueInDollars == 0
            let value = untouched ? "" : String(draft.valueInDollars)
            fields = form ?? ItemForm(name: draft.name, serialNumber: draft.serialNumber, value: value)
            dateCreated = draft.dateCreated
            storedPlacement = draft.placement
            storedOwnership = draft.ownership
            // Unsaved work Cancel would lose: a photo changed, or a new item with anything in it.
            let started = !fields.isBlank || draft.photoETag != nil
            values["changed"] = .bool(form != nil || !draft.isNew || started)
            storedName = draft.name
            values["action"] = .string("/drafts/\(id)\(pageQuery)")
            values["cancelAction"] = .string("/drafts/\(id)/cancel\(pageQuery)")
            values["isNew"] = .bool(draft.isNew)
            values["heading"] = .string(context.text(draft.isNew ? "newItem" : "editItem"))
            let version = conflict?.version ?? draft.baseVersion
            if let version { values["version"] = .int(version) }
            // An edit's draft is still its item's: another member's change to it is news here.
            if !draft.isNew { values["itemKey"] = .string(draft.itemKey.lowercasedString) }
        case .item(let item):
            let key = item.key.lowercasedString
            fields = form ?? ItemForm(name: item.name, serialNumber: item.serialNumber, value: String(item.valueInDollars))
            dateCreated = item.dateCreated
            storedPlacement = item.placement
            storedOwnership = item.ownership
            storedName = item.name
            values["action"] = .string("/items/\(key)\(pageQuery)")
            values["cancelAction"] = .string("/items/\(key)/cancel\(pageQuery)")
            values["closeHref"] = .string(ListQuery(page: list.page, focusKey: key, filter: list.filter, grouping: list.grouping, defaults: list.defaults).url)
            // Delete asks on the confirmation page (Keep comes back here), then the list offers Undo.
            values["deleteHref"] = .string("/items/delete" + ListQuery.queryString([("key", key), ("from", "item")] + list.stateParameters))
            values["qrLabelHref"] = .string("/qr-labels?item=" + key)
            values["isNew"] = false
            // Fields re-shown after a 422 or a 409 were typed but never saved.
            values["changed"] = .bool(form != nil)
            values["heading"] = .string(context.text("editItem"))
            values["version"] = .int(conflict?.version ?? item.version)
            values["itemKey"] = .string(key)
            // The member's own star, off as every member's sheet is kept (turned on by FavouriteStars).
            values["favourite"] = .object([
                "action": .string("/items/\(key)/favourite"),
                "label": .string(context.format("favouriteAdd", item.name)),
                "stateFields": list.state.stateFields,
            ])
        }
        let day = formatters.day(dateCreated, context.language)
        values["name"] = .string(fields.name)
        values["serialNumber"] = .string(fields.serialNumber)
        values["value"] = .string(fields.value)
        // The title names the item as stored, not as typed (a 409 shows both values).
        let shownName = conflict?.name ?? storedName
        values["title"] = .string(Self.title(shownName, context: context))
        values["date"] = .string(day.medium)
        values["dateISO"] = .string(day.iso)
        values.merge(photoValues(PhotoSource(subject, itemPhotos: itemPhotos), name: fields.name, list: list, context: context)) { $1 }
        var messages: [String: MustacheValue] = [:]
        if let key = errors.name { messages["name"] = .string(context.text(key)) }
        if let key = errors.serialNumber { messages["serialNumber"] = .string(context.text(key)) }
        if let key = errors.value { messages["value"] = .string(context.text(key)) }
        if let key = errors.photo { messages["photo"] = .string(context.format(key, String(ItemStore.maxPhotosPerItem))) }
        if let key = errors.location { messages["location"] = .string(context.text(key)) }
        if let key = errors.labels { messages["labels"] = .string(context.text(key)) }
        values.merge(placeValues(fields.places ?? PlaceFields(storedPlacement), places: places, context: context)) { $1 }
        if !messages.isEmpty { values["errors"] = .object(messages) }
        values["ownership"] = ownershipValues(stored: storedOwnership, form: fields.ownership, errors: errors.ownership, conflict: conflict,
                                              dateRecorded: day, context: context)
        // Focus (and so the view) goes to the first field in error, else to the name.
        let firstError = ([("name", errors.name), ("serialNumber", errors.serialNumber), ("value", errors.value), ("photo", errors.photo),
                           ("location", errors.location), ("labels", errors.labels)] + errors.ownership.all + [("document", errors.document)])
            .first { $0.1 != nil }?.0 ?? "name"
        values["focus"] = .object([firstError: true])
        if let history {
            values["history"] = historyValues(history, subject: subject, list: list, context: context)
        }
        if let conflict {
            values["conflict"] = .object([
                "name": .string(context.format("currentValue", conflict.name)),
                "serialNumber": .string(context.format("currentValue", conflict.serialNumber)),
                "value": .string(context.format("currentValue", formatters.money(conflict.valueInDollars, context.language, context.currency))),
                "location": .string(context.format("currentValue", conflict.locationKey.flatMap { places.tree.location(key: $0)?.pathText }
                    ?? context.text("noLocation"))),
                "labels": .string(context.format("currentValue", places.labels(conflict.labelKeys).map(\.name).joined(separator: ", ")
                    .nonEmpty ?? context.text("noLabel"))),
            ])
        }
        return values
    }

    /// The sheet's title: the item's name as stored, or "New item" while it has none.
    static func title(_ name: String, context: PageContext) -> String {
        name.trimmingWhitespace.isEmpty ? context.text("newItem") : name
    }
}
