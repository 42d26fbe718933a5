import CImaging

/// libjpeg-turbo through CImaging: scaled, cropped decoding and in-memory encoding.
enum JPEGCodec {
    /// The stored size of a JPEG, from its header.
    static func size(of bytes: [UInt8]) throws(ImagingError) -> (width: Int, height: Int) {
        var info = cimg_info()
        try CodecCall.run { message, capacity in
            bytes.withUnsafeBufferPointer { cimg_jpeg_info($0.baseAddress, $0.count, &info, message, capacity) }
        }
        return (Int(info.width), Int(info.height))
    }

    /// Decodes `region` (the whole image if `nil`), DCT-scaled to the smallest size of at
    /// least `minimumSize` × `minimumSize` (0: full size).
    static func decode(_ bytes: [UInt8], region: PixelRegion?, minimumSize: Int = 0,
                       memoryLimit: Int = 0) throws(ImagingError) -> DecodedImage {
        var options = cimg_decode_options()
        options.min_width = UInt32(clamping: minimumSize)
        options.min_height = UInt32(clamping: minimumSize)
        options.memory_limit = memoryLimit
        var cRegion = region?.cRegion ?? cimg_region()
        var image = cimg_image()
        try CodecCall.run { message, capacity in
            bytes.withUnsafeBufferPointer { buffer in
                if region == nil {
                    cimg_jpeg_decode(buffer.baseAddress, buffer.count, nil, &options, &image, message, capacity)
                } else {
                    cimg_jpeg_decode(buffer.baseAddress, buffer.count, &cRegion, &options, &image, message, capacity)
                }
            }
        }
        return CodecCall.adopt(&image)
    }

    /// `image` as a JPEG (4:2:0, optimised Huffman tables), with `iccProfile` embedded.
    static func encode(_ image: RGBImage, quality: Int, progressive: Bool = false,
                       iccProfile: [UInt8]? = nil) throws(ImagingError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let icc = iccProfile ?? []
        try CodecCall.run { message, capacity in
            image.pixels.withUnsafeBufferPointer { pixels in
                icc.withUnsafeBufferPointer { profile in
                    cimg_jpeg_encode(pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality),
                                     progressive ? 1 : 0, profile.baseAddress, profile.count, &output, &length,
                                     message, capacity)
                }
            }
        }
        defer { cimg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
