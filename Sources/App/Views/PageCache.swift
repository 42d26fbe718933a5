import Cryptography
import Mustache
import Storage
import Synchronization

/// Whole list pages, rendered once for every member who sees them alike and kept for the
/// store revision they were read at (as `ListingCache` keeps their rows). The two things a
/// page shows that differ between browsers — the CSRF token and the member's name — are
/// rendered as markers, cut out as holes, and filled in per request: a repeated read of an
/// unchanged list costs a copy, not a render.
final class PageCache: Sendable {
    struct Key: Hashable {
        let listing: ListingCache.Key
        /// What the page offers depends on the role (Add, Edit, Members); `nil` before setup.
        let role: Account.Role?
    }

    /// A rendered page cut at its holes: `pieces[0]`, `holes[0]`, `pieces[1]`, …, `pieces[n]`.
    struct Page: Sendable {
        let pieces: [[UInt8]]
        let holes: [Hole]
        let byteCount: Int
    }

    enum Hole: Sendable {
        case csrfToken
        case username
    }

    /// Rendered where the holes go: random per process and only letters and digits, so HTML
    /// escaping leaves them whole and no stored text can contain one by chance or design.
    let csrfMarker: String
    let usernameMarker: String
    private let markerStem: [UInt8]

    private let entries = Mutex<[Key: Page]>([:])
    private let capacity: Int

    /// - Parameter capacity: pages kept for one revision (about 60 KB each).
    init(capacity: Int = 128) {
        self.capacity = capacity
        let stem = "hpmark" + SecureRandom.hex(byteCount: 12)
        markerStem = Array(stem.utf8)
        csrfMarker = stem + "c"
        usernameMarker = stem + "u"
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    func page(for key: Key) -> Page? {
        entries.withLock { $0[key] }
    }

    func keep(_ page: Page, for key: Key) {
        entries.withLock { entries in
            if let any = entries.keys.first, any.listing.revision != key.listing.revision || entries.count >= capacity {
                if any.listing.revision > key.listing.revision { return }  // a slower reader of an older revision
                entries.removeAll(keepingCapacity: true)
            }
            entries[key] = page
        }
    }

    /// Cuts a page rendered with the markers at each of them.
    func cut(_ bytes: [UInt8]) -> Page {
        var pieces: [[UInt8]] = []
        var holes: [Hole] = []
        var start = 0, index = 0
        let stem = markerStem, end = bytes.count - stem.count - 1
        while index <= end {
            guard bytes[index] == stem[0], bytes[index..<index + stem.count].elementsEqual(stem) else {
                index += 1
                continue
            }
            let hole: Hole? = switch bytes[index + stem.count] {
            case UInt8(ascii: "c"): .csrfToken
            case UInt8(ascii: "u"): .username
            default: nil
            }
            guard let hole else {
                index += 1
                continue
            }
            pieces.append(Array(bytes[start..<index]))
            holes.append(hole)
            index += stem.count + 1
            start = index
        }
        pieces.append(Array(bytes[start...]))
        return Page(pieces: pieces, holes: holes, byteCount: bytes.count)
    }

    /// The page with its holes filled, HTML-escaped as the template would have.
    func fill(_ page: Page, csrfToken: String, username: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(page.byteCount + page.holes.count * 64)
        for (index, piece) in page.pieces.enumerated() {
            bytes.append(contentsOf: piece)
            guard index < page.holes.count else { break }
            switch page.holes[index] {
            case .csrfToken: bytes.appendHTMLEscaped(csrfToken)
            case .username: bytes.appendHTMLEscaped(username)
            }
        }
        return bytes
    }
}
