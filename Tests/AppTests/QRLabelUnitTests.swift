import Foundation
import Testing
@testable import App

@Suite("QR labels: what a label prints")
struct QRLabelUnitTests {
    static func label(_ name: String) -> QRLabel {
        QRLabel(kind: .item, key: UUID(), name: name)
    }

    @Test("The short code is the key's first 6 characters in upper case")
    func shortCode() throws {
        let key = try #require(UUID(uuidString: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b"))
        #expect(QRLabel.shortCode(key) == "3F2A9C")
    }

    @Test("A name's type size follows its width, a Chinese character counting as two",
          arguments: [("Lamp", "short"), (String(repeating: "x", count: 24), "short"), (String(repeating: "x", count: 25), "medium"),
                      ("熊猫玩具", "short"), (String(repeating: "熊", count: 13), "medium"), (String(repeating: "熊", count: 33), "long"),
                      (String(repeating: "Antique clock ", count: 11), "long")])
    func nameSize(name: String, size: String) {
        #expect(Self.label(name).nameSize == size)
    }

    @Test("Addresses only this machine can open are told apart from ones a phone can",
          arguments: [("http://127.0.0.1:8080", true), ("http://localhost:8080", true), ("https://[::1]:8443", true),
                      ("http://app.localhost", true), ("http://homepwner.local:8080", false), ("https://192.168.1.20", false),
                      ("https://inventory.example.org", false), ("http://[fd00::1]:9000", false)])
    func localOnly(origin: String, local: Bool) {
        #expect(QRLabelAddress.isLocalOnly(origin) == local)
    }
}
