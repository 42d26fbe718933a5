/// Why an ``ItemStore`` operation was refused. (SQLite failures throw ``DatabaseError``.)
public enum StoreError: Error, Equatable, Sendable {
    case itemNotFound
    case draftNotFound
    /// The import was confirmed already, or its upload expired.
    case importNotFound
    /// A move named a position outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// The item changed since the draft began (another tab, another person): its current state.
    case conflict(current: Item)
    /// The photo is larger than `limit` bytes.
    case photoTooLarge(limit: Int)
    /// The photo's header claims more than `limit` pixels: refused before decoding.
    case photoHasTooManyPixels(width: Int, height: Int, limit: Int)
    /// The bytes are not a JPEG, PNG, GIF or WebP image (or one of a kind that cannot be read).
    case unsupportedPhotoType
    /// The photo is damaged, truncated or has too many pixels; `message` is fit for its uploader.
    case unreadablePhoto(message: String)
    /// A field value the store refuses to save (the App validates first and shows 422).
    case invalidField(field: Field, reason: String)

    /// The draft fields that are validated.
    public enum Field: String, Sendable {
        case name, serialNumber, valueInDollars
    }
}
