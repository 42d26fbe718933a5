/// Why a document was refused. Each is a clear message next to the dialog's file field (413,
/// 415 or 422), or problem details from the API; nothing is stored half-way.
public enum DocumentProblem: Error, Equatable, Sendable {
    /// Larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// A file of no bytes.
    case empty
    /// Not a PDF, JPEG, PNG, GIF or WebP file, whatever its name says.
    case unsupportedType
    /// The item (or draft) has `limit` documents already.
    case tooMany(limit: Int)
    /// A title longer than `limit` characters.
    case titleTooLong(limit: Int)
    /// A title of nothing but spaces (the App gives a default before it gets here).
    case titleMissing
    /// The same file (same bytes) is among the item's documents already, with this title.
    case duplicate(title: String)
    /// The upload could not be read whole (its source gave fewer bytes than it announced).
    case unreadable
    /// No such document in this item or draft (removed meanwhile, or another item's).
    case notFound
}
