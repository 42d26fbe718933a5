/// The page's stylesheets and script, each at a content-hashed URL: the layout CSS
/// generated from `PageLayouts`, and the hand-written look and enhancement from `Public/`.
/// Each stylesheet also comes in every text size and appearance a member may choose
/// (``StylesheetVariant``), made once here.
struct Assets: Sendable {
    let layoutStylesheet: VersionedAsset
    let stylesheet: VersionedAsset
    let script: VersionedAsset
    /// The layout and app stylesheets of each variant (the standard ones for the defaults).
    let variants: [StylesheetVariant: (layout: VersionedAsset, app: VersionedAsset)]

    /// Every asset once (variants that come out the same share a URL).
    var all: [VersionedAsset] {
        var seen: Set<String> = []
        return ([script] + variants.values.flatMap { [$0.layout, $0.app] }).filter { seen.insert($0.url).inserted }
    }

    init(publicDirectory: String) throws {
        let css = "text/css; charset=utf-8"
        let layout = PageLayouts.stylesheet.css
        layoutStylesheet = VersionedAsset(name: "layout", fileExtension: "css", contentType: css, bytes: Array(layout.utf8))
        stylesheet = try .file(at: publicDirectory + "/css/app.css", name: "app", fileExtension: "css", contentType: css)
        script = try .file(
            at: publicDirectory + "/js/app.js", name: "app", fileExtension: "js", contentType: "text/javascript; charset=utf-8")
        let app = String(decoding: stylesheet.bytes, as: UTF8.self)
        var variants: [StylesheetVariant: (layout: VersionedAsset, app: VersionedAsset)] = [:]
        for variant in StylesheetVariant.all {
            let suffix = variant.textSize == .browser && variant.appearance == .system ? "" : "-\(variant.textSize.parameter)-\(variant.appearance.rawValue)"
            variants[variant] = (
                VersionedAsset(name: "layout" + suffix, fileExtension: "css", contentType: css,
                               bytes: Array(variant.css(layout, setsRootSize: false).utf8)),
                VersionedAsset(name: "app" + suffix, fileExtension: "css", contentType: css,
                               bytes: Array(variant.css(app, setsRootSize: true).utf8)))
        }
        self.variants = variants
    }
}
