import HTTP
import Storage

extension HomepwnerApp {
    /// The routes of managing places (issue 23): the locations and labels pages and their
    /// forms, "Totals by place and label", and their JSON API. `/locations/:key` and
    /// `/labels/:key` (their items, as the list) are the list's.
    ///
    /// As everywhere: GETs only read; every POST is `verifiedForm` (CSRF) and every API write
    /// `apiWrite`, on the writes pool; ``AccessGuard`` refuses viewers' writes by method.
    static func registerPlaceRoutes(_ routes: inout RouterBuilder, store: ItemStore, renderer: PageRenderer) {
        let locations = LocationsController(store: store, renderer: renderer)
        let labels = LabelsController(store: store, renderer: renderer)
        let totals = PlaceTotalsController(store: store, renderer: renderer)
        let locationAPI = LocationAPIController(store: store)
        let labelAPI = LabelAPIController(store: store)
        let verified = { handler in verifiedForm(handler, csrf: renderer.csrf) }
        let write = { handler in apiWrite(handler, csrf: renderer.csrf) }

        routes.get("/locations", locations.list)
        routes.post("/locations", on: .writes, verified(locations.add))
        routes.get("/locations/:key/edit", locations.editPage)
        routes.post("/locations/:key", on: .writes, verified(locations.update))
        routes.post("/locations/:key/move", on: .writes, verified(locations.move))
        routes.get("/locations/:key/delete", locations.deletePage)
        routes.post("/locations/:key/delete", on: .writes, verified(locations.delete))

        // Counting items per label reads every labelled item: off the event loops.
        routes.get("/labels", offloaded: true, labels.list)
        routes.post("/labels", on: .writes, verified(labels.add))
        routes.get("/labels/:key/edit", labels.editPage)
        routes.post("/labels/:key", on: .writes, verified(labels.update))
        routes.get("/labels/:key/delete", labels.deletePage)
        routes.post("/labels/:key/delete", on: .writes, verified(labels.delete))
        routes.get("/places/totals", offloaded: true, totals.show)

        routes.get("/locations.json", locationAPI.list)
        routes.post("/locations.json", bodyLimit: JSONBody.limit, on: .writes, write(locationAPI.create))
        routes.get("/locations/:key.json", locationAPI.show)
        routes.put("/locations/:key.json", bodyLimit: JSONBody.limit, on: .writes, write(locationAPI.update))
        routes.delete("/locations/:key.json", on: .writes, write(locationAPI.delete))
        routes.get("/labels.json", labelAPI.list)
        routes.post("/labels.json", bodyLimit: JSONBody.limit, on: .writes, write(labelAPI.create))
        routes.get("/labels/:key.json", labelAPI.show)
        routes.put("/labels/:key.json", bodyLimit: JSONBody.limit, on: .writes, write(labelAPI.update))
        routes.delete("/labels/:key.json", on: .writes, write(labelAPI.delete))
    }
}
