import Gettext

/// The PO reader and the Plural-Forms rules: the whole input is a PO file, and its first
/// line a Plural-Forms field. Reading never traps; every problem's line lies inside the
/// file; a rule that parses evaluates for any n, and one that passes its check gives forms
/// in range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGettext(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = POParser.parse(bytes)
    for problem in file.problems {
        fuzzCheck(problem.line >= 0 && problem.line <= file.lineCount, "problem at line \(problem.line) of \(file.lineCount)")
        _ = problem.description
    }
    fuzzCheck(file.problems.count <= POParser.maximumProblems, "\(file.problems.count) problems kept")
    for entry in file.entries {
        fuzzCheck(!entry.strings.isEmpty && entry.line <= entry.stringLine, "entry at \(entry.line) without strings")
        fuzzCheck(entry.pluralID != nil || entry.strings.count == 1, "a message without msgid_plural has \(entry.strings.count) msgstr")
    }
    if let header = file.header { _ = header["Plural-Forms"] }
    let field = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    if let rule = try? PluralForms(parsing: field) {
        for n in [0, 1, 2, 5, 11, 22, 101, Int.max, Int.min] {
            fuzzCheck((0..<rule.count).contains(rule.form(for: n)), "form \(rule.form(for: n)) of \(rule.count) for \(n)")
        }
        if (try? rule.checked(upTo: 200)) != nil {
            for n in 0...200 { fuzzCheck(rule.expression.evaluate(n: UInt64(n)).map { $0 < UInt64(rule.count) } == true, "checked rule out of range at \(n)") }
        }
    }
    return 0
}
