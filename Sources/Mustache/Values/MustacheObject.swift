/// A view model that looks its fields up on demand instead of building a dictionary.
///
/// ```swift
/// struct ItemRow: MustacheObject {
///     let item: Item
///     func mustacheValue(forKey key: String) -> MustacheValue? {
///         switch key {
///         case "name": .string(item.name)
///         case "value": .int(item.valueInDollars)
///         default: nil
///         }
///     }
/// }
/// ```
public protocol MustacheObject: Sendable {
    /// The value for `key`, or `nil` when this object has no such field
    /// (the lookup then continues down the context stack).
    func mustacheValue(forKey key: String) -> MustacheValue?
}
