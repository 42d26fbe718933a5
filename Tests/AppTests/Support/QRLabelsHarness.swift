import Foundation
import HTTP
import HTTPTestSupport
import QRCode
import Storage
import Testing
@testable import App

/// Whether libqrencode can be opened on this machine; the tests of the QR path say so when not.
let qrLibraryInstalled = QRCodeLibrary().isAvailable
let qrLibraryMissing: Comment = "libqrencode.so.4 is not installed (Debian package libqrencode4): the QR tests are skipped"

/// `withApp` for the QR labels: the app's `--public-host` names, the library `dlopen` is
/// given (a missing one for the 503 path), and what the app logs.
func withLabelsApp(
    signedIn role: Account.Role? = .owner, publicHosts: [String] = [], library: String = QREncoder.defaultLibraryName,
    behindProxy: Bool = false, log: LogRecorder = LogRecorder(), _ body: (Browser, HomepwnerApp) throws -> Void
) throws {
    let temporary = try TemporaryDirectory()
    var appConfiguration = AppConfiguration(
        dataDirectory: temporary.path, templatesDirectory: repositoryRoot + "/Templates", publicDirectory: repositoryRoot + "/Public",
        log: log.record)
    appConfiguration.publicHosts = publicHosts
    appConfiguration.qrLibraryName = library
    let app = try HomepwnerApp(configuration: appConfiguration)
    defer { try? app.close() }
    var configuration = HTTPServer.Configuration.testing
    configuration.errorResponder = { status, message, request in app.errorResponse(status: status, message: message, request: request) }
    configuration.hostPolicy = HostPolicy(publicHosts: publicHosts)
    configuration.spoolDirectory = temporary.path
    if behindProxy { configuration.trustedProxies = [IPAddress("127.0.0.1")!] }
    try withTestServer(router: app.router, configuration: configuration) { client in
        let browser = Browser(client: client)
        if let role {
            try app.addMember(role.rawValue, role: role)
            try browser.signIn(role.rawValue)
        }
        try body(browser, app)
    }
}
