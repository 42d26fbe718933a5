/// A layout spec that cannot be compiled.
public enum LayoutSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A format string did not parse.
    case format(VisualFormatError)
    /// A slot is configured that no format names.
    case unknownSlot(String, container: String)
    /// A second format on the main axis, or a cross-axis format naming other than one view.
    case unsupportedFormat(String, reason: String)
    /// Two of `formats`, `stack` were given, or a slot class name is not a CSS identifier.
    case invalid(String)

    public var description: String {
        switch self {
        case let .format(error): error.description
        case let .unknownSlot(name, container): "Slot '\(name)' of .\(container) appears in no format string"
        case let .unsupportedFormat(format, reason): "Unsupported format \"\(format)\": \(reason)"
        case let .invalid(reason): reason
        }
    }
}
