/// Which way a phone is held, derived from the size classes as iOS apps do in practice.
public enum InterfaceOrientation: String, Sendable, Hashable {
    case portrait
    case landscape
}
