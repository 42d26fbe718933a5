import Foundation
import Mustache
import Testing

/// One test of the official Mustache spec, from the JSON in `Fixtures`.
struct MustacheSpecCase: Decodable, Sendable, CustomTestStringConvertible {
    var file = ""
    let name: String
    var data: MustacheSpecValue
    let template: String
    let partials: [String: String]?
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    private enum CodingKeys: String, CodingKey {
        case name, data, template, partials, expected
    }

    private struct File: Decodable {
        let tests: [MustacheSpecCase]
    }

    /// The spec files we implement: all required and all optional modules.
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names", "~lambdas",
    ]

    /// Every case of every file, in file order.
    static let all: [MustacheSpecCase] = files.flatMap { load($0) }

    static func load(_ file: String) -> [MustacheSpecCase] {
        guard let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url),
              let decoded = try? JSONDecoder().decode(File.self, from: data)
        else {
            // An empty list would silently run nothing; the count test catches it too.
            preconditionFailure("Cannot load spec fixture \(file).json")
        }
        return decoded.tests.map { test in
            var test = test
            test.file = file
            if file == "~lambdas", case .object(var fields) = test.data.value,
               let lambda = MustacheSpecLambdas.lambda(forTest: test.name) {
                fields["lambda"] = .lambda(lambda)
                test.data = MustacheSpecValue(.object(fields))
            }
            return test
        }
    }
}
