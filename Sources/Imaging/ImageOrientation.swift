/// How a stored image must be turned to stand upright: the EXIF Orientation tag (0x0112),
/// named as UIKit's `UIImage.Orientation` names the same eight cases.
///
/// Cameras write the sensor's rows as they come and record the turn in this tag instead of
/// rotating the pixels; browsers apply it when showing the photo, and so do thumbnails.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored across the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned a quarter turn clockwise to stand upright (a phone held upright).
    case right = 6
    /// 7: mirrored across the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned a quarter turn anticlockwise to stand upright.
    case left = 8

    /// The tag's value, 1–8.
    public var exifValue: UInt16 { UInt16(rawValue) }

    /// Whether the upright image is the stored one on its side (width and height swap).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The value of an EXIF Orientation tag; anything outside 1–8 counts as ``up``, as
    /// browsers do.
    public init(exifValue: UInt16) {
        self = ImageOrientation(rawValue: Int(exifValue)) ?? .up
    }

    /// The stored pixel shown at (`x`, `y`) of the upright image, whose size is
    /// `width` × `height` (already swapped for orientations 5–8).
    ///
    /// From the tag's definition (EXIF 2.32 §4.6.4, "the 0th row / 0th column is the
    /// visual …"): for 6, the stored top row is the upright right-hand column, and the
    /// stored left column is the upright top row.
    func storedPoint(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, width - 1 - x)
        case .rightMirrored: (height - 1 - y, width - 1 - x)
        case .left: (height - 1 - y, x)
        }
    }
}
