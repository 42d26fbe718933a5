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
    /// An item keeps at most `limit` photos.
    case tooManyPhotos(limit: Int)
    /// No photo of the draft (or item) has that digest.
    case photoNotFound
    /// A field value the store refuses to save (the App validates first and shows 422).
    case invalidField(field: Field, reason: String)

    case locationNotFound
    case labelNotFound
    /// A location or label the store refuses to save (or delete) as asked; see ``PlaceProblem``.
    case invalidPlace(PlaceProblem)
    /// The location changed since it was read (its version is not the expected one): its current state.
    case locationConflict(current: Location)
    /// The label changed since it was read: its current state.
    case labelConflict(current: Label)

    /// The draft fields that are validated.
    public enum Field: String, Sendable {
        case name, serialNumber, valueInDollars
        /// Issue 24's fields (``ItemOwnership``) and the date recorded.
        case manufacturer, modelNumber, quantity, purchaseDate, purchasePrice, placeBought, warranty, notes, dateCreated
    }
}

/// Why a location or label write was refused: each is a 422 with its own message in the App.
public enum PlaceProblem: Error, Equatable, Sendable {
    case nameRequired
    case nameTooLong(limit: Int)
    /// A sibling location (or any label) already has this name, compared without case.
    case duplicateName(String)
    case noteTooLong(limit: Int)
    /// The location (with its sub-locations) would be more than `limit` levels deep.
    case tooDeep(limit: Int)
    /// A location cannot go into itself or one of its own sub-locations.
    case intoItself
    /// The household has `limit` locations (or labels) already.
    case tooMany(limit: Int)
    /// An item can have at most `limit` labels.
    case tooManyLabels(limit: Int)
    /// Where a deleted location's contents go must be outside it.
    case targetInsideDeleted
}
