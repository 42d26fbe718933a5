/// Where the app finds its files and what it does at start-up.
public struct AppConfiguration: Sendable {
    /// Holds `homepwner.sqlite` (created on first run).
    public var dataDirectory: String
    /// A PostgreSQL URL (`--database`, `HOMEPWNER_DATABASE`): the store lives there, shared by
    /// every instance given the same one; `nil` keeps it in `dataDirectory` (SQLite).
    public var database: String?
    /// The `*.mustache` files, compiled once at start-up.
    public var templatesDirectory: String
    /// CSS, JavaScript and icons, served as static files.
    public var publicDirectory: String
    /// Random items to add when the store is empty (`--seed N`).
    public var seed: Int
    /// With `seed`, also 200 locations (20 rooms of 9 boxes) and 50 labels given to the items
    /// (`--seed-places`): a household to try sections on, and the benchmarks' store.
    public var seedsPlaces = false
    /// `--public-host` values: the first names the server in QR labels' absolute URLs.
    public var publicHosts: [String] = []
    /// The file `dlopen` opens for QR codes (a test names a missing one).
    public var qrLibraryName = "libqrencode.so.4"
    /// Where errors worth an operator's attention are written.
    public var log: @Sendable (String) -> Void

    public init(
        dataDirectory: String = "./data",
        templatesDirectory: String = "Templates",
        publicDirectory: String = "Public",
        seed: Int = 0,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.dataDirectory = dataDirectory
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
        self.seed = seed
        self.log = log
    }
}
