import HTTP
import Storage

extension HomepwnerApp {
    /// The routes of issue 24's ownership fields that are pages of their own: the Warranties
    /// page. (The fields themselves travel with the item's dialog, API and CSV.)
    static func registerOwnershipRoutes(_ routes: inout RouterBuilder, store: ItemStore, renderer: PageRenderer) {
        let warranties = WarrantiesController(store: store, renderer: renderer)
        routes.get("/warranties", warranties.show)
    }
}
