import Mustache

/// A list row rendered once with markers in place of its item's text, and cut where they
/// are: every row of the same shape on the same page is then its item's text, HTML-escaped,
/// poured into the stencil — a copy instead of a Mustache render with two dozen values.
///
/// The row template stays the one source of a row's HTML. A stencil is that template's own
/// output, and `fill` gives exactly what rendering the row would (the tests compare the two
/// on hostile text, in every language and mode), because everything a row does with its
/// item's text is either HTML escaping or pasting it whole into a longer string (a label, a
/// URL), and both keep a marker of letters and digits whole and in place. The one exception is
/// ``Fields/placesHTML``: the item's location and label chips, made (and escaped) in Swift and
/// pasted raw, as the template pastes it (`{{{placesHTML}}}`). Whatever changes
/// the row's structure — a section shown or not, which label is used — is in its ``Shape``.
struct RowStencil: Sendable {
    /// The item's text a row shows, each already as the row shows it.
    struct Fields {
        var key: String
        var name: String
        var serial: String
        /// The formatted value ("$1,234").
        var value: String
        var date: String
        var dateISO: String
        /// The photo's ETag as a URL-safe version (`""` without a photo).
        var photoVersion: String
        /// Its location and labels as screen readers hear them ("Kitchen; Fragile, Blue").
        var placesText: String = ""
        /// Its location and label chips, already HTML (pasted as is).
        var placesHTML: String = ""
    }

    /// What sets a row's structure apart from others on its page.
    struct Shape: Hashable {
        var valuable: Bool
        var hasPhoto: Bool
        var hasSerial: Bool
        /// Edit mode only (false in view mode): ↑ and ↓ are enabled.
        var canMoveUp: Bool
        var canMoveDown: Bool
        /// A location or labels shown under the name.
        var hasPlaces = false
    }

    fileprivate enum Field: UInt8 {
        case key = 0x6B, name = 0x6E, serial = 0x73, value = 0x76, date = 0x64, dateISO = 0x69, photoVersion = 0x70
        case placesText = 0x74, placesHTML = 0x68

        var index: Int {
            switch self {
            case .key: 0
            case .name: 1
            case .serial: 2
            case .value: 3
            case .date: 4
            case .dateISO: 5
            case .photoVersion: 6
            case .placesText: 7
            case .placesHTML: 8
            }
        }
    }

    private let bytes: [UInt8]
    private let holes: [(range: Range<Int>, field: Int)]
    /// The stencil's bytes outside its holes.
    private let literalCount: Int

    fileprivate init(bytes: [UInt8], holes: [(range: Range<Int>, hole: Field)]) {
        self.bytes = bytes
        self.holes = holes.map { ($0.range, $0.hole.index) }
        literalCount = bytes.count - holes.reduce(0) { $0 + $1.range.count }
    }

    /// The row of an item with these fields: each field escaped once, then copied into its
    /// holes, and the row's bytes written in one allocation of the exact size.
    func fill(_ fields: Fields) -> [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(fields.name.utf8.count + 160)
        var ends = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        escaped.appendHTMLEscaped(fields.key)
        ends.0 = escaped.count
        escaped.appendHTMLEscaped(fields.name)
        ends.1 = escaped.count
        escaped.appendHTMLEscaped(fields.serial)
        ends.2 = escaped.count
        escaped.appendHTMLEscaped(fields.value)
        ends.3 = escaped.count
        escaped.appendHTMLEscaped(fields.date)
        ends.4 = escaped.count
        escaped.appendHTMLEscaped(fields.dateISO)
        ends.5 = escaped.count
        escaped.appendHTMLEscaped(fields.photoVersion)
        ends.6 = escaped.count
        escaped.appendHTMLEscaped(fields.placesText)
        ends.7 = escaped.count
        escaped.append(contentsOf: fields.placesHTML.utf8)
        ends.8 = escaped.count
        return withUnsafeBytes(of: ends) { raw in
            let ends = raw.bindMemory(to: Int.self)
            func span(_ field: Int) -> Range<Int> { (field == 0 ? 0 : ends[field - 1])..<ends[field] }
            let size = holes.reduce(literalCount) { $0 + span($1.field).count }
            return [UInt8](unsafeUninitializedCapacity: size) { row, initialized in
                initialized = 0
                guard let out = row.baseAddress else { return }
                bytes.withUnsafeBufferPointer { source in
                    escaped.withUnsafeBufferPointer { text in
                        // Never nil: a stencil holds a row, and every row's key is escaped here.
                        guard let source = source.baseAddress, let text = text.baseAddress else { return }
                        var written = 0
                        var start = 0
                        for (range, field) in holes {
                            (out + written).update(from: source + start, count: range.lowerBound - start)
                            written += range.lowerBound - start
                            let piece = span(field)
                            (out + written).update(from: text + piece.lowerBound, count: piece.count)
                            written += piece.count
                            start = range.upperBound
                        }
                        (out + written).update(from: source + start, count: bytes.count - start)
                        initialized = size
                    }
                }
            }
        }
    }
}

/// The stencils of the pages being shown, made on first use.
final class RowStencils: Sendable {
    /// Fields made of markers: random per process, letters and digits only.
    let markers: RowStencil.Fields
    private let stem: MarkerStem
    private let kept: GroupedCache<RowCache.PageKey, RowStencil.Shape, RowStencil>

    /// - Parameter capacity: stencils kept (a few per list page and mode, 1–2 KB each)
    ///   before starting over, as searches make pages without end.
    init(capacity: Int = 512) {
        kept = GroupedCache(capacity: capacity)
        let stem = MarkerStem(prefix: "QZhprow")
        self.stem = stem
        func marker(_ field: RowStencil.Field) -> String { stem.marker(field.rawValue) }
        markers = RowStencil.Fields(
            key: marker(.key), name: marker(.name), serial: marker(.serial), value: marker(.value), date: marker(.date),
            dateISO: marker(.dateISO), photoVersion: marker(.photoVersion), placesText: marker(.placesText),
            placesHTML: marker(.placesHTML))
    }

    func removeAll() { kept.removeAll() }

    /// The stencils kept for the rows of `page`, by shape (one lookup for a page's rows).
    func stencils(on page: RowCache.PageKey) -> [RowStencil.Shape: RowStencil] {
        kept.values(in: page)
    }

    /// Cuts and keeps the stencil for rows of `shape` on `page` from the row template
    /// rendered with `markers`.
    func keep(_ rendered: [UInt8], shape: RowStencil.Shape, on page: RowCache.PageKey) -> RowStencil {
        let stencil = cut(rendered)
        kept.keep(stencil, for: shape, in: page)
        return stencil
    }

    private func cut(_ bytes: [UInt8]) -> RowStencil {
        RowStencil(bytes: bytes, holes: stem.holes(in: bytes, RowStencil.Field.init(rawValue:)))
    }
}
