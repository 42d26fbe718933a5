import Foundation
import HTTP
import HTTPTestSupport
import Storage
import Testing
@testable import App

/// The OpenAPI document stays true: every operation it describes is routed, and real
/// responses match its schemas.
@Suite("OpenAPI document")
struct OpenAPITests {
    typealias JSON = [String: Any]

    static let methods = ["get", "put", "post", "delete", "patch"]

    @Test("Every path and method of the document exists in the router, and every API route is described")
    func pathsAreRouted() throws {
        try withApp(signedIn: nil) { _, app in
            let routes = Set(app.router.routes.map { "\($0.method.rawValue) \($0.path)" })
            let paths = OpenAPIDocument.document["paths"] as! JSON
            var described: Set<String> = []
            for (path, item) in paths {
                let routePath = path.replacingOccurrences(of: #"\{(\w+)\}"#, with: ":$1", options: .regularExpression)
                for method in Self.methods where (item as! JSON)[method] != nil {
                    let route = "\(method.uppercased()) \(routePath)"
                    described.insert(route)
                    #expect(routes.contains(route), "\(route) is in the document but not routed")
                }
            }
            let apiRoutes = routes.filter { $0.hasSuffix(".json") }
            #expect(apiRoutes.isSubset(of: described), "undocumented: \(apiRoutes.subtracting(described))")
        }
    }

    @Test("The document is served publicly as OpenAPI 3.1 and every $ref resolves")
    func served() throws {
        try withApp(signedIn: .owner) { browser, _ in
            let anonymous = browser.client.makeClient()
            let response = try anonymous.get("/openapi.json")
            #expect(response.status == .ok && response.headers[.contentType] == "application/json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? JSON)
            #expect(document["openapi"] as? String == "3.1.0")
            for reference in Self.references(in: document) {
                #expect(Self.resolve(reference, in: document) != nil, "\(reference) does not resolve")
            }
        }
    }

    @Test("Real responses match the document's schemas")
    func responsesMatchSchemas() throws {
        try withApp { browser, app in
            let item = try app.seedItem(name: "Lamp", serial: "L", value: 60, photo: TestImages.png(seed: 1))
            let api = try APITests.scripted(app, browser)
            let document = OpenAPIDocument.document
            let schemas = (document["components"] as! JSON)["schemas"] as! JSON
            let cases: [(APIClient.Reply, String)] = [
                (try api.get("/items.json"), "ItemPage"),
                (try api.get("/items/\(item.key.lowercasedString).json"), "Item"),
                (try api.send(.post, "/items.json", json: ["name": "New"]), "Item"),
                (try api.send(.post, "/items.json", json: ["name": ""]), "Problem"),
                (try api.get("/items/\(UUID().uuidString).json"), "Problem"),
                (try api.send(.put, "/items/\(item.key.lowercasedString).json",
                              json: ["name": "x", "serialNumber": "", "valueInDollars": 1, "version": 9]), "Problem"),
                (try api.send(.put, "/items/\(item.key.lowercasedString)/favourite.json"), "Item"),
                (try api.send(.put, "/items/\(item.key.lowercasedString).json",
                              json: ["name": "x", "serialNumber": "", "valueInDollars": 1, "version": 9]), "Problem"),
                (try api.send(.delete, "/items/\(item.key.lowercasedString)/favourite.json"), "Item"),
                (try api.send(.put, "/items/\(UUID().uuidString)/favourite.json"), "Problem"),
                (try api.send(.delete, "/items/\(item.key.lowercasedString).json"), "DeletedBatch"),
            ]
            for (reply, name) in cases {
                let problems = SchemaCheck(schemas: schemas).problems(reply.json, against: ["$ref": "#/components/schemas/\(name)"], at: "$")
                #expect(problems.isEmpty, "\(name): \(problems)")
            }
        }
    }

    static func references(in value: Any) -> [String] {
        if let object = value as? JSON {
            return (object["$ref"] as? String).map { [$0] } ?? object.values.flatMap(references(in:))
        }
        if let array = value as? [Any] { return array.flatMap(references(in:)) }
        return []
    }

    static func resolve(_ reference: String, in document: JSON) -> Any? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Any? = document
        for part in reference.dropFirst(2).split(separator: "/") { node = (node as? JSON)?[String(part)] }
        return node
    }
}

/// A small JSON Schema checker for the keywords the document uses (type, required,
/// properties, items, minimum, $ref).
struct SchemaCheck {
    let schemas: [String: Any]

    func problems(_ value: Any, against schema: [String: Any], at path: String) -> [String] {
        if let reference = schema["$ref"] as? String {
            let name = String(reference.split(separator: "/").last ?? "")
            return problems(value, against: schemas[name] as? [String: Any] ?? [:], at: path)
        }
        var found: [String] = []
        let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !types.isEmpty, !types.contains(where: { Self.matches(value, $0) }) { found.append("\(path): not \(types)") }
        if let object = value as? [String: Any] {
            for name in schema["required"] as? [String] ?? [] where object[name] == nil { found.append("\(path).\(name): missing") }
            for (name, property) in schema["properties"] as? [String: Any] ?? [:] {
                if let member = object[name], let property = property as? [String: Any] {
                    found += problems(member, against: property, at: "\(path).\(name)")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() { found += problems(element, against: items, at: "\(path)[\(index)]") }
        }
        if let minimum = schema["minimum"] as? Int, let number = value as? Int, number < minimum { found.append("\(path): below \(minimum)") }
        return found
    }

    static func matches(_ value: Any, _ type: String) -> Bool {
        let isBoolean = (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "null": return value is NSNull
        case "boolean": return isBoolean
        case "integer": return !isBoolean && ItemFields.wholeNumber(value) != nil
        default: return false
        }
    }
}
