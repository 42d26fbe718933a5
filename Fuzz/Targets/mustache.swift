import Mustache

/// The Mustache parser and renderer: the input holds up to four templates separated by
/// NUL bytes, named `a` (rendered), `b`, `c` and `d` (partials and parents of one another),
/// rendered against data with lists, nested objects, HTML and lambdas. Compiling and
/// rendering either succeed or throw a `MustacheError`; nothing traps or runs away.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let sources = UnsafeBufferPointer(start: data, count: size)
        .split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    var templates: [String: String] = [:]
    for (name, source) in zip(["a", "b", "c", "d"], sources) { templates[name] = source }
    do {
        let library = try MustacheLibrary(templates: templates, limits: limits)
        let html = try library.render("a", root)
        fuzzCheck(html.utf8.count <= limits.maxOutputSize + 4096, "output of \(html.utf8.count) bytes passed the limit")
    } catch let error as MustacheError {
        _ = error.description
    } catch {
        fuzzCheck(false, "unexpected error \(error)")
    }
    return 0
}

/// The default depth limits (they bound the stack), and a smaller output limit.
private let limits = MustacheLimits(maxOutputSize: 64 * 1024)

private let root: MustacheValue = [
    "title": "Homepwner <&> \"items\"",
    "count": 3,
    "price": 12.5,
    "empty": [],
    "none": nil,
    "yes": true,
    "no": false,
    "partial": "b",
    "items": [
        ["name": "Bike", "value": 120, "tags": ["red", "fast"], "owner": ["name": "Ann"]],
        ["name": "<script>", "value": 0, "tags": []],
    ],
    "user": ["name": "Ann", "admin": true, "items": ["one"]],
    "bold": .lambda(MustacheLambda { "<b>" + $0 + "</b>" }),
    "again": .lambda(MustacheLambda { _ in "{{title}}{{#items}}{{name}}{{/items}}" }),
    "recurse": .lambda(MustacheLambda { text in "{{#recurse}}" + text + "{{/recurse}}" }),
]
