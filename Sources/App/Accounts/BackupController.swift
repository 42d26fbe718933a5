import Foundation
import HTTP
import Storage

/// `GET /account/backup`: the whole household in one verified SQLite file, for an owner.
struct BackupController: Sendable {
    let store: ItemStore
    /// Where the snapshot is made before it is sent: the data directory's disk.
    let spoolDirectory: String

    /// Takes a snapshot while the store keeps serving (offloaded: it reads the whole file),
    /// verifies it, and sends it as an attachment. The file is unlinked as soon as it is
    /// open, so it vanishes once sent, or if the connection or the process goes away.
    func download(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let signedIn = request.signedIn else { throw HTTPError(.unauthorized, "errorText401") }
        guard signedIn.account.role == .owner else { throw HTTPError(.forbidden, "errorText403Backup") }
        let path = "\(spoolDirectory)/.backup-\(UUID().uuidString).sqlite"
        defer { unlink(path) }
        let summary = try StoreBackup.backup(store: store, to: path)
        let file = try SpoolFile(adopting: path)
        var headers: HTTPHeaders = [.contentType: "application/vnd.sqlite3", .cacheControl: "no-store"]
        let day = ItemCSV.timestamp(Date()).prefix(10)
        headers[HTTPHeaderName("Content-Disposition")] = "attachment; filename=\"homepwner-\(day).sqlite\""
        return HTTPResponse(status: .ok, headers: headers, body: .spooled(file, size: Int(summary.bytes)))
    }
}
