import Foundation

/// What a shared page shows of the member it goes to, besides their name and form token:
/// their own favourites (issue 26), never kept in any cache.
extension PageCache {
    struct Member: Sendable {
        /// The items whose stars are on (see `FavouriteStars`).
        var favourites: Set<UUID> = []
        /// Their Favourites section, first in a list in sections: a header, rows and an end.
        var favouritesSection: [UInt8] = []
        /// Its entry at the top of the section index.
        var favouritesIndexEntry: [UInt8] = []
    }

    /// Where a section index's entries begin, after its list's opening tag.
    static let sectionIndexList = Array(#"class="section-index__list">"#.utf8)

    /// `index` with `entry` first among its entries.
    static func appendSectionIndex(_ index: [UInt8], entry: [UInt8], to bytes: inout [UInt8]) {
        guard !entry.isEmpty, let start = index.withUnsafeBufferPointer({
            FavouriteStars.find(sectionIndexList, in: $0, from: 0, to: $0.count)
        }) else {
            bytes.append(contentsOf: index)
            return
        }
        let split = start + sectionIndexList.count
        bytes.append(contentsOf: index[..<split])
        bytes.append(contentsOf: entry)
        bytes.append(contentsOf: index[split...])
    }
}
