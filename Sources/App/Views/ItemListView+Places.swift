import Foundation
import Mustache
import Storage

/// An item's place as its row shows it: the location's path (unless the row is under its
/// location's header) and its labels as chips, each chip its name on its colour.
extension ItemListView {
    static func places(of item: Item, in places: PlaceDirectory, showsLocation: Bool) -> (text: String, html: String) {
        let location = showsLocation ? item.locationKey.flatMap { places.tree.location(key: $0) } : nil
        let labels = places.labels(item.labelKeys)
        guard location != nil || !labels.isEmpty else { return ("", "") }
        var html: [UInt8] = []
        var text: [String] = []
        if let location {
            html += Array(#"<span class="item-cell__place">"#.utf8)
            html.appendHTMLEscaped(location.pathText)
            html += Array("</span>".utf8)
            text.append(location.pathText)
        }
        for label in labels {
            if !html.isEmpty { html.append(UInt8(ascii: " ")) }
            html += chip(label)
        }
        if !labels.isEmpty { text.append(labels.map(\.name).joined(separator: ", ")) }
        return (text.joined(separator: "; "), String(decoding: html, as: UTF8.self))
    }

    /// A label's chip: `<span class="label-chip label-chip--red">Fragile</span>`.
    static func chip(_ label: Label) -> [UInt8] {
        var html = Array(#"<span class="label-chip label-chip--"#.utf8)
        html += Array(label.color.rawValue.utf8)
        html += Array(#"">"#.utf8)
        html.appendHTMLEscaped(label.name)
        html += Array("</span>".utf8)
        return html
    }
}

extension ItemListView {
    /// The notice above a list of one place: what it shows, and a link to everything.
    func placeFilter(_ query: ListQuery, context: PageContext) throws -> MustacheValue {
        let places = try store.places()
        var parts: [String] = []
        if let location = query.filter.location {
            if let key = location.key {
                let path = places.tree.location(key: key)?.pathText ?? context.text("unknownPlace")
                parts.append(context.format(location.includesSublocations ? "placeFilterLocation" : "placeFilterLocationOnly", path))
            } else {
                parts.append(context.text("placeFilterNoLocation"))
            }
        }
        if !query.filter.labelKeys.isEmpty {
            let names = query.filter.labelKeys.map { places.label(key: $0)?.name ?? context.text("unknownPlace") }
            parts.append(context.format("placeFilterLabels", names.joined(separator: context.text("placeFilterAnd"))))
        }
        if query.filter.unlabelledOnly { parts.append(context.text("placeFilterNoLabel")) }
        var everything = query.state
        everything.filter.location = nil
        everything.filter.labelKeys = []
        everything.filter.unlabelledOnly = false
        everything.page = 1
        return .object(["text": .string(parts.joined(separator: " ")), "clearHref": .string(everything.url)])
    }
}
