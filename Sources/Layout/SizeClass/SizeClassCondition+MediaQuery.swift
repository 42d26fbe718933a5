extension SizeClassCondition {
    /// The CSS media condition for this set of size classes, or `nil` for ``any``.
    ///
    /// Uses Media Queries Level 4 range syntax (`width < 37.5em`) so compact and regular meet
    /// exactly, with no gap at fractional widths; every current engine supports it
    /// (Chromium 104, Firefox 63, Safari 16.4).
    ///
    /// ```swift
    /// SizeClassCondition.compactHeight.mediaQuery()   // "(height < 31.25em)"
    /// ```
    public func mediaQuery(_ breakpoints: SizeClassBreakpoints = .standard) -> String? {
        var parts: [String] = []
        if let horizontal {
            let edge = CSSLength.em(pixels: breakpoints.compactWidthBelow)
            parts.append(horizontal == .compact ? "(width < \(edge))" : "(width >= \(edge))")
        }
        if let vertical {
            let edge = CSSLength.em(pixels: breakpoints.compactHeightBelow)
            parts.append(vertical == .compact ? "(height < \(edge))" : "(height >= \(edge))")
        }
        if let contentSize {
            let edge = CSSLength.em(pixels: breakpoints.accessibilityWidthBelow)
            parts.append(contentSize == .accessibility ? "(width < \(edge))" : "(width >= \(edge))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }
}
