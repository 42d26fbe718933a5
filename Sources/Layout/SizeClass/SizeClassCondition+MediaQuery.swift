extension SizeClassCondition {
    /// The CSS media condition for this set of size classes, or `nil` for ``any``.
    ///
    /// Uses Media Queries Level 4 range syntax (`width < 600px`) so compact and regular meet
    /// exactly, with no gap at fractional widths; every current engine supports it
    /// (Chromium 104, Firefox 63, Safari 16.4). Size classes are in `px` (the screen); the
    /// content size category and "wide" in `em`, since whether the columns fit depends on
    /// the text (a 1280 px window at 200% text has the room of a 640 px one).
    ///
    /// ```swift
    /// SizeClassCondition.compactHeight.mediaQuery()   // "(height < 500px)"
    /// ```
    public func mediaQuery(_ breakpoints: SizeClassBreakpoints = .standard) -> String? {
        var parts: [String] = []
        if let horizontal {
            let edge = CSSLength.px(breakpoints.compactWidthBelow)
            parts.append(horizontal == .compact ? "(width < \(edge))" : "(width >= \(edge))")
        }
        if let wide {
            let edge = CSSLength.em(pixels: breakpoints.wideWidthFrom)
            parts.append(wide ? "(width >= \(edge))" : "(width < \(edge))")
        }
        if let vertical {
            let edge = CSSLength.px(breakpoints.compactHeightBelow)
            parts.append(vertical == .compact ? "(height < \(edge))" : "(height >= \(edge))")
        }
        if let contentSize {
            let edge = CSSLength.em(pixels: breakpoints.accessibilityWidthBelow)
            parts.append(contentSize == .accessibility ? "(width < \(edge))" : "(width >= \(edge))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }
}
