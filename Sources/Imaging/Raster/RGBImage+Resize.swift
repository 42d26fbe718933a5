extension RGBImage {
    /// The image resampled to `width` × `height`: each new pixel is the area-weighted average
    /// of the pixels it covers when shrinking (a box filter, which does not alias as
    /// nearest-neighbour does), and a linear blend of its neighbours when enlarging.
    func resized(width: Int, height: Int) -> RGBImage {
        precondition(width > 0 && height > 0, "a resized image needs pixels")
        guard width != self.width || height != self.height else { return self }
        let columns = ResamplingWeights(source: self.width, destination: width)
        let rows = ResamplingWeights(source: self.height, destination: height)
        // Horizontal pass into floats, then vertical pass into bytes.
        var wide = [Float](repeating: 0, count: width * self.height * 3)
        for y in 0..<self.height {
            for x in 0..<width {
                var sum: (Float, Float, Float) = (0, 0, 0)
                for (source, weight) in columns.contributions(to: x) {
                    let index = (y * self.width + source) * 3
                    sum.0 += weight * Float(pixels[index])
                    sum.1 += weight * Float(pixels[index + 1])
                    sum.2 += weight * Float(pixels[index + 2])
                }
                let index = (y * width + x) * 3
                (wide[index], wide[index + 1], wide[index + 2]) = sum
            }
        }
        var result = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let contributions = rows.contributions(to: y)
            for x in 0..<width {
                var sum: (Float, Float, Float) = (0, 0, 0)
                for (source, weight) in contributions {
                    let index = (source * width + x) * 3
                    sum.0 += weight * wide[index]
                    sum.1 += weight * wide[index + 1]
                    sum.2 += weight * wide[index + 2]
                }
                let index = (y * width + x) * 3
                result[index] = Self.byte(sum.0)
                result[index + 1] = Self.byte(sum.1)
                result[index + 2] = Self.byte(sum.2)
            }
        }
        return RGBImage(width: width, height: height, pixels: result)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}

/// For one axis: which source pixels make each destination pixel, and how much.
struct ResamplingWeights {
    private var ranges: [Range<Int>] = []
    private var sources: [Int] = []
    private var weights: [Float] = []

    init(source: Int, destination: Int) {
        let scale = Double(source) / Double(destination)
        for index in 0..<destination {
            let start = sources.count
            if scale >= 1 {
                // Shrinking: the destination pixel covers [lo, hi) of the source.
                let lo = Double(index) * scale, hi = Double(index + 1) * scale
                var pixel = Int(lo)
                while Double(pixel) < hi && pixel < source {
                    let overlap = min(hi, Double(pixel + 1)) - max(lo, Double(pixel))
                    if overlap > 1e-9 {
                        sources.append(pixel)
                        weights.append(Float(overlap / scale))
                    }
                    pixel += 1
                }
            } else {
                // Enlarging: linear interpolation between the two nearest source centres.
                let centre = (Double(index) + 0.5) * scale - 0.5
                let left = Int(centre.rounded(.down)), fraction = centre - Double(left)
                sources += [min(max(left, 0), source - 1), min(max(left + 1, 0), source - 1)]
                weights += [Float(1 - fraction), Float(fraction)]
            }
            ranges.append(start..<sources.count)
        }
    }

    func contributions(to index: Int) -> Zip2Sequence<ArraySlice<Int>, ArraySlice<Float>> {
        zip(sources[ranges[index]], weights[ranges[index]])
    }
}
