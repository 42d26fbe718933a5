// Renders a 100-row item list (layout inheritance, a row partial, six escaped fields a row)
// with Mustache and by hand-written concatenation, checks the outputs are byte-identical,
// and prints the median times and their ratio. Run: `swift run -c release MustacheBenchmark`.
import Foundation
import Mustache

struct Item {
    let name: String
    let serial: String
    let value: Int
    let date: String
    let key: String
}

let templates = [
    "layout": """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>{{$title}}Homepwner{{/title}}</title>
        <link rel="stylesheet" href="/app.css">
        </head>
        <body>
        <header><h1>Homepwner</h1> <a href="/items?mode=edit">Edit</a></header>
        <main>
          {{$content}}
          {{/content}}
        </main>
        </body>
        </html>

        """,
    "list": """
        {{<layout}}
        {{$title}}Items ({{count}}){{/title}}
        {{$content}}
        <ul class="items">
        {{#items}}
        {{>row}}
        {{/items}}
        <li class="last">No more items!</li>
        </ul>
        {{/content}}
        {{/layout}}

        """,
    "row": """
        <li class="item{{#valuable}} valuable{{/valuable}}"><a href="/items/{{key}}">{{name}}</a> \
        <span class="serial">{{serial}}</span> <span class="value">${{value}}</span> <time>{{date}}</time></li>

        """,
]

let adjectives = ["Fluffy", "Rusty", "Shiny"], nouns = ["Bear", "Spark", "Mac"]
let items: [Item] = (0..<100).map { index in
    let name = index % 7 == 0
        ? "\(adjectives[index % 3]) <\(nouns[index % 3])> & \"Co\""
        : "\(adjectives[index % 3]) \(nouns[(index / 3) % 3])"
    return Item(
        name: name, serial: "\(index % 10)A\(index % 7)B\(index % 3)", value: (index * 37) % 100,
        date: "Nov \(index % 28 + 1), 2026", key: UUID().uuidString)
}

func viewModel(_ items: [Item]) -> MustacheValue {
    .object([
        "count": .int(items.count),
        "items": .list(items.map { item in
            .object([
                "name": .string(item.name), "serial": .string(item.serial), "value": .int(item.value),
                "date": .string(item.date), "key": .string(item.key), "valuable": .bool(item.value >= 50),
            ])
        }),
    ])
}

// MARK: Hand-written

func escaped(_ string: String) -> String {
    guard string.utf8.contains(where: { $0 <= 0x3E || $0 == 0x60 }) else { return string }
    var result = ""
    result.reserveCapacity(string.utf8.count + 16)
    for character in string.unicodeScalars {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        case "=": result += "&#61;"
        case "`": result += "&#96;"
        default: result.unicodeScalars.append(character)
        }
    }
    return result
}

func handWrittenString(_ items: [Item]) -> String {
    var html = ""
    html.reserveCapacity(32_768)
    html += "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Items ("
    html += String(items.count)
    html += ")</title>\n<link rel=\"stylesheet\" href=\"/app.css\">\n</head>\n<body>\n"
    html += "<header><h1>Homepwner</h1> <a href=\"/items?mode=edit\">Edit</a></header>\n<main>\n"
    html += "  <ul class=\"items\">\n"
    for item in items {
        html += "  <li class=\"item"
        if item.value >= 50 { html += " valuable" }
        html += "\"><a href=\"/items/"
        html += escaped(item.key)
        html += "\">"
        html += escaped(item.name)
        html += "</a> <span class=\"serial\">"
        html += escaped(item.serial)
        html += "</span> <span class=\"value\">$"
        html += String(item.value)
        html += "</span> <time>"
        html += escaped(item.date)
        html += "</time></li>\n"
    }
    html += "  <li class=\"last\">No more items!</li>\n  </ul>\n</main>\n</body>\n</html>\n"
    return html
}

func appendEscaped(_ string: String, to bytes: inout [UInt8]) {
    for byte in string.utf8 {
        switch byte {
        case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
        case UInt8(ascii: "="): bytes.append(contentsOf: "&#61;".utf8)
        case UInt8(ascii: "`"): bytes.append(contentsOf: "&#96;".utf8)
        default: bytes.append(byte)
        }
    }
}

