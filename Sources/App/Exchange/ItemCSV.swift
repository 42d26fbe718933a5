import Foundation
import Storage

/// The CSV form of the inventory: its columns, their names in every language, how cells are
/// written (and neutralised against spreadsheet formulas) and read back.
enum ItemCSV {
    enum Column: CaseIterable {
        /// The first seven as issue 22 wrote them; Location and Labels (issue 23) after them,
        /// so a script reading columns by number still finds the old ones; then issue 24's
        /// (`lineValue`, value × quantity, is written for spreadsheets and never read back).
        case name, serial, value, date, position, photo, key, location, labels
        case manufacturer, model, quantity, lineValue, purchaseDate, purchasePrice, placeBought, warranty, notes

        var stringKey: String {
            switch self {
            case .name: "csvName"
            case .serial: "csvSerial"
            case .value: "csvValue"
            case .date: "csvDate"
            case .position: "csvPosition"
            case .photo: "csvPhoto"
            case .key: "csvKey"
            case .location: "csvLocation"
            case .labels: "csvLabels"
            case .manufacturer: "csvManufacturer"
            case .model: "csvModel"
            case .quantity: "csvQuantity"
            case .lineValue: "csvLineValue"
            case .purchaseDate: "csvPurchaseDate"
            case .purchasePrice: "csvPurchasePrice"
            case .placeBought: "csvPlaceBought"
            case .warranty: "csvWarranty"
            case .notes: "csvNotes"
            }
        }
    }

    static let maxRows = 100_000
    static let maxBytes = 10 * 1_024 * 1_024

    /// The header row in `language`.
    static func header(_ language: Language) -> [String] {
        Column.allCases.map { Strings.text($0.stringKey, language) }
    }

    /// What a header cell may say for each column: its name in every language, and the
    /// words spreadsheets commonly use; compared without case, spaces, `_` or `-`.
    static let headerNames: [String: Column] = {
        var names: [String: Column] = [:]
        for column in Column.allCases {
            for language in Language.allCases { names[normalizedHeader(Strings.text(column.stringKey, language))] = column }
        }
        let extra: [(String, Column)] = [
            ("item", .name), ("item name", .name), ("title", .name), ("物品", .name), ("物品名称", .name), ("物品名稱", .name),
            ("serial", .serial), ("serial no", .serial), ("s/n", .serial), ("sn", .serial), ("序列號", .serial), ("序号", .serial),
            ("value in dollars", .value), ("value (usd)", .value), ("value ($)", .value), ("price", .value), ("金额", .value), ("金額", .value),
            ("date", .date), ("date created", .date), ("recorded", .date), ("日期", .date),
            ("key", .key), ("id", .key), ("item id", .key), ("uuid", .key),
            ("place", .location), ("room", .location), ("where", .location), ("location path", .location),
            ("地点", .location), ("地點", .location), ("存放位置", .location),
            ("label", .labels), ("tags", .labels), ("tag", .labels), ("標簽", .labels), ("标记", .labels),
        ] + ownershipHeaderNames
        for (name, column) in extra { names[normalizedHeader(name)] = column }
        return names
    }()

    static func normalizedHeader(_ text: String) -> String {
        text.trimmingWhitespace.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" }
    }

    /// One item's record, in ``Column`` order.
    static func record(_ item: Item, place: Int, language: Language, places: PlaceNames) -> [String] {
        [
            neutralised(item.name),
            neutralised(item.serialNumber),
            String(item.valueInDollars),
            timestamp(item.dateCreated),
            String(place),
            Strings.text(item.photoETag == nil ? "csvNo" : "csvYes", language),
            item.key.lowercasedString,
            neutralised(places.location(item.locationKey)),
            neutralised(places.labels(item.labelKeys)),
        ] + ownershipCells(item, language: language)
    }

    /// `2026-11-23T13:40:12Z`: UTC to the second, which spreadsheets and scripts both read.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 253_402_300_800 else { return "" }
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
