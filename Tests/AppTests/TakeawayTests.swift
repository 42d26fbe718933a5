import Foundation
import HTTP
import HTTPTestSupport
import ImageFixtures
import Storage
import Testing
@testable import App

/// Issue 24 point 6: "Download everything" and `homepwner export --zip`.
@Suite("The takeaway ZIP", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 reads the ZIP back"))
struct TakeawayTests {
    /// The archive's entries as Python's zipfile reads them (names → bytes), CRCs checked.
    static func entries(_ zip: [UInt8]) throws -> [String: [UInt8]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("takeaway-\(UUID().uuidString).zip")
        try Data(zip).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(json.dumps({i.filename: z.read(i).hex() for i in z.infolist()}))
            """, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let hex = try JSONSerialization.jsonObject(with: data) as! [String: String]
        return hex.mapValues { text in
            var bytes: [UInt8] = []
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(index, offsetBy: 2)
                bytes.append(UInt8(text[index..<next], radix: 16)!)
                index = next
            }
            return bytes
        }
    }

    @Test("Every member downloads one ZIP: the CSV as Export CSV gives it, a folder per item with photos and documents, byte for byte, in order")
    func download() throws {
        try withApp(signedIn: .viewer) { browser, app in
            let draft = try app.store.beginNewItemDraft(.random)
            _ = try app.store.updateDraft(id: draft.id, name: "../Bike: \"road\" <b>", serialNumber: "B-1", valueInDollars: 300)
            _ = try app.store.addDraftPhotos(id: draft.id, uploads: [SampleImages.jpeg(seed: 1), SampleImages.png(seed: 2)])
            let receipt = Array("%PDF-1.7\n".utf8) + (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            _ = try app.store.addDraftDocument(id: draft.id, DocumentUpload(kind: .receipt, title: "Shop: receipt", fileName: "r.pdf", bytes: receipt))
            _ = try app.store.addDraftDocument(id: draft.id, DocumentUpload(kind: .manual, title: "Owner’s manual", fileName: "m.pdf", bytes: Array("%PDF-1.4 manual".utf8)))
            let bike = try app.store.commitDraft(id: draft.id, expectedVersion: nil)
            _ = try app.seedItem(name: "收音机", serial: "R-2", value: 20)
            let third = try app.seedItem(name: "Bike", photo: SampleImages.gif(seed: 3))

            let response = try browser.get("/account/export.zip")
            #expect(response.status == 200)
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.headers[HTTPHeaderName("Content-Disposition")]?.hasPrefix("attachment; filename=\"homepwner-") == true)
            let entries = try Self.entries(response.bodyBytes)
            let csv = try browser.get("/items.csv")
            #expect(entries["items.csv"] == csv.bodyBytes)
            let photos = try app.store.photoETags(ofItem: bike.key).map(Photo.digest(ofETag:))
            #expect(entries["0001 -Bike- -road- -b-/photo 1 (cover).jpg"] == (try app.store.photo(ofItem: bike.key, digest: photos[0])?.contents()))
            #expect(entries["0001 -Bike- -road- -b-/photo 2.png"] == (try app.store.photo(ofItem: bike.key, digest: photos[1])?.contents()))
            #expect(entries["0003 Bike/photo 1 (cover).gif"] == (try app.store.photo(forItem: third.key)?.contents()))
            #expect(entries["0001 -Bike- -road- -b-/Receipt - Shop- receipt.pdf"] == receipt, "documents whole, read in pieces")
            #expect(entries["0001 -Bike- -road- -b-/Manual - Owner’s manual.pdf"] == Array("%PDF-1.4 manual".utf8))
            #expect(entries.count == 6, "the radio has no photo and no document, so no folder: \(entries.keys.sorted())")
            #expect(try app.store.count() == 3, "a download changes nothing")
        }
    }

    @Test("homepwner export --zip FILE writes the same archive; it refuses to overwrite without --force")
    func command() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/everything.zip"
        try withApp(dataDirectory: directory.path) { _, app in
            _ = try app.seedItem(name: "Lamp", photo: SampleImages.png(seed: 9))
        }
        let store = try ItemStore.open(directory: directory.path)
        defer { store.close() }
        let summary = try TakeawayFile.export(store: store, to: file, replacing: false)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(summary.bytes == UInt64(bytes.count))
        let entries = try Self.entries(bytes)
        #expect(entries.keys.sorted() == ["0001 Lamp/photo 1 (cover).png", "items.csv"])
        #expect(throws: TakeawayFile.Failure.self) { try TakeawayFile.export(store: store, to: file, replacing: false) }
        _ = try TakeawayFile.export(store: store, to: file, replacing: true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".partial-") }.isEmpty)
    }

    @Test("Folder names are safe everywhere: no separators, reserved or control characters, no leading dots, 80 characters at most")
    func folderNames() {
        #expect(TakeawayArchive.folderName("../../etc/passwd", number: 7, width: 4) == "0007 -..-etc-passwd")
        #expect(TakeawayArchive.folderName("...", number: 12, width: 4) == "0012")
        #expect(TakeawayArchive.folderName("a\u{0}b\nc", number: 1, width: 2) == "01 a-b-c")
        #expect(TakeawayArchive.folderName(String(repeating: "长", count: 150), number: 1, width: 1).count == 82)
    }
}
