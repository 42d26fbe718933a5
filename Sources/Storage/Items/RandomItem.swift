/// The tutorial's `randomItem` rules.
enum RandomItem {
    static let adjectives = ["Fluffy", "Rusty", "Shiny"]
    static let nouns = ["Bear", "Spark", "Mac"]

    /// "Fluffy Bear", "Rusty Mac", …
    static func name(using generator: inout some RandomNumberGenerator) -> String {
        adjectives.randomElement(using: &generator)! + " " + nouns.randomElement(using: &generator)!
    }

    /// 0…99.
    static func value(using generator: inout some RandomNumberGenerator) -> Int {
        Int.random(in: 0...99, using: &generator)
    }

    /// Digit, letter, digit, letter, digit: "0A1B2".
    static func serialNumber(using generator: inout some RandomNumberGenerator) -> String {
        var characters: [Character] = []
        for slot in 0..<5 {
            let scalar = slot.isMultiple(of: 2)
                ? Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0..<10, using: &generator))
                : Unicode.Scalar(UInt8(ascii: "A") + UInt8.random(in: 0..<26, using: &generator))
            characters.append(Character(scalar))
        }
        return String(characters)
    }
}
