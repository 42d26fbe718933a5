import Foundation

extension MustacheLibrary {
    /// Loads every `*.mustache` file under `directory`, recursively; `items/list.mustache`
    /// is named `items/list`.
    ///
    /// - Throws: ``MustacheError`` for an unreadable directory or file, or the first
    ///   template that does not parse, so a broken template stops start-up.
    public init(directory: String, limits: MustacheLimits = MustacheLimits()) throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else {
            throw MustacheError(template: directory, line: 0, column: 0, message: "Cannot read the template directory")
        }
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var sources: [String: String] = [:]
        for case let url as URL in enumerator where url.pathExtension == "mustache" {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath) else { continue }
            let name = String(path.dropFirst(rootPath.count).dropLast(".mustache".count))
            guard let data = FileManager.default.contents(atPath: path) else {
                throw MustacheError(template: name, line: 0, column: 0, message: "Cannot read \(path)")
            }
            guard let source = String(data: data, encoding: .utf8) else {
                throw MustacheError(template: name, line: 0, column: 0, message: "\(path) is not UTF-8")
            }
            sources[name] = source
        }
        try self.init(templates: sources, limits: limits)
    }
}
