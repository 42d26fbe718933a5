import App
import Foundation
import Glibc
import HTTP
import HTTPTestSupport
import Testing

/// The real `homepwner` with `HOMEPWNER_TRANSLATIONS` pointing at a translator's files:
/// a broken one stops it before it binds its port, naming the file and line; good ones
/// are what its pages show, without a rebuild.
@Suite("homepwner with a directory of translations")
struct TranslationStartupTests {
    /// A copy of the bundled `.po` files in a temporary directory, `edit` applied to `file`.
    static func translations(editing file: String, _ edit: (String) -> String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for name in ["en.po", "zh-Hans.po", "zh-Hant.po"] {
            let source = (Translations.directory as NSString).appendingPathComponent(name)
            let text = String(decoding: try #require(FileManager.default.contents(atPath: source)), as: UTF8.self)
            try Data((name == file ? edit(text) : text).utf8).write(to: URL(fileURLWithPath: directory.path + "/" + name))
        }
        return directory
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    static func isListening(_ port: Int) -> Bool {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    @Test("A deliberately broken translation file stops the server before it listens, naming the file and line")
    func brokenFileRefusesToStart() throws {
        var line = 0
        let translations = try Self.translations(editing: "zh-Hans.po") { text in
            let range = text.range(of: "msgstr \"已登录：{0}（{1}）\"")!
            line = text[..<range.lowerBound].count { $0 == "\n" } + 1
            return text.replacingCharacters(in: range, with: "msgstr \"已登录：{1}（{1}）\"")
        }
        let data = try TemporaryDirectory()
        let dataDirectory = data.path + "/store"
        let port = try Self.freePort()
        let (status, out, err) = try CommandLineTests.run(
            ["--port", String(port), "--data-dir", dataDirectory], timeout: 10,
            environment: ["HOMEPWNER_TRANSLATIONS": translations.path])
        #expect(status == 1, "\(err)")
        #expect(err.contains("homepwner: translations: \(translations.path)/zh-Hans.po:\(line): msgstr for \"signedInAs\" uses {1}, its source uses {0} and {1}"), "\(err)")
        #expect(!out.contains("listening"), "\(out)")
        #expect(!Self.isListening(port), "nothing listens on the port")
        #expect(!FileManager.default.fileExists(atPath: dataDirectory), "nothing is created before the translations are good")
    }

    @Test("A file with a syntax error, or none for a language, stops it too", arguments: [
        ("en.po", "msgstr \"Sign in\"\n\nmsgctxt \"signInFailed\"", "msgstr \"Sign in\n\nmsgctxt \"signInFailed\"", "en.po:", "unterminated string"),
        ("zh-Hant.po", "", "", "zh-Hant.po: missing", "every language needs its file"),
    ])
    func otherBrokenFiles(file: String, old: String, new: String, named: String, message: String) throws {
        let translations = try Self.translations(editing: file) { $0.replacingOccurrences(of: old, with: new) }
        if old.isEmpty { try FileManager.default.removeItem(atPath: translations.path + "/" + file) }
        let data = try TemporaryDirectory()
        let (status, _, err) = try CommandLineTests.run(["--port", "0", "--data-dir", data.path + "/store"], timeout: 10,
                                                        environment: ["HOMEPWNER_TRANSLATIONS": translations.path])
        #expect(status == 1 && err.contains("\(translations.path)/\(named)") && err.contains(message), "\(err)")
    }

    @Test("Good files in HOMEPWNER_TRANSLATIONS are what the pages say, without a rebuild")
    func translatorsOwnFiles() throws {
        let translations = try Self.translations(editing: "zh-Hans.po") {
            $0.replacingOccurrences(of: "msgid \"Sign in to see and change the household's inventory.\"\nmsgstr \"登录后即可查看和修改家中的物品清单。\"",
                                    with: "msgid \"Sign in to see and change the household's inventory.\"\nmsgstr \"译者的新译文。\"")
        }
        let server = try ServerProcess(environment: ["HOMEPWNER_TRANSLATIONS": translations.path])
        defer { _ = server.stop() }
        let page = try server.client().get("/sign-in?lang=zh-Hans")
        #expect(page.status == .ok)
        #expect(page.text.contains("译者的新译文。"))
    }
}
