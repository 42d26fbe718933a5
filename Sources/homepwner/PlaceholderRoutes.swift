import HTTP

/// The routes served until the App module takes over: health, home page, static files.
enum PlaceholderRoutes {
    static func router(publicDirectory: String) -> Router {
        var builder = RouterBuilder()
        builder.get("/health") { _ in .text("ok") }
        builder.get("/") { _ in
            .html("""
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>Homepwner</title></head>
                <body><h1>Homepwner</h1><p>Your possessions, inventoried. Coming soon.</p></body></html>
                """)
        }
        builder.serveStaticFiles(from: publicDirectory)
        return builder.build()
    }
}
