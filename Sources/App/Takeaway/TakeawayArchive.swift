import Archiving
import Foundation
import Storage

/// "Download everything" (issue 24 point 6): the whole inventory as one ZIP that opens
/// without Homepwner — `items.csv` (the same file as Export CSV) and a folder per item with
/// its photos and documents under readable names, for an insurer or a spreadsheet.
///
///     items.csv
///     0001 Digital camera/photo 1 (cover).jpg
///     0001 Digital camera/photo 2.png
///     0001 Digital camera/Receipt - Store receipt.pdf
///
/// Written front to back into any ``ArchiveSink`` (a spool file, a file): one photo in memory
/// at a time, documents read from their cached files in pieces, whatever the inventory's size.
struct TakeawayArchive {
    let store: ItemStore
    let language: Language

    /// An item that may get a folder: what naming it needs, not the whole item (its notes may
    /// be long, and there may be 100,000 of them).
    private struct Folder {
        let key: UUID
        let name: String
        let dateCreated: Date
        let hasPhoto: Bool
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
            folders.append(Folder(key: item.key, name: item.name, dateCreated: item.dateCreated, hasPhoto: item.photoETag != nil, number: place))
            if csv.bytes.count >= 64 * 1_024 {
                try zip.write(csv.bytes[...])
                csv.removeAll()
            }
        }
        try zip.write(csv.bytes[...])
        try zip.endEntry()
        let width = max(4, String(folders.last?.number ?? 0).count)
        for folder in folders {
            let documents = try store.documents(ofItem: folder.key)
            guard folder.hasPhoto || !documents.isEmpty else { continue }
            let name = Self.folderName(folder.name, number: folder.number, width: width)
            let etags = try store.photoETags(ofItem: folder.key)
            for (index, etag) in etags.enumerated() {
                // Gone meanwhile (a photo removed during the export): skipped, never half-written.
                guard let photo = try store.photo(ofItem: folder.key, digest: Photo.digest(ofETag: etag)) else { continue }
                let file = "photo \(index + 1)\(index == 0 ? " (cover)" : "").\(Self.fileExtension(photo.mediaType))"
                try zip.addEntry("\(name)/\(file)", modified: folder.dateCreated, compressed: false, bytes: try photo.contents())
            }
            var taken: Set<String> = []
            for document in documents {
                guard let file = try store.documentFile(ofItem: folder.key, reference: document.digest) else { continue }
                try addDocument(file, named: Self.documentFileName(document, taken: &taken), in: name, to: &zip)
            }
        }
        return try zip.finish()
    }

    /// A document's bytes, from its cached file a piece at a time (25 MB never held whole).
    private func addDocument<Sink>(_ file: DocumentFile, named fileName: String, in folder: String, to zip: inout ZipWriter<Sink>) throws {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return }
        defer { try? handle.close() }
        try zip.beginEntry("\(folder)/\(fileName)", modified: file.document.addedAt)
        while let piece = try handle.read(upToCount: 256 * 1_024), !piece.isEmpty {
            try zip.write(Array(piece)[...])
        }
        try zip.endEntry()
    }

    /// "Receipt - Store receipt.pdf": its kind, its title made safe as a file name, its type's
    /// extension; "(2)" and so on when two would share a name.
    static func documentFileName(_ document: ItemDocument, taken: inout Set<String>) -> String {
        let kind = document.kind.rawValue.prefix(1).uppercased() + document.kind.rawValue.dropFirst()
        let title = safeFileName(document.title)
        let stem = title.isEmpty ? kind : "\(kind) - \(title)"
        var name = "\(stem).\(document.fileExtension)"
        var copy = 2
        while !taken.insert(name).inserted {
            name = "\(stem) (\(copy)).\(document.fileExtension)"
            copy += 1
        }
        return name
    }

    /// "0042 Digital camera": the item's number (so folders sort as the list does, and two
    /// items of one name never share one) and its name made safe as a file name everywhere:
    /// no slashes, no characters Windows refuses, no control characters, no leading dots.
    static func folderName(_ name: String, number: Int, width: Int) -> String {
        let safe = safeFileName(name)
        let padded = String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        return safe.isEmpty ? padded : "\(padded) \(safe)"
    }

    /// `name` as a file name every system takes: no slashes, no characters Windows refuses, no
    /// control characters, no leading or trailing dots or spaces, 80 characters at most.
    static func safeFileName(_ name: String) -> String {
        let refused = Set("/\\:*?\"<>|")
        var safe = String(name.unicodeScalars.map { scalar -> Character in
            scalar.properties.generalCategory == .control || refused.contains(Character(scalar)) ? "-" : Character(scalar)
        })
        safe = safe.trimmingCharacters(in: CharacterSet(charactersIn: ". ").union(.whitespacesAndNewlines))
        if safe.count > 80 { safe = String(safe.prefix(80)).trimmingCharacters(in: .whitespaces) }
        return safe
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
