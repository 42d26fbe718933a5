/// A QR symbol as modules: `size` × `size`, row by row, `true` for a dark one. The quiet
/// zone around it is not part of it (the SVG adds it).
public struct QRMatrix: Sendable, Equatable {
    /// 1…40 (21 × 21 modules … 177 × 177).
    public let version: Int
    /// Modules per side: 17 + 4 × version.
    public let size: Int
    /// `size * size` modules, row by row.
    public let modules: [Bool]

    public init(size: Int, version: Int, modules: [Bool]) {
        precondition(size > 0 && modules.count == size * size, "a \(size) × \(size) matrix needs \(size * size) modules")
        self.size = size
        self.version = version
        self.modules = modules
    }

    /// The module in `row` (from the top) and `column` (from the left).
    public subscript(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }
}
