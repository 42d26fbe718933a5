import CImaging

/// A rectangle of a stored (not yet oriented) image, in pixels.
struct PixelRegion: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// The largest centred square: what "crop to fill" keeps of an image for a square
    /// thumbnail. Orientation turns an image about its centre, so this square shows the
    /// same pixels whichever way the image is turned.
    static func centredSquare(width: Int, height: Int) -> PixelRegion {
        let side = min(width, height)
        return PixelRegion(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    }

    var cRegion: cimg_region {
        cimg_region(x: UInt32(clamping: x), y: UInt32(clamping: y), width: UInt32(clamping: width), height: UInt32(clamping: height))
    }
}

/// Pixels decoded from a JPEG or PNG, with the colour profile they are in (if any).
struct DecodedImage {
    var image: RGBImage
    var iccProfile: [UInt8]?
}

/// Runs a CImaging call with a message buffer and turns its status into an ``ImagingError``.
enum CodecCall {
    static func run(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(ImagingError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { buffer in body(buffer.baseAddress!, buffer.count) }
        guard status != CIMG_OK else { return }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case CIMG_TRUNCATED: throw .truncated
        case CIMG_TOO_LARGE: throw .tooLarge(reason: reason)
        case CIMG_UNSUPPORTED: throw .unsupportedImage(reason: reason)
        case CIMG_NO_MEMORY: throw .outOfMemory
        default: throw .malformed(reason: reason) // CIMG_INVALID_ARGUMENT included: no trap on any bytes
        }
    }

    /// Takes ownership of a cimg_image's buffers, copying them into Swift arrays.
    static func adopt(_ image: inout cimg_image) -> DecodedImage {
        defer { cimg_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        let pixels = Array(UnsafeBufferPointer(start: image.pixels, count: width * height * 3))
        let icc = image.icc.map { Array(UnsafeBufferPointer(start: $0, count: image.icc_length)) }
        return DecodedImage(image: RGBImage(width: width, height: height, pixels: pixels), iccProfile: icc)
    }
}
