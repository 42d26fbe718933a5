import App
import Glibc
import Storage

// homepwner: parse flags, open the store and templates, serve until SIGTERM/SIGINT,
// then finish in-flight requests, checkpoint the database and exit 0.
// `homepwner users …` manages accounts, `tokens …` their API tokens, `backup`/`restore` copy the whole store, `export --zip` writes the takeaway ZIP, and exit;
// everything else starts the server.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "users" {
    if !Launcher.checkTranslations() { exit(1) }
    exit(UsersCommand.run(Array(CommandLine.arguments.dropFirst(2)), readPassword: Launcher.readPasswordFromStandardInput))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "tokens" {
    exit(TokensCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "export" {
    if !Launcher.checkTranslations() { exit(1) }
    exit(ExportCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 1, ["backup", "restore"].contains(CommandLine.arguments[1]) {
    exit(BackupCommand.run(CommandLine.arguments[1], Array(CommandLine.arguments.dropFirst(2))))
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Launcher.printError("homepwner: \(error)\n\n\(Options.usage)")
    exit(2)
}
if options.showHelp {
    print(Options.usage)
    exit(0)
}
if options.showVersion {
    print(VersionCommand.report(dataDirectory: options.dataDirectory))
    exit(0)
}
// The translations are read and checked before anything is created or bound (issue 26 part 5).
if !Launcher.checkTranslations() { exit(1) }
do {
    // Mode 0700 for what we create: it will hold the password hashes.
    try PrivateFile.createDirectory(options.dataDirectory)
} catch {
    Launcher.printError("homepwner: \(error)")
    exit(1)
}
Signals.blockTermination()
let app: HomepwnerApp
do {
    var configuration = AppConfiguration(
        dataDirectory: options.dataDirectory,
        templatesDirectory: options.templatesDirectory,
        publicDirectory: options.publicDirectory,
        seed: options.seed ?? 0,
        log: { Launcher.printError($0) }
    )
    configuration.seedsPlaces = options.seedsPlaces
    configuration.database = options.database
    configuration.publicHosts = options.publicHosts
    app = try HomepwnerApp(configuration: configuration)
} catch {
    Launcher.printError("homepwner: cannot start: \(error)")
    exit(1)
}
let status = Launcher.serve(
    app.router,
    options: options,
    errorResponder: { status, message, request in app.errorResponse(status: status, message: message, request: request) },
    afterStart: { baseURL in
        if let path = try? app.setupPath() { print("First run: open \(baseURL)\(path)") }
    },
    afterShutdown: {
        do {
            try app.close()
        } catch {
            Launcher.printError("homepwner: closing the database failed: \(error)")
        }
    }
)
exit(status)
