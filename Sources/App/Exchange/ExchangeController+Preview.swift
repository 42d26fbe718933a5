import Foundation
import HTTP
import Mustache
import Storage

/// The import preview's values: the summary (new, already here, refused), the choices (how
/// the file writes its dates, what to do with the rows that change items already here) and
/// the first rows.
extension ExchangeController {
    func previewValues(
        _ preview: ImportPreview, pending: PendingImport, updating: Bool, context: PageContext
    ) -> ([String: MustacheValue], HTTPStatus) {
        let action = "/items/import/\(pending.id.lowercasedString)"
        var values: [String: MustacheValue] = [
            "title": .string(context.format("importPreviewTitle", pending.fileName)),
            "action": .string(action),
        ]
        let formatters = renderer.formatters
        let grouped = { (count: Int) in formatters.grouped(count, context.language) }
        if let error = preview.fileError ?? preview.overCap.map({ context.format($0.messageKey, grouped($0.new), grouped($0.existing), grouped($0.limit)) }) {
            values["fileError"] = .string(error)
            return (values, .unprocessableContent)
        }
        let rows = preview.rows
        let count = preview.newItems.count, refusedCount = preview.refused.count
        let changed = preview.updates.count, unchanged = rows.count - count - changed
        values["addCount"] = .int(rows.count)
        let summary = rows.isEmpty ? context.text("importNothingToAdd")
            : count + changed == 0 ? context.text("importAllHere")
            : changed + unchanged > 0 ? context.format("importMatchSummary", grouped(count), grouped(changed + unchanged), grouped(unchanged), grouped(changed))
            : context.plural("importWillAdd", count: count, grouped(count))
        values["willAdd"] = .string(summary)
        values["creates"] = .list(createdPlaces(preview.placesToCreate(updating: updating), context: context).map(MustacheValue.string))
        values["rows"] = .list(rows.prefix(Self.previewRows).map { row in
            let status = switch row.status {
            case .new: context.text("importStatusNew")
            case .unchanged: context.text("importStatusSame")
            case .changed: context.text("importStatusChanged")
            }
            // Issue 24: "3 × $40" where the item is (or will be) three of it.
            let quantity = row.item.ownership?.applied(to: row.status.existing?.ownership ?? .blank).quantity
                ?? row.status.existing?.ownership.quantity ?? 1
            let value = formatters.money(row.item.valueInDollars, context.language, context.currency)
            return .object([
                "row": .string(context.format("importRow", String(row.line))),
                "name": .string(row.item.name),
                "serial": .string(row.item.serialNumber),
                "value": .string(quantity == 1 ? value : context.format("reportTimes", grouped(quantity), value)),
                "date": .string(row.item.dateCreated.map { formatters.day($0, context.language).medium } ?? ""),
                "status": .string(status),
            ])
        })
        if rows.count > Self.previewRows {
            values["showing"] = .string(context.format("importShowing", String(Self.previewRows)))
            values["more"] = .string(context.format("importMore", grouped(rows.count - Self.previewRows)))
        }
        let rounded = rows.count { $0.wasRounded }
        if rounded > 0 { values["roundedNote"] = .string(context.format("importRounded", grouped(rounded))) }
        values.merge(dateValues(preview, context: context)) { $1 }
        if changed > 0 {
            values["matchChoice"] = .object([
                "legend": .string(context.plural("importMatchLegend", count: changed, grouped(changed))),
                "update": .bool(updating),
            ])
        }
        if refusedCount > 0 {
            values["refusedTitle"] = .string(context.plural("importRefusedTitle", count: refusedCount, grouped(refusedCount)))
            values["refused"] = .list(preview.refused.prefix(Self.previewRows * 5).map { refusal in
                .object(["row": .string(context.format("importRow", String(refusal.line))), "reason": .string(refusal.reason)])
            })
            if refusedCount > Self.previewRows * 5 {
                values["refusedMore"] = .string(context.format("importMore", grouped(refusedCount - Self.previewRows * 5)))
            }
        }
        if count + changed > 0 {
            let items = context.plural("countItems", count: count, grouped(count))
            let skipped = context.plural("countRows", count: refusedCount, grouped(refusedCount))
            values["confirm"] = .string(changed > 0 ? context.text("importConfirmPlain")
                : refusedCount > 0 ? context.format("importConfirmSkipping", items, skipped)
                : context.plural("importConfirm", count: count, grouped(count)))
            values["skipping"] = .bool(refusedCount > 0)
        }
        return (values, .ok)
    }

    /// "2 new locations will be created: Home › Garage, Loft." and the same for labels: the
    /// first few by name, then how many more.
    private func createdPlaces(_ missing: PlacesToCreate, context: PageContext) -> [String] {
        let grouped = { (count: Int) in self.renderer.formatters.grouped(count, context.language) }
        let list = { (names: [String]) in
            let shown = names.prefix(5).joined(separator: ", ")
            return names.count > 5 ? context.format("importCreatesMore", shown, grouped(names.count - 5)) : shown
        }
        var lines: [String] = []
        let paths = missing.locations.map { $0.joined(separator: Location.pathSeparator) }
        if !paths.isEmpty { lines.append(context.plural("importCreatesLocations", count: paths.count, grouped(paths.count), list(paths))) }
        if !missing.labels.isEmpty {
            lines.append(context.plural("importCreatesLabels", count: missing.labels.count, grouped(missing.labels.count), list(missing.labels)))
        }
        return lines
    }

    /// The date order select, when the file writes dates with the year last.
    private func dateValues(_ preview: ImportPreview, context: PageContext) -> [String: MustacheValue] {
        guard preview.hasYearLastDates else { return [:] }
        let order = preview.dateOrder ?? preview.detectedOrder
        let note = preview.dateOrder != nil ? "importDatesChosen" : preview.detectedOrder != nil ? "importDatesFound" : "importDatesUnknown"
        var options: [MustacheValue] = []
        if order == nil { options.append(.object(["value": .string(""), "label": .string(context.text("importDatesChoose")), "selected": .bool(true)])) }
        for (candidate, key) in [(DateOrder.dayMonthYear, "importDatesDMY"), (.monthDayYear, "importDatesMDY")] {
            options.append(.object(["value": .string(candidate.rawValue), "label": .string(context.text(key)), "selected": .bool(candidate == order)]))
        }
        var values: [String: MustacheValue] = ["dates": .object(["note": .string(context.text(note)), "options": .list(options)])]
        if let order { values["dateOrder"] = .string(order.rawValue) }
        return values
    }
}