func handWrittenBytes(_ items: [Item], into html: inout [UInt8]) {
    html.append(contentsOf: "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Items (".utf8)
    html.append(contentsOf: String(items.count).utf8)
    html.append(contentsOf: ")</title>\n<link rel=\"stylesheet\" href=\"/app.css\">\n</head>\n<body>\n".utf8)
    html.append(contentsOf: "<header><h1>Homepwner</h1> <a href=\"/items?mode=edit\">Edit</a></header>\n<main>\n".utf8)
    html.append(contentsOf: "  <ul class=\"items\">\n".utf8)
    for item in items {
        html.append(contentsOf: "  <li class=\"item".utf8)
        if item.value >= 50 { html.append(contentsOf: " valuable".utf8) }
        html.append(contentsOf: "\"><a href=\"/items/".utf8)
        appendEscaped(item.key, to: &html)
        html.append(contentsOf: "\">".utf8)
        appendEscaped(item.name, to: &html)
        html.append(contentsOf: "</a> <span class=\"serial\">".utf8)
        appendEscaped(item.serial, to: &html)
        html.append(contentsOf: "</span> <span class=\"value\">$".utf8)
        html.append(contentsOf: String(item.value).utf8)
        html.append(contentsOf: "</span> <time>".utf8)
        appendEscaped(item.date, to: &html)
        html.append(contentsOf: "</time></li>\n".utf8)
    }
    html.append(contentsOf: "  <li class=\"last\">No more items!</li>\n  </ul>\n</main>\n</body>\n</html>\n".utf8)
}

// MARK: Measuring

/// The median of `samples` timings, each averaging `batch` runs, in microseconds.
func median(samples: Int = 301, batch: Int = 20, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<200 { try body() }  // warm up
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<samples {
        let elapsed = try clock.measure { for _ in 0..<batch { try body() } }
        let (seconds, attoseconds) = elapsed.components
        times.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(batch))
    }
    return times.sorted()[samples / 2]
}

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

let library = try MustacheLibrary(templates: templates)
let model = viewModel(items)
var buffer: [UInt8] = []
buffer.reserveCapacity(32_768)
var handBuffer: [UInt8] = []
handBuffer.reserveCapacity(32_768)

try library.render("list", model, into: &buffer)
handWrittenBytes(items, into: &handBuffer)
let handString = handWrittenString(items)
guard buffer == Array(handString.utf8), buffer == handBuffer else {
    print("FAIL: outputs differ")
    print(String(decoding: buffer, as: UTF8.self))
    print(handString)
    exit(1)
}
if CommandLine.arguments.contains("--profile") {
    // Only the Mustache render, for `perf record`.
    for _ in 0..<20_000 {
        buffer.removeAll(keepingCapacity: true)
        try library.render("list", model, into: &buffer)
    }
    exit(0)
}
print("outputs byte-identical: \(buffer.count) bytes, \(items.count) rows")

let mustache = try median {
    buffer.removeAll(keepingCapacity: true)
    try library.render("list", model, into: &buffer)
    consume(buffer)
}
let mustacheWithModel = try median {
    buffer.removeAll(keepingCapacity: true)
    try library.render("list", viewModel(items), into: &buffer)
    consume(buffer)
}
let handStringTime = median { consume(handWrittenString(items)) }
let handBytesTime = median {
    handBuffer.removeAll(keepingCapacity: true)
    handWrittenBytes(items, into: &handBuffer)
    consume(handBuffer)
}

func format(_ microseconds: Double) -> String { String(format: "%8.2f µs", microseconds) }
print("mustache render (prebuilt view model)   \(format(mustache))")
print("mustache render + building view model   \(format(mustacheWithModel))")
print("hand-written String concatenation       \(format(handStringTime))")
print("hand-written [UInt8] appends            \(format(handBytesTime))")
let ratio = mustache / handStringTime
print(String(format: "ratio mustache / hand-written String:   %.2f×  (acceptance ≤ 2×: %@)", ratio, ratio <= 2 ? "PASS" : "FAIL"))
print(String(format: "ratio mustache / hand-written [UInt8]:  %.2f×", mustache / handBytesTime))
print(String(format: "ratio (render + view model) / String:   %.2f×", mustacheWithModel / handStringTime))
