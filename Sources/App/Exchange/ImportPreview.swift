import Foundation
import Storage

/// What an uploaded CSV would do: the rows it would add, and every row it would refuse
/// with the reason — or why the file as a whole cannot be read. Made again from the stored
/// upload for the preview and for the import itself, so both always agree.
struct ImportPreview {
    /// A refused row: its line in the file and the message, in the page's language.
    struct Refusal: Equatable {
        let line: Int
        let reason: String
    }

    /// A row that can be imported: what it holds and what it does to the list.
    struct Row {
        let line: Int
        let item: ImportedItem
        let status: ImportStatus
        /// Its value had cents, rounded to whole dollars (MoneyInput's rule).
        let wasRounded: Bool
    }

    private(set) var rows: [Row] = []
    private(set) var refused: [Refusal] = []
    /// Why nothing in the file can be read (message in the page's language).
    private(set) var fileError: String?
    /// The file has dates with the year last (`23/11/2026`): the preview shows their order.
    private(set) var hasYearLastDates = false
    /// The order the file's own dates prove, when they prove one and only one.
    private(set) var detectedOrder: DateOrder?
    /// The order dates were read in: the member's choice, else the detected one.
    let dateOrder: DateOrder?
    /// The locations and labels here when the file was read.
    let places: PlaceLookup

    /// The rows that add an item.
    var newItems: [ImportedItem] { rows.compactMap { $0.status == .new ? $0.item : nil } }

    /// The rows that change an item already here, as updates at the version the preview saw.
    var updates: [ImportedUpdate] {
        rows.compactMap { row in
            guard case .changed(let item) = row.status else { return nil }
            return ImportedUpdate(key: item.key, expectedVersion: item.version, name: row.item.name,
                                  serialNumber: row.item.serialNumber, valueInDollars: row.item.valueInDollars,
                                  locationPath: row.item.locationPath, labelNames: row.item.labelNames, ownership: row.item.ownership)
        }
    }

    /// The locations and labels the file names that are not here yet (its new rows', and its
    /// changed rows' when `updating`): created on confirmation.
    func placesToCreate(updating: Bool) -> PlacesToCreate {
        let named = rows.filter { $0.status == .new || (updating && $0.status.isChange) }
        return places.missing(paths: named.compactMap(\.item.locationPath), labelNames: named.compactMap(\.item.labelNames).joined())
    }

