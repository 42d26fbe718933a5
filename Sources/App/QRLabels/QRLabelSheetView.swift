import Foundation
import Mustache
import QRCode

/// The label sheet's values (`qr-labels/sheet`): each label's code as inline SVG (it prints
/// without another request, sharp at any size), its name sized to fit and its short code;
/// above them, on screen only, what the sheet holds and the address the codes open.
struct QRLabelSheetView {
    let context: PageContext
    let address: QRLabelAddress

    /// Codes at level M (15 % may be damaged): the usual choice for print, and a smaller symbol
    /// (bigger modules on the same label) than Q or H.
    static let level = QRErrorCorrection.medium

    func values(_ labels: [QRLabel], origin: String, encoder: QREncoder, skipped: Int, backHref: String) throws(QRCodeError)
        -> [String: MustacheValue] {
        var rendered: [MustacheValue] = []
        rendered.reserveCapacity(labels.count)
        for label in labels {
            let url = label.kind == .item ? address.item(label.key, origin: origin) : address.location(label.key, origin: origin)
            let svg = try encoder.encode(text: url, level: Self.level).svg(attributes: #"class="qr-label__svg" aria-hidden="true""#)
            rendered.append(.object([
                "svg": .string(svg),
                "name": .string(label.name),
                "code": .string(label.shortCode),
                "size": .string(label.nameSize),
                "alt": .string(context.format("qrLabelsCodeAlt", label.name)),
                "location": .bool(label.kind == .location),
            ]))
        }
        var values: [String: MustacheValue] = [
            "title": .string(context.text("qrLabelsTitle")),
            "count": .string(context.plural("qrLabelsCountMany", count: labels.count, String(labels.count))),
            "address": .string(context.format("qrLabelsAddress", origin)),
            "labels": .list(rendered),
            "backHref": .string(backHref),
        ]
        if QRLabelAddress.isLocalOnly(origin) { values["localOnly"] = .string(context.format("qrLabelsLocalOnly", origin)) }
        if skipped > 0 {
            values["skipped"] = .string(context.plural("qrLabelsSkippedMany", count: skipped, String(skipped)))
        }
        return values
    }
}
