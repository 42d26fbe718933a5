import Layout

/// The Visual Format Language parser, and the CSS a spec compiles to: the input's first
/// line is the main format, further lines are cross-axis formats. Parsing either succeeds
/// or throws an error whose description points inside the format; compiling never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVisualFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    do {
        let format = try VisualFormat(lines[0])
        for index in format.views.indices {
            _ = (format.spacing(before: index), format.spacing(after: index))
            for predicate in format.views[index].size { _ = predicate.description }
        }
        for spacing in format.spacings { _ = (spacing.minimum, spacing.isFlexible) }
        fuzzCheck(format.spacings.count == format.views.count - 1, "\(format.views.count) views, \(format.spacings.count) spacings")
    } catch {
        fuzzCheck(error.position >= 0 && error.position <= lines[0].count + 1, "error position \(error.position) outside \(lines[0])")
        _ = error.description
    }
    // The whole pipeline, as the app's layout specs use it.
    if let spec = try? LayoutSpec(block: "row", formats: lines) {
        let sheet = LayoutStylesheet([spec])
        fuzzCheck(!sheet.css.isEmpty && sheet.fileName.hasPrefix("layout-"), "empty stylesheet")
    }
    return 0
}
