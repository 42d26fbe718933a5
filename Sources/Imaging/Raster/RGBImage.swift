/// Decoded pixels: 8-bit RGB, three bytes a pixel, rows packed top to bottom.
struct RGBImage: Equatable, Sendable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "pixels do not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    init(width: Int, height: Int, color: RGBColor) {
        self.init(width: width, height: height,
                  pixels: Array((0..<(width * height)).lazy.flatMap { _ in [color.red, color.green, color.blue] }))
    }

    subscript(x: Int, y: Int) -> RGBColor {
        let index = (y * width + x) * 3
        return RGBColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
    }
}

/// A colour in 8-bit sRGB.
public struct RGBColor: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A light neutral grey, under transparent pixels and in placeholders.
    public static let lightGray = RGBColor(red: 0xEE, green: 0xEE, blue: 0xEE)
}

extension RGBImage {
    /// The image turned upright according to `orientation`.
    func oriented(_ orientation: ImageOrientation) -> RGBImage {
        guard orientation != .up else { return self }
        let width = orientation.swapsDimensions ? height : self.width
        let height = orientation.swapsDimensions ? self.width : self.height
        var result = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let stored = orientation.storedPoint(x: x, y: y, width: width, height: height)
                let from = (stored.y * self.width + stored.x) * 3, to = (y * width + x) * 3
                result[to] = pixels[from]
                result[to + 1] = pixels[from + 1]
                result[to + 2] = pixels[from + 2]
            }
        }
        return RGBImage(width: width, height: height, pixels: result)
    }
}
