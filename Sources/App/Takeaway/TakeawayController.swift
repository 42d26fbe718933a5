import Archiving
import Foundation
import HTTP
import Storage

/// `GET /account/export.zip` — "Download everything": every member may take the inventory
/// with them. The ZIP is written to a spool file (memory flat) and sent from there.
struct TakeawayController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer
    let spoolDirectory: String

    func download(_ request: HTTPRequest) throws -> HTTPResponse {
        let language = renderer.context(for: request).language
        let sink = try TakeawayArchive(store: store, language: language).write(into: SpoolSink(file: try SpoolFile(directory: spoolDirectory)))
        var headers: HTTPHeaders = [.contentType: "application/zip", .cacheControl: "no-store"]
        let day = ItemCSV.timestamp(Date()).prefix(10)
        headers[HTTPHeaderName("Content-Disposition")] = "attachment; filename=\"homepwner-\(day).zip\""
        return HTTPResponse(status: .ok, headers: headers, body: .spooled(sink.file, size: sink.size))
    }
}

/// An archive written into a response's spool file.
struct SpoolSink: ArchiveSink {
    let file: SpoolFile
    private(set) var size = 0

    init(file: SpoolFile) { self.file = file }

    mutating func write(_ bytes: ArraySlice<UInt8>) throws {
        try file.write(bytes, at: size)
        size += bytes.count
    }
}
