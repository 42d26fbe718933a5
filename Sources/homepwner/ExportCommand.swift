import App
import Dispatch
import Storage

/// `homepwner export --zip FILE [--data-dir DIR] [--force]`: the takeaway ZIP ("Download
/// everything" on the account page) written to FILE, without a server of its own.
enum ExportCommand {
    static let usages: KeyValuePairs<String, String> = [
        "export": "homepwner export --zip FILE [--data-dir DIR] [--force]   (the CSV and every item's photos, in one ZIP)",
    ]
    static let usage = HelpText.usage(usages)

    static func run(_ arguments: [String]) -> Int32 {
        if let help = HelpText.requested(in: ["export"] + arguments, usages) {
            print(help)
            return 0
        }
        do {
            var rest = arguments[...]
            var file: String?
            var dataDirectory = "./data"
            var force = false
            while let argument = rest.popFirst() {
                switch argument {
                case "--zip": file = rest.popFirst()
                case "--data-dir":
                    guard let value = rest.popFirst() else { throw UsersCommand.Failure(description: "--data-dir needs a directory") }
                    dataDirectory = value
                case "--force": force = true
                default: throw UsersCommand.Failure(description: "unknown argument \(argument)\n\(usage)")
                }
            }
            guard let file else { throw UsersCommand.Failure(description: "export needs --zip FILE\n\(usage)") }
            let started = DispatchTime.now()
            let store = try ItemStore.open(directory: dataDirectory)
            defer { store.close() }
            let summary = try TakeawayFile.export(store: store, to: file, replacing: force)
            let milliseconds = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
            print("exported to \(file) in \(milliseconds) ms: \(summary)")
            return 0
        } catch {
            Launcher.printError("homepwner export: \(error)")
            return 1
        }
    }
}
