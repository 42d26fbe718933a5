import Cryptography
import Foundation
import HTTP
import HTTPTestSupport
import ImageFixtures
import Storage
import Testing
@testable import App

/// Issue 24 point 7: an item's documents over the JSON API.
@Suite("Documents: the JSON API")
struct DocumentAPITests {
    static func digests(_ reply: APIClient.Reply) -> [String] {
        (reply.json["documents"] as? [[String: Any]] ?? []).compactMap { $0["digest"] as? String }
    }

    static func schemaProblems(_ reply: APIClient.Reply, _ name: String) -> [String] {
        let schemas = (OpenAPIDocument.document["components"] as! [String: Any])["schemas"] as! [String: Any]
        return SchemaCheck(schemas: schemas).problems(reply.json, against: ["$ref": "#/components/schemas/\(name)"], at: "$")
    }

    @Test("List, upload (a raw body), download with a token, delete; the replies match the document's schemas; history records each")
    func roundTrip() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let item = try app.seedItem(name: "Fridge")
            let key = item.key.lowercasedString
            let path = "/items/\(key)/documents.json"
            #expect(Self.digests(try api.get(path)) == [])
            let receipt = DocumentLiveTests.pdf(1, size: 300_000)
            let added = try api.send(.post, path + "?kind=receipt&fileName=Fridge_receipt.pdf", body: receipt, headers: ["Content-Type": "application/pdf"])
            #expect(added.status == 201)
            #expect(Self.schemaProblems(added, "DocumentList") == [])
            let first = try #require((added.json["documents"] as? [[String: Any]])?.first)
            #expect(first["title"] as? String == "Fridge receipt")
            #expect(first["kind"] as? String == "receipt" && first["size"] as? Int == 300_000 && first["mediaType"] as? String == "application/pdf")
            #expect(first["fileName"] as? String == "Fridge_receipt.pdf")
            #expect(added.headers[.location] == "/items/\(key)/documents/\(SHA256.hexDigest(receipt))")
            let card = try api.send(.post, path + "?kind=warranty&title=Warranty%20card", body: SampleImages.jpeg(seed: 2),
                                    headers: ["Content-Type": "application/octet-stream"])
            #expect(card.status == 201 && Self.digests(card).count == 2)
            #expect(card.json["version"] as? Int == item.version + 2)

            let download = try api.get(try #require(added.headers[.location]))
            #expect(download.status == 200 && download.body == receipt)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"Fridge receipt.pdf\"; filename*=UTF-8''Fridge%20receipt.pdf")
            #expect(download.headers[.contentSecurityPolicy]?.hasPrefix("sandbox") == true && download.headers[.xContentTypeOptions] == "nosniff")
            #expect(try api.get("/items/\(key)/documents/2").headers[.contentType] == "image/jpeg")

            let deleted = try api.send(.delete, "/items/\(key)/documents/\(SHA256.hexDigest(receipt)).json")
            #expect(deleted.status == 200 && Self.schemaProblems(deleted, "DocumentList") == [])
            #expect((deleted.json["documents"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Warranty card"])
            #expect((deleted.json["documents"] as? [[String: Any]])?.first?["position"] as? Int == 1)
            #expect(try api.get("/items/\(key)/documents/\(SHA256.hexDigest(receipt))").status == 404)
            let history = try app.store.history(of: item.key)
            #expect(history.prefix(3).map(\.kind) == [.documentRemoved, .documentAdded, .documentAdded])
            #expect(history.first?.oldValue == "Fridge receipt" && history.first?.actor.name == "owner")
        }
    }

    @Test("Refusals as problem details: HTML as a PDF, a text type, empty, a bad kind, a 201-character title, the 21st, unknown ones, and a viewer's writes")
    func refusals() throws {
        try withApp { browser, app in
            let api = try APITests.scripted(app, browser)
            let item = try app.seedItem(name: "Oven")
            let key = item.key.lowercasedString
            let path = "/items/\(key)/documents.json"
            let pdf = ["Content-Type": "application/pdf"]
            let html = try api.send(.post, path, body: Array("<html><script>alert(1)</script></html>".utf8), headers: pdf)
            #expect(html.status == 415 && html.contentType == "application/problem+json")
            #expect(Self.schemaProblems(html, "Problem") == [])
            #expect(try api.send(.post, path, body: DocumentLiveTests.pdf(1), headers: ["Content-Type": "text/html"]).status == 415)
            let empty = try api.send(.post, path, body: [], headers: pdf)
            #expect(empty.status == 422 && empty.fieldErrors == ["document"])
            let kind = try api.send(.post, path + "?kind=invoice", body: DocumentLiveTests.pdf(1), headers: pdf)
            #expect(kind.status == 422 && kind.fieldErrors == ["kind"])
            let title = try api.send(.post, path + "?title=" + String(repeating: "t", count: 201), body: DocumentLiveTests.pdf(1), headers: pdf)
            #expect(title.status == 422 && title.fieldErrors == ["title"])
            let spaces = try api.send(.post, path + "?title=" + String(repeating: "%20", count: 201), body: DocumentLiveTests.pdf(1), headers: pdf)
            #expect(spaces.status == 422, "too long as the schema counts, blank or not")
            #expect(try api.send(.post, "/items/\(UUID().uuidString)/documents.json", body: DocumentLiveTests.pdf(1), headers: pdf).status == 404)
            #expect(try app.store.documents(ofItem: item.key).isEmpty)

            for seed in UInt8(1)...20 {
                #expect(try api.send(.post, path + "?title=Doc%20\(seed)", body: DocumentLiveTests.pdf(seed), headers: pdf).status == 201)
            }
            let full = try api.send(.post, path, body: DocumentLiveTests.pdf(21), headers: pdf)
            #expect(full.status == 422 && full.fieldErrors == ["document"])
            let twice = try api.send(.delete, "/items/\(key)/documents/1.json")
            #expect(twice.status == 200)
            let duplicate = try api.send(.post, path, body: DocumentLiveTests.pdf(2), headers: pdf)
            #expect(duplicate.status == 422)
            for reference in [String(repeating: "0", count: 64), "21", "0", "x"] {
                #expect(try api.send(.delete, "/items/\(key)/documents/\(reference).json").status == 404, "\(reference)")
                #expect(try api.get("/items/\(key)/documents/\(reference)").status == 404, "\(reference)")
            }

            let viewer = try APITests.scripted(app, browser, role: .viewer)
            #expect(try viewer.get(path).status == 200)
            #expect(try viewer.get("/items/\(key)/documents/1").status == 200)
            #expect(try viewer.send(.post, path, body: DocumentLiveTests.pdf(40), headers: pdf).status == 403)
            #expect(try viewer.send(.delete, "/items/\(key)/documents/1.json").status == 403)
            let stranger = APIClient(client: browser.client.makeClient(), token: "not-a-token")
            #expect(try stranger.get("/items/\(key)/documents/1").status == 401)
            #expect(try app.store.documents(ofItem: item.key).count == 19)
        }
    }
}
