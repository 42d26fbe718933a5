/// The text size a member chose: the browser's own, or one of Dynamic Type's steps as a
/// percentage of it. Everything in `rem` follows it, the size-class breakpoints in `em` and
/// `rem` included (``StylesheetVariant``): 200 % here behaves as 200 % in the browser does.
enum TextSize: Int, Sendable, CaseIterable, Hashable {
    case browser = 100
    case smaller = 85
    case large = 115
    case larger = 130
    case largest = 160
    case huge = 200

    /// The order the Settings page offers them in.
    static let offered: [TextSize] = [.smaller, .browser, .large, .larger, .largest, .huge]

    /// As stored (``Storage/MemberSettings/textSize``): nil for the browser's.
    init(stored: Int?) {
        self = stored.flatMap(TextSize.init(rawValue:)) ?? .browser
    }

    var stored: Int? { self == .browser ? nil : rawValue }

    /// How many times the browser's text size.
    var scale: Double { Double(rawValue) / 100 }

    /// The form's value and the stylesheet's name part.
    var parameter: String { self == .browser ? "browser" : String(rawValue) }

    init?(parameter: String) {
        if parameter == "browser" { self = .browser; return }
        guard let percent = Int(parameter), let size = TextSize(rawValue: percent) else { return nil }
        self = size
    }
}
