import Archiving
import Foundation
import Storage

/// "Download everything" (issue 24 point 6): the whole inventory as one ZIP that opens
/// without Homepwner — `items.csv` (the same file as Export CSV) and a folder per item with
/// its photos under readable names, for an insurer or a spreadsheet.
///
///     items.csv
///     0001 Digital camera/photo 1 (cover).jpg
///     0001 Digital camera/photo 2.png
///
/// Written front to back into any ``ArchiveSink`` (a spool file, a file): one photo in memory
/// at a time, whatever the inventory's size.
struct TakeawayArchive {
    let store: ItemStore
    let language: Language

    /// An item to give a folder: its number in the household's order, and its name.
    private struct Folder {
        let item: Item
        let number: Int
    }

    func write<Sink: ArchiveSink>(into sink: Sink, now: Date = Date()) throws -> Sink {
        var zip = ZipWriter(sink: sink)
        // The CSV first, deflated as it is written; the items with photos are noted for after.
        var folders: [Folder] = []
        let places = ItemCSV.PlaceNames(try store.placeLookup())
        var csv = CSVWriter(capacity: 80 * 1_024)
        csv.appendRecord(ItemCSV.header(language))
        try zip.beginEntry("items.csv", modified: now)
        try store.forEachItem(matching: ItemQuery()) { item, place in
            csv.appendRecord(ItemCSV.record(item, place: place, language: language, places: places))
            if item.photoETag != nil { folders.append(Folder(item: item, number: place)) }
            if csv.bytes.count >= 64 * 1_024 {
                try zip.write(csv.bytes[...])
                csv.removeAll()
            }
        }
        try zip.write(csv.bytes[...])
        try zip.endEntry()
        let width = max(4, String(folders.last?.number ?? 0).count)
        for folder in folders {
            let name = Self.folderName(folder.item.name, number: folder.number, width: width)
            let etags = try store.photoETags(ofItem: folder.item.key)
            for (index, etag) in etags.enumerated() {
                // Gone meanwhile (a photo removed during the export): skipped, never half-written.
                guard let photo = try store.photo(ofItem: folder.item.key, digest: Photo.digest(ofETag: etag)) else { continue }
                let file = "photo \(index + 1)\(index == 0 ? " (cover)" : "").\(Self.fileExtension(photo.mediaType))"
                try zip.addEntry("\(name)/\(file)", modified: folder.item.dateCreated, compressed: false, bytes: photo.bytes)
            }
        }
        return try zip.finish()
    }

    /// "0042 Digital camera": the item's number (so folders sort as the list does, and two
    /// items of one name never share one) and its name made safe as a file name everywhere:
    /// no slashes, no characters Windows refuses, no control characters, no leading dots.
    static func folderName(_ name: String, number: Int, width: Int) -> String {
        let refused = Set("/\\:*?\"<>|")
        var safe = String(name.unicodeScalars.map { scalar -> Character in
            scalar.properties.generalCategory == .control || refused.contains(Character(scalar)) ? "-" : Character(scalar)
        })
        safe = safe.trimmingCharacters(in: CharacterSet(charactersIn: ". ").union(.whitespacesAndNewlines))
        if safe.count > 80 { safe = String(safe.prefix(80)).trimmingCharacters(in: .whitespaces) }
        let padded = String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        return safe.isEmpty ? padded : "\(padded) \(safe)"
    }

    static func fileExtension(_ mediaType: String) -> String {
        switch mediaType {
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "image/gif": "gif"
        case "image/webp": "webp"
        case "application/pdf": "pdf"
        default: "bin"
        }
    }
}
