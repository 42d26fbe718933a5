import CImaging

/// libpng through CImaging: decoding with box-filtered downscaling and alpha compositing.
enum PNGCodec {
    /// The stored size of a PNG, from its header.
    static func size(of bytes: [UInt8]) throws(ImagingError) -> (width: Int, height: Int) {
        var info = cimg_info()
        try CodecCall.run { message, capacity in
            bytes.withUnsafeBufferPointer { cimg_png_info($0.baseAddress, $0.count, &info, message, capacity) }
        }
        return (Int(info.width), Int(info.height))
    }

    /// Decodes `region` (the whole image if `nil`), box-filtered by an integer factor to
    /// the smallest size of at least `minimumSize` × `minimumSize` (0: full size), with
    /// transparency composited over `background`.
    static func decode(_ bytes: [UInt8], region: PixelRegion?, minimumSize: Int = 0,
                       background: RGBColor = .lightGray) throws(ImagingError) -> DecodedImage {
        var options = cimg_decode_options()
        options.min_width = UInt32(clamping: minimumSize)
        options.min_height = UInt32(clamping: minimumSize)
        options.background = (background.red, background.green, background.blue)
        var cRegion = region?.cRegion ?? cimg_region()
        var image = cimg_image()
        try CodecCall.run { message, capacity in
            bytes.withUnsafeBufferPointer { buffer in
                if region == nil {
                    cimg_png_decode(buffer.baseAddress, buffer.count, nil, &options, &image, message, capacity)
                } else {
                    cimg_png_decode(buffer.baseAddress, buffer.count, &cRegion, &options, &image, message, capacity)
                }
            }
        }
        return CodecCall.adopt(&image)
    }
}
