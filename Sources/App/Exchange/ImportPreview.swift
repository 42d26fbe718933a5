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

    private(set) var accepted: [ImportedItem] = []
    private(set) var acceptedLines: [Int] = []
    private(set) var refused: [Refusal] = []
    /// Why nothing in the file can be read (message in the page's language).
    private(set) var fileError: String?

    init(bytes: [UInt8], context: PageContext) {
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
            var rows = 0
            while let record = try reader.next() {
                rows += 1
                if rows > ItemCSV.maxRows {
                    fileError = context.text("importErrorTooManyRows")
                    accepted = []
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
                switch Self.item(name: cell(nameIndex), serial: cell(index(.serial)), value: cell(index(.value)),
                                 date: cell(index(.date)), key: cell(index(.key)), context: context) {
                case .success(let item):
                    accepted.append(item)
                    acceptedLines.append(record.line)
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
        if fileError == nil, accepted.isEmpty, refused.isEmpty { fileError = context.text("importErrorEmpty") }
    }

    private struct RowRefusal: Error {
        let reason: String
    }

    /// One row checked with the dialog's own rules (ItemForm), plus the date and key.
    private static func item(name: String, serial: String, value: String, date: String, key: String,
                             context: PageContext) -> Result<ImportedItem, RowRefusal> {
        // A spreadsheet may write a whole number as 12.00; an empty value is $0.
        var dollars = value.isEmpty ? "0" : value
        if let dot = dollars.firstIndex(of: "."), dollars[dollars.index(after: dot)...].allSatisfy({ $0 == "0" }) {
            dollars = String(dollars[..<dot])
        }
        switch ItemForm(name: name, serialNumber: serial, value: dollars).validate() {
        case .failure(let failure):
            let errors = failure.errors
            if errors.name == "errorNameRequired" { return .failure(RowRefusal(reason: context.text("importReasonName"))) }
            if errors.name != nil { return .failure(RowRefusal(reason: context.text("importReasonNameLong"))) }
            if errors.serialNumber != nil { return .failure(RowRefusal(reason: context.text("importReasonSerialLong"))) }
            return .failure(RowRefusal(reason: context.format("importReasonValue", String(value.prefix(40)))))
        case .success(let clean):
            var recorded: Date?
            if !date.isEmpty {
                guard let parsed = ItemCSV.date(date) else {
                    return .failure(RowRefusal(reason: context.format("importReasonDate", String(date.prefix(40)))))
                }
                recorded = parsed
            }
            return .success(ImportedItem(key: UUID(uuidString: key), name: clean.name, serialNumber: clean.serialNumber,
                                         valueInDollars: clean.valueInDollars, dateCreated: recorded))
        }
    }
}
