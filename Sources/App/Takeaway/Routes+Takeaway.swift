import HTTP
import Storage

extension HomepwnerApp {
    /// "Download everything" (issue 24 point 6): a long read, on the member jobs' pool, one
    /// per member at a time (as Export CSV and the backup).
    static func registerTakeawayRoutes(_ routes: inout RouterBuilder, store: ItemStore, renderer: PageRenderer,
                                       spoolDirectory: String, jobs: MemberJobs) {
        let takeaway = TakeawayController(store: store, renderer: renderer, spoolDirectory: spoolDirectory)
        routes.get("/account/export.zip", on: .memberJobs, admission: jobs.admit, takeaway.download)
    }
}
