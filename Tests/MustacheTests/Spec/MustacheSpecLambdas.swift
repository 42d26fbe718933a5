import Mustache
import Synchronization

/// Swift versions of the `~lambdas` spec's closures (the JSON carries them as Ruby,
/// JavaScript, Python… source), by test name.
enum MustacheSpecLambdas {
    final class Counter: Sendable {
        let calls = Mutex(0)
        func next() -> Int { calls.withLock { $0 += 1; return $0 } }
    }

    static func lambda(forTest name: String) -> MustacheLambda? {
        switch name {
        case "Interpolation": MustacheLambda { _ in "world" }
        case "Interpolation - Expansion": MustacheLambda { _ in "{{planet}}" }
        case "Interpolation - Alternate Delimiters": MustacheLambda { _ in "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            { let counter = Counter(); return MustacheLambda { _ in String(counter.next()) } }()
        case "Escaping": MustacheLambda { _ in ">" }
        case "Section": MustacheLambda { text in text == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion": MustacheLambda { text in text + "{{planet}}" + text }
        case "Section - Alternate Delimiters": MustacheLambda { text in text + "{{planet}} => |planet|" + text }
        case "Section - Multiple Calls": MustacheLambda { text in "__" + text + "__" }
        case "Inverted Section": MustacheLambda { _ in "" }
        default: nil
        }
    }
}
