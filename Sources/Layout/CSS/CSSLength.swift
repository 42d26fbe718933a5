#if canImport(Glibc)
import Glibc  // links libm, which `Double.rounded()` needs on Linux
#endif

/// Formats lengths for the generated CSS: points become `rem` (1 pt = 1/16 rem, so the
/// layout scales with the browser's text size); size-class breakpoints stay in `px` (the
/// screen's size) and content-size breakpoints become `em` (they follow the text).
enum CSSLength {
    /// Points per rem: iOS points and CSS pixels coincide at the default 16 px text size.
    static let pointsPerRem = 16.0

    /// `0` for zero, otherwise `"<points/16>rem"`, e.g. `8` → `"0.5rem"`.
    static func rem(points: Double) -> String {
        points == 0 ? "0" : number(points / pointsPerRem) + "rem"
    }

    /// `600` → `"37.5em"`.
    static func em(pixels: Double) -> String {
        number(pixels / pointsPerRem) + "em"
    }

    /// `600` → `"600px"`.
    static func px(_ pixels: Double) -> String {
        number(pixels) + "px"
    }

    /// `3` characters → `"calc(4ch + 1em)"`: that many characters (letters run wider than
    /// the `0` that `ch` measures) and room for an ellipsis.
    static func characters(_ count: Int) -> String {
        "calc(\(count + 1)ch + 1em)"
    }

    /// A CSS number with at most four decimals and no trailing zeros.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e18 { return String(Int(value)) }
        let scaled = (value * 10_000).rounded()
        if scaled == scaled.rounded(.towardZero), abs(scaled) < 1e15 {
            let integer = Int(scaled)
            let whole = integer / 10_000
            var fraction = abs(integer % 10_000)
            if fraction == 0 { return String(whole) }
            var digits = 4
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
            let sign = integer < 0 && whole == 0 ? "-" : ""
            return "\(sign)\(whole).\(padded)"
        }
        return String(value)
    }
}
