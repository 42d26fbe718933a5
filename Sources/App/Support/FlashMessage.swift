import Cryptography
import Foundation
import HTTP

/// The one-time message a redirect leaves for the page it leads to (POST → 303 → GET), and
/// the deletion it offers to undo.
///
/// It travels in a cookie, and a cookie can be planted (from a sibling domain, or by a man
/// in the middle of a plain-HTTP request), so the message is signed: HMAC-SHA-256 under the
/// server's key, domain-separated from the CSRF token's MAC, over an expiry, the browser's
/// CSRF id and the message. A planted, altered, expired or copied-from-another-browser
/// cookie is ignored: a trusted page only ever shows the server's own words.
///
/// ```swift
/// let cookie = FlashMessage(text: "Deleted Bike.", undoBatch: batch).cookie(key: key, browserID: id, secure: true)
/// let shown = FlashMessage.read(from: request, key: key, browserID: id)
/// ```
struct FlashMessage: Sendable, Equatable {
    let text: String
    let undoBatch: UUID?
    /// Where on its page the message belongs — beside what the action was taken on (an
    /// element id such as `tokens` or `member-3`, which the redirect's fragment scrolls to);
    /// nil for the top of the page.
    var place: String? = nil

    /// Letters, digits and `-`, at most 40: an element id, never markup.
    static func isValidPlace(_ place: String) -> Bool {
        !place.isEmpty && place.utf8.count <= 40
            && place.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
    /// The batch is an import's, undone by Undo import (issue 22 point 2), not a deletion's.
    var undoesImport = false

    static let cookieName = "hp_flash"
    /// Over HTTPS: Secure and host-only, so plain HTTP and sibling domains cannot set it.
    static let secureCookieName = "__Host-hp_flash"
    /// Seconds a message waits for its page.
    static let lifetime = 120

    static func cookieName(secure: Bool) -> String { secure ? secureCookieName : cookieName }

    /// The cookie that carries the message: `expiry.batch.text.mac`, or `expiry.batch.text.place.mac`
    /// with a place, the text percent-encoded to ASCII letters and digits (so it holds no `.`),
    /// the batch empty when there is none.
    func cookie(key: [UInt8], browserID: String, secure: Bool, now: Date = Date()) -> HTTPCookie? {
        guard !text.isEmpty, let encoded = text.addingPercentEncoding(withAllowedCharacters: Self.cookieSafe) else { return nil }
        let batch = (undoesImport ? Self.importMark : "") + (undoBatch?.uuidString ?? "")
        var payload = "\(Int(now.timeIntervalSince1970) + Self.lifetime).\(batch).\(encoded)"
        if let place {
            guard Self.isValidPlace(place) else { return nil }
            payload += "." + place
        }
        return HTTPCookie(
            name: Self.cookieName(secure: secure), value: payload + "." + Hex.encode(Self.mac(key: key, browserID: browserID, payload: payload)),
            path: "/", maxAge: Self.lifetime, httpOnly: true, secure: secure, sameSite: .lax)
    }

    /// The request's message if the server signed it for this browser and it has not expired;
    /// nil for anything else (never shown, never an error: it is only a courtesy).
    static func read(from request: HTTPRequest, key: [UInt8], browserID: String?, now: Date = Date()) -> FlashMessage? {
        guard let browserID, let value = request.cookie(cookieName(secure: request.isSecure)), value.utf8.count <= 4096 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 || parts.count == 5, let expiry = Int(parts[0]), let mac = Hex.decode(parts[parts.count - 1])
        else { return nil }
        let payload = parts.dropLast().joined(separator: ".")
        let place = parts.count == 5 ? String(parts[3]) : nil
        if let place, !isValidPlace(place) { return nil }
        guard HMAC.constantTimeEqual(mac, Self.mac(key: key, browserID: browserID, payload: payload)),
              Double(expiry) >= now.timeIntervalSince1970,
              let text = String(parts[2]).removingPercentEncoding, !text.isEmpty
        else { return nil }
        let undoesImport = parts[1].hasPrefix(importMark)
        let batch = UUID(uuidString: String(parts[1].dropFirst(undoesImport ? importMark.count : 0)))
        guard parts[1].isEmpty || batch != nil else { return nil }
        return FlashMessage(text: text, undoBatch: batch, place: place, undoesImport: undoesImport)
    }

    /// Before the batch: it is an import's (a UUID never starts with it).
    static let importMark = "I"

    /// The cookie that removes a message once it has been shown.
    static func clearing(secure: Bool) -> HTTPCookie {
        HTTPCookie(name: cookieName(secure: secure), value: "", path: "/", maxAge: 0, httpOnly: true, secure: secure, sameSite: .lax)
    }

    /// Domain-separated ("homepwner-flash-v1"), so no CSRF token is ever a valid flash MAC
    /// nor the other way round, though both use the server's key.
    private static func mac(key: [UInt8], browserID: String, payload: String) -> [UInt8] {
        HMAC.sha256(key: key, message: Array("homepwner-flash-v1:\(browserID):\(payload)".utf8))
    }

    /// ASCII letters and digits only: `.alphanumerics` would let non-ASCII letters (中文)
    /// through, and a cookie value must be ASCII (RFC 6265 §4.1.1).
    private static let cookieSafe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
}
