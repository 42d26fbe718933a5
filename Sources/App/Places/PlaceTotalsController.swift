import Foundation
import HTTP
import Mustache
import Storage

/// "Totals by place and label" (`/places/totals`): the count and value of the items in each
/// location — rolled up through its sub-locations, and its own — in no location, with each
/// label and with none; every figure links to the list filtered to exactly those items.
/// The room-by-room figures an insurer asks for.
struct PlaceTotalsController: Sendable {
    let store: ItemStore
    let renderer: PageRenderer

    /// `GET /places/totals`
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = renderer.context(for: request)
        let places = PlacesView(formatters: renderer.formatters)
        let totals = try store.placeTotals()
        let locations = totals.locations
        let parents = Set(locations.tree.locations.compactMap(\.parentKey))
        let locationRows: [MustacheValue] = locations.tree.locations.map { location in
            let key = location.key.lowercasedString
            let hasSublocations = parents.contains(location.key)
            return .object([
                "name": .string(location.name),
                // The path above it, so "Drawer" under two rooms reads apart.
                "above": .string(location.path.dropLast().map { $0 + Location.pathSeparator }.joined()),
                "href": .string("/items?location=\(key)"),
                "cells": places.cells(locations.rolledUp(location.key), context: context),
                "hasSublocations": .bool(hasSublocations),
                "ownHref": .string("/items?location=\(key)&sub=0"),
                "ownText": .string(places.figures(locations.own(location.key), context: context)),
            ])
        }
        let labelRows: [MustacheValue] = totals.labels.entries.map { entry in
            .object([
                "chip": PlacesView.chip(entry.label),
                "href": .string("/items?label=\(entry.label.key.lowercasedString)"),
                "cells": places.cells(entry.figures, context: context),
            ])
        }
        let values: [String: MustacheValue] = [
            "title": .string(context.text("placesTotalsTitle")),
            "nav": PlacesView.navigation(current: "/places/totals", context: context),
            "locationRows": .list(locationRows),
            "noLocation": places.cells(locations.noLocation, context: context),
            "labelRows": .list(labelRows),
            "noLabel": places.cells(totals.labels.noLabel, context: context),
            "all": places.cells(locations.all, context: context),
        ]
        return try renderer.render("places/totals", values, context: context)
    }
}
