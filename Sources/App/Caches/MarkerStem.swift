import Cryptography
import Glibc

/// The random stem of the markers a cache renders where text goes in later: a marker is the
/// stem and one byte naming its hole. Random per process and only letters and digits, so HTML
/// escaping leaves markers whole and no stored text can contain one by chance or design.
///
/// The one place that searches rendered pages and rows for markers, with libc's `memchr` for
/// the stem's first byte, then `memcmp`.
struct MarkerStem: Sendable {
    let text: String
    private let bytes: [UInt8]

    /// - Parameter prefix: letters, "Q" first: a byte rare in HTML, so the search for markers
    ///   stops at few others.
    init(prefix: String) {
        text = prefix + SecureRandom.hex(byteCount: 12)
        bytes = Array(text.utf8)
    }

    /// The marker of the hole `kind` names.
    func marker(_ kind: UInt8) -> String {
        text + String(UnicodeScalar(kind))
    }

    /// Each marker in `rendered`, in order, with its hole: where the stem stands followed by
    /// a byte that `hole` names. Markers do not overlap; the stem followed by anything else
    /// is not one.
    func holes<Hole>(in rendered: [UInt8], _ hole: (UInt8) -> Hole?) -> [(range: Range<Int>, hole: Hole)] {
        var found: [(range: Range<Int>, hole: Hole)] = []
        rendered.withUnsafeBufferPointer { text in
            bytes.withUnsafeBufferPointer { stem in
                guard let base = text.baseAddress, let stemBase = stem.baseAddress, let first = stem.first else { return }
                var index = 0
                // The byte after the stem names the hole, so the stem is sought one byte short of the end.
                while index + stem.count < text.count,
                      let hit = memchr(base + index, Int32(first), text.count - stem.count - index) {
                    index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + index, stemBase, stem.count) == 0, let kind = hole(text[index + stem.count]) {
                        found.append((index..<index + stem.count + 1, kind))
                        index += stem.count + 1
                    } else {
                        index += 1
                    }
                }
            }
        }
        return found
    }
}
