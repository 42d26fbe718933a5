import HTTP
import QRCode
import Storage

extension HomepwnerApp {
    /// The routes of QR labels (issue 24 point 5): the printable sheet, Select mode's "Print
    /// labels", the locations' chooser, and each item's and location's `qr.svg`. All GETs,
    /// for every member (a viewer prints labels too); signed out, the sign-in page first.
    ///
    /// libqrencode is opened on first use ( ``QRCodeLibrary`` ); where it is missing these
    /// answer 503 naming the package, the start-up log says so once, and nothing else changes.
    static func registerQRLabelRoutes(
        _ routes: inout RouterBuilder, store: ItemStore, renderer: PageRenderer, configuration: AppConfiguration
    ) {
        let library = QRCodeLibrary(libraryName: configuration.qrLibraryName)
        do {
            _ = try library.encoder()
        } catch {
            configuration.log("note: QR labels are off until libqrencode is installed: \(error)")
        }
        let labels = QRLabelsController(store: store, renderer: renderer, library: library,
                                        address: QRLabelAddress(publicHosts: configuration.publicHosts))
        let answer = QRLabelsUnavailable(renderer: renderer).answering

        // A sheet draws up to 500 codes: off the event loops. One code alone is quick.
        routes.get("/qr-labels", offloaded: true, answer(labels.sheet))
        routes.get("/qr-labels/locations", answer(labels.chooseLocations))
        routes.get("/items/qr-labels", offloaded: true, answer(labels.selectedItems))
        routes.get("/items/:key/qr.svg", answer(labels.itemCode))
        routes.get("/locations/:key/qr.svg", answer(labels.locationCode))
    }
}
