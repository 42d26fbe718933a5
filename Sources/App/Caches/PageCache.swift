import Mustache
import Storage
import Synchronization

/// Whole list pages, rendered once for every member who sees them alike and kept for the
/// store revision they were read at (as `ListingCache` keeps their rows). The two things a
/// page shows that differ between browsers — the CSRF token and the member's name — are
/// rendered as markers, cut out as holes, and filled in per request: a repeated read of an
/// unchanged list costs a copy, not a render.
///
/// Below the pages of one revision, two things outlive writes: a page's *frame* (the page
/// with its rows, summary, counts and sheet as holes too, kept by its shape), and a sheet's
/// rendered dialog (kept by what it shows). After a write, a page is its frame filled with
/// the new listing, and a sheet also has its dialog spliced in.
final class PageCache: Sendable {
    struct Key: RevisionKeyed {
        let listing: ListingCache.Key
        /// What the page offers depends on the role (Add, Edit, Members); `nil` before setup.
        let role: Account.Role?
        /// The item whose sheet is shown over the list, and which page of its history.
        var sheet: String? = nil

        var revision: Int { listing.revision }
    }

    /// A rendered page and where its holes are: `bytes` with each of `holes`' ranges (a
    /// marker) replaced by that browser's value, or the page's rows and texts.
    struct Page: Sendable {
        let bytes: [UInt8]
        let holes: [(range: Range<Int>, hole: Hole)]
        /// What goes in the `.rows` hole: the list's rows, kept as they are (the row cache's
        /// bytes) rather than copied into the page once more.
        var rows: [[UInt8]]
        var texts = Texts()
        var sectionIndex: [UInt8] = []
    }

    /// A hole, by the byte that ends its marker.
    enum Hole: UInt8, Sendable {
        case csrfToken = 0x63  // c
        case username = 0x75  // u
        case rows = 0x72  // r
        case summary = 0x73  // s
        case count = 0x6E  // n
        case deletedCount = 0x64  // d
        case dialogTitle = 0x74  // t
        /// Where a frame's sheet goes, spliced in before the page is cut for the other holes.
        case dialog = 0x67  // g
        /// A sectioned list's section index, kept with its rows (it links to their sections).
        case sectionIndex = 0x78  // x
        /// The member's own Favourites section, first in a list in sections (issue 26).
        case favouritesSection = 0x76  // v
    }

    /// Rendered where the holes go (see `MarkerStem`).
    let csrfMarker: String
    let usernameMarker: String
    let rowsMarker: String
    let sectionIndexMarker: String
    let favouritesSectionMarker: String
    /// Rendered in a frame for its `Texts`, and where its sheet goes.
    let textMarkers: Texts
    let dialogMarker: String
    private let stem: MarkerStem

    /// Off only in tests, to compare with pages rendered whole.
    let isEnabled = Atomic<Bool>(true)

    /// Whole pages, for the newest revision only.
    let pages: RevisionCache<Key, Page>
    /// Pages' frames, by their shape: they outlive writes.
    let frames: BoundedCache<FrameKey, Page>
    /// Sheets' dialogs as rendered for a shared page (with the token's marker), by what they show.
    let dialogs: BoundedCache<DialogKey, [UInt8]>

    /// - Parameters:
    ///   - capacity: pages kept for one revision (about 60 KB each).
    ///   - frameCapacity: frames (about 12 KB each), and sheets' dialogs (about 6 KB each),
    ///     kept before starting over.
    init(capacity: Int = 128, frameCapacity: Int = 256) {
        pages = RevisionCache(capacity: capacity)
        frames = BoundedCache(capacity: frameCapacity)
        dialogs = BoundedCache(capacity: frameCapacity)
        let stem = MarkerStem(prefix: "QZhpmark")
        self.stem = stem
        func marker(_ hole: Hole) -> String { stem.marker(hole.rawValue) }
        csrfMarker = marker(.csrfToken)
        usernameMarker = marker(.username)
        rowsMarker = marker(.rows)
        sectionIndexMarker = marker(.sectionIndex)
        favouritesSectionMarker = marker(.favouritesSection)
        textMarkers = Texts(summary: marker(.summary), count: marker(.count), deletedCount: marker(.deletedCount),
                            dialogTitle: marker(.dialogTitle))
        dialogMarker = marker(.dialog)
    }

    func removeAll() {
        pages.removeAll()
        frames.removeAll()
        dialogs.removeAll()
    }

    /// Finds the markers in a page rendered with them.
    func cut(_ bytes: [UInt8], rows: [[UInt8]] = [], sectionIndex: [UInt8] = []) -> Page {
        Page(bytes: bytes, holes: stem.holes(in: bytes, Hole.init(rawValue:)), rows: rows, sectionIndex: sectionIndex)
    }

    /// The frame with `dialog` where its sheet goes, cut again for the holes the dialog has
    /// (its forms' token).
    func splice(_ dialog: [UInt8], into frame: Page) -> Page {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frame.bytes.count + dialog.count)
        var start = 0
        for (range, hole) in frame.holes where hole == .dialog {
            bytes.append(contentsOf: frame.bytes[start..<range.lowerBound])
            bytes.append(contentsOf: dialog)
            start = range.upperBound
        }
        bytes.append(contentsOf: frame.bytes[start...])
        return cut(bytes)
    }

    /// The page with its holes filled, HTML-escaped as the template would have, and the
    /// member's own Favourites section and its entry in the section index where they go (the
    /// member's stars are turned on after, see `FavouriteStars`).
    func fill(_ page: Page, csrfToken: String, username: String, member: Member = Member()) -> [UInt8] {
        guard !page.holes.isEmpty else { return page.bytes }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(page.bytes.count + page.holes.count * 64 + page.rows.reduce(0) { $0 + $1.count }
                              + member.favouritesSection.count)
        var start = 0
        page.bytes.withUnsafeBufferPointer { source in
            for (range, hole) in page.holes {
                bytes.append(contentsOf: source[start..<range.lowerBound])
                switch hole {
                case .csrfToken: bytes.appendHTMLEscaped(csrfToken)
                case .username: bytes.appendHTMLEscaped(username)
                case .rows:
                    for row in page.rows { bytes.append(contentsOf: row) }
                case .summary: bytes.appendHTMLEscaped(page.texts.summary)
                case .count: bytes.appendHTMLEscaped(page.texts.count)
                case .deletedCount: bytes.appendHTMLEscaped(page.texts.deletedCount)
                case .dialogTitle: bytes.appendHTMLEscaped(page.texts.dialogTitle)
                case .sectionIndex: Self.appendSectionIndex(page.sectionIndex, entry: member.favouritesIndexEntry, to: &bytes)
                case .favouritesSection: bytes.append(contentsOf: member.favouritesSection)
                case .dialog: break  // spliced in before (see `splice`)
                }
                start = range.upperBound
            }
            bytes.append(contentsOf: source[start...])
        }
        return bytes
    }
}
