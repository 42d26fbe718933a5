/// Reads PO files (GNU gettext's format, "The Format of PO Files"): every syntax error is
/// reported with its line, and reading goes on at the next keyword, so that a translator
/// sees all of them at once.
///
/// Pure: bytes in, a ``POFile`` out; no files, no globals.
///
/// ```swift
/// let file = POParser.parse(Array(text.utf8))
/// for problem in file.problems { print("zh-Hans.po:\(problem)") }
/// ```
public enum POParser {
    /// The longest file read (a whole interface is about 100 KB), and the most problems
    /// kept: past that the rest is left unread.
    public static let maximumSize = 16 << 20
    public static let maximumProblems = 200

    public static func parse(_ bytes: [UInt8]) -> POFile {
        var state = State()
        guard bytes.count <= maximumSize else {
            state.problem(0, "the file is over \(maximumSize >> 20) MB")
            return POFile(header: nil, entries: [], problems: state.problems, lineCount: 0)
        }
        var lineNumber = 0
        var start = 0
        // A UTF-8 byte order mark is allowed, as gettext's tools allow it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }  // CRLF, as Windows editors save
            state.read(line, number: lineNumber)
            start = end + 1
            if state.problems.count >= maximumProblems { break }
        }
        state.finishEntry()
        var entries = state.entries
        var header: POHeader?
        if let first = entries.first, first.isHeader {
            header = POHeader(first)
            entries.removeFirst()
        }
        for entry in entries where entry.isHeader {
            state.problem(entry.line, "a second header entry (msgid \"\" without msgctxt)")
        }
        return POFile(header: header, entries: entries.filter { !$0.isHeader }, problems: state.problems, lineCount: lineNumber)
    }

    /// The keywords of an entry, in the order they may come.
    enum Keyword: Equatable {
        case context, id, pluralID, string, indexedString(Int)

        var name: String {
            switch self {
            case .context: "msgctxt"
            case .id: "msgid"
            case .pluralID: "msgid_plural"
            case .string: "msgstr"
            case .indexedString(let index): "msgstr[\(index)]"
            }
        }
    }

    /// The entry being read and everything read so far.
    struct State {
        var entries: [POEntry] = []
        var problems: [POProblem] = []
        var entry: PartialEntry?
        /// Flags and comments read before the next entry's first keyword.
        var flags: Set<String> = []
        var comments: [String] = []
        /// The keyword whose strings continue on the next `"…"` line.
        var open: Keyword?

        mutating func problem(_ line: Int, _ message: String) {
            if problems.count < POParser.maximumProblems { problems.append(POProblem(line: line, message)) }
        }
    }

    /// An entry as its keywords arrive.
    struct PartialEntry {
        var line: Int
        var context: String?
        var id: String?
        var pluralID: String?
        var strings: [String] = []
        var stringLine = 0
        var pieces: [POEntry.Piece] = []
        var flags: Set<String>
        var comments: [String]
        /// Whether one of its strings had a syntax error.
        var isDamaged = false

        var hasStrings: Bool { stringLine > 0 }
    }
}
