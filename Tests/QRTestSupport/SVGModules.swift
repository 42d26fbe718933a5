/// Reads the modules back out of the SVG that `QRMatrix.svg` writes (a test's own reader, so
/// what is served is what is checked): the `viewBox` gives the side, every `Mx yhNv1h-Nz` of
/// the path a run of dark modules. Anything else in the path fails the read.
public enum SVGModules {
    /// Rows of modules (quiet zone included), or nil when the SVG is not of that form.
    public static func parse(_ svg: String) -> [[Bool]]? {
        guard let side = number(after: #"viewBox="0 0 "#, in: svg), side > 0, side <= 200,
              let start = svg.range(of: #" d=""#)?.upperBound,
              let end = svg[start...].firstIndex(of: "\"") else { return nil }
        var grid = Array(repeating: Array(repeating: false, count: side), count: side)
        let path = Array(svg[start..<end].utf8)
        var index = 0
        func read(_ literal: String) -> Bool {
            let bytes = Array(literal.utf8)
            guard index + bytes.count <= path.count, Array(path[index..<index + bytes.count]) == bytes else { return false }
            index += bytes.count
            return true
        }
        func integer() -> Int? {
            var value: Int?
            while index < path.count, path[index] >= 0x30, path[index] <= 0x39 {
                value = (value ?? 0) * 10 + Int(path[index] - 0x30)
                index += 1
            }
            return value
        }
        while index < path.count {
            guard read("M"), let x = integer(), read(" "), let y = integer(), read("h"), let run = integer(),
                  read("v1h-"), integer() == run, read("z"),
                  y < side, x + run <= side, run > 0 else { return nil }
            for column in x..<x + run { grid[y][column] = true }
        }
        return grid
    }

    private static func number(after marker: String, in text: String) -> Int? {
        guard let start = text.range(of: marker)?.upperBound else { return nil }
        return Int(text[start...].prefix { $0.isNumber })
    }
}
