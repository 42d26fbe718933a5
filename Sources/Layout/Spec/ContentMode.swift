/// How an image slot fits its box, as `UIView.ContentMode`.
public enum ContentMode: String, Sendable, Hashable {
    /// The whole image, letterboxed (`object-fit: contain`).
    case scaleAspectFit = "contain"
    /// The box filled, the image cropped (`object-fit: cover`).
    case scaleAspectFill = "cover"
    /// The image stretched to the box (`object-fit: fill`).
    case scaleToFill = "fill"
}
