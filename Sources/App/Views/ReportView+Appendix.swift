import Foundation
import Mustache
import Storage

extension ReportView {
    /// The report's toggle between with and without a page of photos per item.
    func photoPagesLink(_ query: ListQuery, grouped: Bool, photoPages: Bool) -> [String: MustacheValue] {
        var parameters = query.filterParameters.filter { $0.0 != "group" && $0.0 != "photos" }
        if grouped { parameters.append(("group", "location")) }
        if !photoPages { parameters.append(("photos", "1")) }
        return [
            "photosHref": .string("/items/report" + ListQuery.queryString(parameters)),
            "photosLabel": .string(context.text(photoPages ? "reportWithoutPhotoPages" : "reportWithPhotoPages")),
        ]
    }

    /// One item's appendix page: its number in the table, name, serial and value, and every
    /// photo full size, cover first (the proof of ownership an insurer asks for).
    func appendixPage(_ item: Item, number: Int, photos: [String]) -> MustacheValue {
        let key = item.key.lowercasedString
        let count = photos.count
        var meta = [formatters.money(item.valueInDollars, context.language, context.currency)]
        if !item.serialNumber.isEmpty { meta.insert(item.serialNumber, at: 0) }
        return .object([
            "number": .int(number),
            "numberLabel": .string(context.format("reportAppendixNumber", String(number))),
            "name": .string(item.name),
            "meta": .string(meta.joined(separator: " · ")),
            "photos": .list(photos.enumerated().map { index, etag in
                .object([
                    "src": .string("/items/\(key)/photos/\(Photo.digest(ofETag: etag))"),
                    "alt": .string(context.format("photoNumber", String(index + 1), String(count), item.name)),
                ])
            }),
        ])
    }
}
