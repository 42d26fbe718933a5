import Testing
@testable import HTTP

@Suite("Router")
struct RouterTests {
    static func makeRouter() -> Router {
        var builder = RouterBuilder()
        builder.get("/") { _ in .text("home") }
        builder.get("/items/:key") { request in .text("item \(request.parameter("key") ?? "?")") }
        builder.get("/items/:key/photo") { request in .text("photo \(request.parameter("key") ?? "?")") }
        builder.post("/items/:key/photo", bodyLimit: 12 << 20) { _ in .text("uploaded") }
        builder.add(.delete, "/items/:key") { _ in HTTPResponse(status: .noContent) }
        return builder.build()
    }

    @Test("Routes match literal and :name segments; captures are percent-decoded")
    func matching() throws {
        let router = Self.makeRouter()
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/")).bodyText == "home")
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/items/a%2Fb?x=1")).bodyText == "item a/b")
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/items/7/photo")).bodyText == "photo 7")
        #expect(try router.respond(to: HTTPRequest(method: .head, target: "/items/7")).bodyText == "item 7")
    }

    @Test("A capture with a literal suffix (/items/:key.json) wins over a plain capture, whatever the order added")
    func suffixedCaptures() throws {
        var builder = RouterBuilder()
        builder.get("/items/:key") { request in .text("page \(request.parameter("key") ?? "?")") }
        builder.get("/items/:key.json") { request in .text("json \(request.parameter("key") ?? "?")") }
        builder.put("/items/:key.json") { _ in .text("put") }
        builder.get("/items/restore.json") { _ in .text("literal") }
        let router = builder.build()
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/items/7.json")).bodyText == "json 7")
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/items/7")).bodyText == "page 7")
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/items/restore.json")).bodyText == "literal")
        // Only the suffix is no capture: it falls through to the plain one.
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/items/.json")).bodyText == "page .json")
        #expect(router.hasRoute(.put, path: "/items/7.json") && !router.hasRoute(.put, path: "/items/7"))
        #expect { try router.respond(to: HTTPRequest(method: .post, target: "/items/7.json")) } throws: {
            ($0 as? HTTPError)?.headers[.allow] == "GET, HEAD, PUT"
        }
    }

    @Test("Encoded spellings of a route's literal segments match it; an encoded / never splits a segment")
    func encodedLiterals() throws {
        var builder = RouterBuilder()
        builder.get("/items") { _ in .text("list") }
        builder.get("/items/new") { _ in .text("new") }
        builder.get("/items/:key") { request in .text("item \(request.parameter("key") ?? "?")") }
        builder.get("/users/:user/items/:key") { request in .text("\(request.parameter("user") ?? "?") \(request.parameter("key") ?? "?")") }
        let router = builder.build()
        let answers: [(String, String?)] = [
            ("/it%65ms", "list"), ("/items/n%65w", "new"), ("/%69tems/7", "item 7"), ("/%69tems/new", "new"),
            ("/users/%61/items/b", "a b"), ("/users/a/%69tems/b", "a b"), ("/users/a/itemz/b", nil),
            ("/items%2F7", nil), ("/item/7", nil), ("/bench/sample.txt", nil), ("/items/7/x", nil),
        ]
        for (target, expected) in answers {
            let body = try? router.respond(to: HTTPRequest(method: .get, target: target)).bodyText
            #expect(body == expected, "\(target)")
        }
    }

    @Test("No route → 404; wrong method → 405 with Allow")
    func errors() {
        let router = Self.makeRouter()
        #expect { try router.respond(to: HTTPRequest(method: .get, target: "/nothing")) } throws: {
            ($0 as? HTTPError)?.status == .notFound
        }
        #expect { try router.respond(to: HTTPRequest(method: .put, target: "/items/1")) } throws: {
            guard let error = $0 as? HTTPError else { return false }
            return error.status == .methodNotAllowed && error.headers[.allow] == "DELETE, GET, HEAD"
        }
        #expect { try router.respond(to: HTTPRequest(method: .get, target: "/items/")) } throws: {
            ($0 as? HTTPError)?.status == .notFound
        }
    }

    @Test("Body limits are per route, with a default of 1 MiB")
    func bodyLimits() {
        let router = Self.makeRouter()
        #expect(router.bodyLimit(method: .post, path: "/items/1/photo") == 12 << 20)
        #expect(router.bodyLimit(method: .post, path: "/elsewhere") == 1 << 20)
    }

    @Test("Middleware runs in order around routing and sees 404s as thrown errors")
    func middleware() throws {
        var builder = RouterBuilder()
        builder.use { request, next in
            var response = try next(request)
            response.headers.add("X-Order", "outer")
            return response
        }
        builder.use { request, next in
            do {
                var response = try next(request)
                response.headers.add("X-Order", "inner")
                return response
            } catch let error as HTTPError where error.status == .notFound {
                return .html("<h1>Lost</h1>", status: .notFound)
            }
        }
        builder.get("/a") { _ in .text("a") }
        let router = builder.build()
        #expect(try router.respond(to: HTTPRequest(method: .get, target: "/a")).headers.values(for: "X-Order") == ["inner", "outer"])
        let missing = try router.respond(to: HTTPRequest(method: .get, target: "/b"))
        #expect(missing.status == .notFound)
        #expect(missing.bodyText == "<h1>Lost</h1>")
    }
}