    /// Reads `bytes`, matching rows to `matcher`'s items and year-last dates in `chosenOrder`
    /// (else the order the file proves).
    init(bytes: [UInt8], context: PageContext, matcher: ImportMatcher = ImportMatcher(items: []), chosenOrder: DateOrder? = nil) {
        var pending: [Pending] = []
        var evidence: Set<DateOrder> = []
        dateOrder = chosenOrder
        places = matcher.places
        if bytes.count > ItemCSV.maxBytes {
            fileError = context.text("importErrorTooLarge")
            return
        }
        if bytes.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || $0 == 32 }) {
            fileError = context.text("importErrorEmpty")
            return
        }
        // Text files have no NUL bytes; spreadsheets' binary formats (xlsx is a zip) do.
        if bytes.contains(0) {
            fileError = context.text("importErrorNotText")
            return
        }
        var reader = CSVReader(bytes: bytes)
        do throws(CSVReader.Failure) {
            guard let header = try reader.next() else {
                fileError = context.text("importErrorEmpty")
                return
            }
            let columns = (header.text ?? []).map { ItemCSV.headerNames[ItemCSV.normalizedHeader($0)] }
            guard let nameIndex = columns.firstIndex(of: .name) else {
                fileError = context.text(header.text == nil ? "importErrorNotText" : "importErrorNoName")
                return
            }
            let index = { (column: ItemCSV.Column) in columns.firstIndex(of: column) }
            let hasOwnershipColumns = ItemCSV.ownershipColumns.contains { index($0) != nil }
            var rows = 0
            while let record = try reader.next() {
                rows += 1
                if rows > ItemCSV.maxRows {
                    fileError = context.text("importErrorTooManyRows")
                    refused = []
                    return
                }
                guard let fields = record.text else {
                    refused.append(Refusal(line: record.line, reason: context.text("importReasonEncoding")))
                    continue
                }
                let cell = { (position: Int?) -> String in
                    guard let position, position < fields.count else { return "" }
                    return ItemCSV.unneutralised(fields[position].trimmingWhitespace)
                }
                let date = cell(index(.date))
                let column = { (column: ItemCSV.Column) in index(column).map { cell($0) } }
                let owned = !hasOwnershipColumns ? OwnershipCells() : OwnershipCells(
                    manufacturer: column(.manufacturer), model: column(.model), quantity: column(.quantity),
                    purchaseDate: column(.purchaseDate), purchasePrice: column(.purchasePrice), placeBought: column(.placeBought),
                    warranty: column(.warranty), notes: column(.notes))
                let placed = Self.item(name: cell(nameIndex), serial: cell(index(.serial)), value: cell(index(.value)),
                                       key: cell(index(.key)), context: context).flatMap { item, rounded in
                    Self.placed(item, location: index(.location).map { cell($0) }, labels: index(.labels).map { cell($0) },
                                context: context).flatMap { Self.owned($0, cells: owned, context: context) }.map { ($0, rounded) }
                }
                switch placed {
                case .success(let (item, rounded)):
                    let days = owned.days
                    pending.append(Pending(line: record.line, item: item, date: date, rounded: rounded, days: days))
                    if ItemCSV.isYearLast(date) {
                        hasYearLastDates = true
                        if let proof = ItemCSV.dateEvidence(date) { evidence.insert(proof) }
                    }
                    for day in days where ItemCSV.isYearLast(day) {
                        hasYearLastDates = true
                        if let proof = ItemCSV.dateEvidence(day) { evidence.insert(proof) }
                    }
                case .failure(let refusal):
                    refused.append(Refusal(line: record.line, reason: refusal.reason))
                }
            }
        } catch {
            switch error {
            case .unterminatedQuote(let line): fileError = context.format("importErrorQuote", String(line))
            case .tooManyFields(let line): fileError = context.format("importErrorFields", String(line))
            }
        }
        if fileError != nil { return }
        detectedOrder = evidence.count == 1 ? evidence.first : nil
        resolve(pending, matcher: matcher, context: context)
        if rows.isEmpty, refused.isEmpty { fileError = context.text("importErrorEmpty") }
    }

    /// Reads each row's date in the order now known and matches it to the items here; a row
    /// matching an item an earlier row matched is refused (one item, one row).
    /// A row read but for its dates (and its match, which a date may not change).
    private struct Pending {
        let line: Int
        var item: ImportedItem
        let date: String
        let rounded: Bool
        /// Its purchase date and warranty cells (issue 24), read with the date.
        let days: [String]
    }

    private mutating func resolve(_ pending: [Pending], matcher: ImportMatcher, context: PageContext) {
        let order = dateOrder ?? detectedOrder
        var matched: [UUID: Int] = [:]
        for var entry in pending {
            if !entry.date.isEmpty {
                switch ItemCSV.date(entry.date, order: order) {
                case .date(let date): entry.item.dateCreated = date
                case .ambiguous:
                    refused.append(Refusal(line: entry.line, reason: context.format("importReasonDateAmbiguous", String(entry.date.prefix(40)))))
                    continue
                case .invalid:
                    refused.append(Refusal(line: entry.line, reason: context.format("importReasonDate", String(entry.date.prefix(40)))))
                    continue
                }
            }
            switch Self.dated(entry.item, days: entry.days, order: order, now: Date(), context: context) {
            case .success(let item): entry.item = item
            case .failure(let refusal):
                refused.append(Refusal(line: entry.line, reason: refusal.reason))
                continue
            }
            let status = ImportStatus(row: entry.item, existing: matcher.match(key: entry.item.key, serialNumber: entry.item.serialNumber),
                                      places: matcher.places)
            // The value times the quantity the item will have: the row's, else the one it has here.
            if let item = status.existing,
               (entry.item.ownership?.applied(to: item.ownership) ?? item.ownership).quantity * entry.item.valueInDollars > ItemOwnership.maxLineValue {
                refused.append(Refusal(line: entry.line, reason: Self.tooValuable(context).reason))
                continue
            }
            if let item = status.existing {
                if let earlier = matched[item.key] {
                    refused.append(Refusal(line: entry.line, reason: context.format("importReasonSameItem", String(earlier))))
                    continue
                }
                matched[item.key] = entry.line
            }
            rows.append(Row(line: entry.line, item: entry.item, status: status, wasRounded: entry.rounded))
        }
        refused.sort { $0.line < $1.line }
    }

    struct RowRefusal: Error {
        let reason: String
    }

    /// One row checked with the dialog's own rules (ItemForm: whole dollars, cents rounded),
    /// plus its key; the date is read once the file's date order is known.
    private static func item(name: String, serial: String, value: String, key: String,
                             context: PageContext) -> Result<(ImportedItem, Bool), RowRefusal> {
        // An empty value is $0.
        switch ItemForm(name: name, serialNumber: serial, value: value.isEmpty ? "0" : value).validate() {
        case .failure(let failure):
            let errors = failure.errors
            if errors.name == "errorNameRequired" { return .failure(RowRefusal(reason: context.text("importReasonName"))) }
            if errors.name != nil { return .failure(RowRefusal(reason: context.text("importReasonNameLong"))) }
            if errors.serialNumber != nil { return .failure(RowRefusal(reason: context.text("importReasonSerialLong"))) }
            return .failure(RowRefusal(reason: context.format("importReasonValue", String(value.prefix(40)))))
        case .success(let clean):
            let item = ImportedItem(key: UUID(uuidString: key), name: clean.name, serialNumber: clean.serialNumber,
                                    valueInDollars: clean.valueInDollars)
            return .success((item, clean.valueWasRounded))
        }
    }
}
