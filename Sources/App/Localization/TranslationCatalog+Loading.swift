import Foundation
import Gettext

extension TranslationCatalog {
    /// Reads every `.po` file in `directory` and checks them (``check(_:)``): the catalog, or
    /// every problem found.
    static func load(directory: String) -> Result<TranslationCatalog, TranslationError> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            return .failure(TranslationError(problems: [
                TranslationProblem(file: directory, line: 0, message: "cannot read this directory of translations (\(error.localizedDescription))"),
            ]))
        }
        var files: [String: [UInt8]] = [:]
        var problems: [TranslationProblem] = []
        for name in names where name.hasSuffix(".po") {
            let path = (directory as NSString).appendingPathComponent(name)
            if let data = FileManager.default.contents(atPath: path) {
                files[name] = Array(data)
            } else {
                problems.append(TranslationProblem(file: path, line: 0, message: "cannot be read"))
            }
        }
        return load(files: files, directory: directory, problems: problems)
    }

    /// Checks `files` (by file name, e.g. `zh-Hans.po`) and builds the catalog from them;
    /// problems name each file as `directory/name`.
    static func load(files: [String: [UInt8]], directory: String, problems: [TranslationProblem] = []) -> Result<TranslationCatalog, TranslationError> {
        var checker = TranslationChecker(directory: directory)
        checker.problems = problems
        let languageNames = Language.allCases.map { fileName($0) }
        for name in files.keys.sorted() where !languageNames.contains(name) {
            checker.report(name, 0, """
                no language \(name.dropLast(3)) in Homepwner: its files are \(languageNames.joined(separator: ", ")) \
                (a new language is a case of Language, in Sources/App/Localization/Language.swift)
                """)
        }
        var parsed: [Language: TranslationChecker.File] = [:]
        for language in Language.allCases {
            guard let bytes = files[fileName(language)] else {
                checker.report(fileName(language), 0, "missing: every language needs its file")
                continue
            }
            parsed[language] = checker.read(fileName(language), bytes, language: language)
        }
        if let source = parsed[sourceLanguage] {
            checker.checkSource(source)
            for language in Language.allCases where language != sourceLanguage {
                if let file = parsed[language] { checker.check(file, against: source) }
            }
        }
        guard checker.problems.isEmpty else {
            return .failure(TranslationError(problems: checker.sortedProblems))
        }
        // Every file is here and good: the checks above reported any that was not.
        let tables = Language.allCases.compactMap { parsed[$0] }.map { file in
            var table = Table(texts: [:], plurals: [:], rule: file.rule ?? PluralForms.oneForm)
            for (key, entry) in file.entries {
                if entry.pluralID == nil { table.texts[key] = entry.strings.first } else { table.plurals[key] = entry.strings }
            }
            return table
        }
        guard tables.count == Language.allCases.count else {
            return .failure(TranslationError(problems: [TranslationProblem(file: directory, line: 0, message: "a language's file is missing")]))
        }
        return .success(TranslationCatalog(tables: tables))
    }
}
