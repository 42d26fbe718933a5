/// The symbol as SVG: one `<path>` of the dark modules over a light square, in a `viewBox`
/// of modules, so it scales to any size and stays sharp on paper.
extension QRMatrix {
    /// Light modules on every side: the 4 that ISO/IEC 18004 asks for, so a scanner finds
    /// the symbol's edge whatever is printed next to it.
    public static let quietZone = 4

    /// Between a run's length and its length again: down a module, back left.
    private static let runMiddle: [UInt8] = Array("v1h-".utf8)

    /// Modules per side with the quiet zone: the `viewBox`'s width and height.
    public var sideWithQuietZone: Int { size + 2 * Self.quietZone }

    /// The path of the dark modules: one rectangle per horizontal run, `M5 4h3v1h-3z`, in
    /// module units with the quiet zone's offset. Runs are merged, so a row of seven dark
    /// modules is one rectangle, not seven.
    public var svgPathData: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size * size * 2)
        func append(_ number: Int) {
            if number >= 10 { append(number / 10) }
            bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
        }
        for row in 0..<size {
            var column = 0
            while column < size {
                guard self[row, column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < size, self[row, column] { column += 1 }
                let run = column - start
                bytes.append(UInt8(ascii: "M"))
                append(start + Self.quietZone)
                bytes.append(UInt8(ascii: " "))
                append(row + Self.quietZone)
                bytes.append(UInt8(ascii: "h"))
                append(run)
                bytes.append(contentsOf: Self.runMiddle)
                append(run)
                bytes.append(UInt8(ascii: "z"))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The symbol's `<svg>` element: black on a white square (a scanner needs the light quiet
    /// zone even on a dark page), edges not anti-aliased (`crispEdges`).
    ///
    /// - Parameters:
    ///   - pixelsPerModule: sets `width` and `height` (a file opened alone); nil for none, the
    ///     size then coming from CSS (inline in a page).
    ///   - attributes: more attributes, written as given (`class="…" aria-hidden="true"`).
    public func svg(pixelsPerModule: Int? = nil, attributes: String = "") -> String {
        let side = String(sideWithQuietZone)
        var tag = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(side) \#(side)""#
        if let pixelsPerModule {
            let pixels = String(sideWithQuietZone * pixelsPerModule)
            tag += #" width="\#(pixels)" height="\#(pixels)""#
        }
        tag += #" shape-rendering="crispEdges""#
        if !attributes.isEmpty { tag += " " + attributes }
        return tag + ##"><rect width="\##(side)" height="\##(side)" fill="#fff"/><path fill="#000" d="\##(svgPathData)"/></svg>"##
    }
}
