/// The page's stylesheets and script, each at a content-hashed URL: the layout CSS
/// generated from `PageLayouts`, and the hand-written look and enhancement from `Public/`.
struct Assets: Sendable {
    let layoutStylesheet: VersionedAsset
    let stylesheet: VersionedAsset
    let script: VersionedAsset

    var all: [VersionedAsset] { [layoutStylesheet, stylesheet, script] }

    init(publicDirectory: String) throws {
        layoutStylesheet = VersionedAsset(
            name: "layout", fileExtension: "css", contentType: "text/css; charset=utf-8",
            bytes: Array(PageLayouts.stylesheet.css.utf8))
        stylesheet = try .file(
            at: publicDirectory + "/css/app.css", name: "app", fileExtension: "css", contentType: "text/css; charset=utf-8")
        script = try .file(
            at: publicDirectory + "/js/app.js", name: "app", fileExtension: "js", contentType: "text/javascript; charset=utf-8")
    }
}
