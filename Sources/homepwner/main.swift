import Glibc

// homepwner: parse flags, block termination signals, serve until SIGTERM/SIGINT.
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
guard Launcher.makeDirectory(options.dataDirectory) else {
    Launcher.printError("homepwner: cannot create data directory \(options.dataDirectory)")
    exit(1)
}
Signals.blockTermination()
exit(Launcher.serve(PlaceholderRoutes.router(publicDirectory: options.publicDirectory), options: options))
