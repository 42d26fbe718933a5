import Foundation
import Testing

/// A dev tool in test clothing: with `LAYOUT_PREVIEW_DIR` set it writes the preview pages and
/// the real generated stylesheet there, screenshots them with headless Chromium at the four
/// reference sizes (and 200% text), and checks the measurements the browser tests will check.
///
/// ```
/// LAYOUT_PREVIEW_DIR=/tmp/homepwner-preview swift test --filter PreviewTests
/// ```
/// The page specs live in the App target, which this target cannot import, so the stylesheet
/// comes from compiling `Sources/App/PageLayouts` with `swiftc` against the built Layout module.
@Suite("Preview", .enabled(if: ProcessInfo.processInfo.environment["LAYOUT_PREVIEW_DIR"] != nil))
struct PreviewTests {
    static let sizes = [(390, 844), (844, 390), (1024, 768), (1280, 800)]

    @Test("Writes, screenshots and measures the preview pages")
    func preview() throws {
        let out = URL(fileURLWithPath: ProcessInfo.processInfo.environment["LAYOUT_PREVIEW_DIR"]!)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for (name, contents) in PreviewPages.files {
            try contents.write(to: out.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try writeStylesheet(root: root, out: out)

        let profile200 = out.appendingPathComponent("profile-text200/Default")
        try FileManager.default.createDirectory(at: profile200, withIntermediateDirectories: true)
        try #"{"webkit":{"webprefs":{"default_font_size":32,"default_fixed_font_size":26}}}"#
            .write(to: profile200.appendingPathComponent("Preferences"), atomically: true, encoding: .utf8)
        var report = ""
        for page in ["list", "edit", "detail"] {
            for (width, height) in Self.sizes {
                for text200 in [false, true] {
                    let suffix = text200 ? "-text200" : ""
                    let profile = text200 ? ["--user-data-dir=\(profile200.deletingLastPathComponent().path)"] : []
                    try chromium(profile + [
                        "--screenshot=\(out.path)/\(page)-\(width)x\(height)\(suffix).png",
                        "--window-size=\(width),\(height)", "file://\(out.path)/\(page).html",
                    ])
                    let dom = try chromium(profile + [
                        "--allow-file-access-from-files", "--virtual-time-budget=3000", "--dump-dom",
                        "file://\(out.path)/measure.html?page=\(page)&w=\(width)&h=\(height)",
                    ])
                    let measured = Self.result(in: dom)
                    report += "== \(page) \(width)x\(height)\(suffix)\n\(measured)\n"
                    check(measured, page: page, width: width, height: height, text200: text200)
                }
            }
        }
        try report.write(to: out.appendingPathComponent("measurements.txt"), atomically: true, encoding: .utf8)
    }

    /// The checks of the issue, on the measurements of one page at one size.
    private func check(_ measured: String, page: String, width: Int, height: Int, text200: Bool) {
        let context = Comment(rawValue: "\(page) \(width)x\(height)\(text200 ? " 200%" : "")\n\(measured)")
        #expect(measured.contains("overflowX false"), context)
        for line in measured.split(separator: "\n") where line.contains(" h=") {
            let row = Self.row(String(line))
            // The value is never cut; the date is squeezed to nothing before the serial is cut,
            // the serial before the name. (At 200% text on a phone a row may wrap as the last
            // resort, and a squeezable slot after the wrapped value then has that line's room.)
            #expect(row["value"]?.cut == false && (row["value"]?.width ?? 0) > 0, context)
            guard !text200 else { continue }
            if row["serial"]?.cut == true { #expect((row["date"]?.width ?? 0) <= 1, context) }
            if row["name"]?.cut == true { #expect((row["serial"]?.width ?? 0) <= 1, context) }
        }
        guard page == "detail", !text200 else { return }
        let sideways = width == 844
        #expect(measured.contains(sideways ? "photo none camera-input hidden camera-pointer none" : "photo flex camera-input visible"), context)
        if width == 390 { #expect(measured.contains("sheet 0,0 390x844 radius 0px"), context) }
        if width == 1280 { #expect(measured.contains("sheet 320,") && measured.contains("640x"), context) }
    }

    private func writeStylesheet(root: URL, out: URL) throws {
        let bin = root.appendingPathComponent(".build/debug")
        let layoutSources = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Sources/Layout").path)
            .filter { $0.hasSuffix(".swift") }
        let objects = layoutSources.map { bin.appendingPathComponent("Layout.build/\(URL(fileURLWithPath: $0).lastPathComponent).o").path }
        let pageLayouts = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/App/PageLayouts").path)
            .filter { $0.hasSuffix(".swift") }.map { root.appendingPathComponent("Sources/App/PageLayouts/\($0)").path }
        let main = out.appendingPathComponent("main.swift")
        try #"print(PageLayouts.stylesheet.css, terminator: "")"#.write(to: main, atomically: true, encoding: .utf8)
        let tool = out.appendingPathComponent("print-layout-css").path
        try run("/usr/bin/env", ["swiftc", "-module-name", "PreviewCSS", "-I", bin.appendingPathComponent("Modules").path]
            + pageLayouts + [main.path] + objects + ["-o", tool])
        let css = try run(tool, [])
        try css.write(to: out.appendingPathComponent("layout.css"), atomically: true, encoding: .utf8)
    }

    @discardableResult
    private func chromium(_ arguments: [String]) throws -> String {
        try run("/usr/bin/env", ["chromium", "--headless", "--no-sandbox", "--hide-scrollbars", "--disable-gpu"] + arguments)
    }

    @discardableResult
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `long: name=108(cut) serial=0(cut) value=226 date=0(cut) h=61` → slot → (width, cut).
    private static func row(_ line: String) -> [String: (width: Int, cut: Bool)] {
        var slots: [String: (width: Int, cut: Bool)] = [:]
        for part in line.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let cut = pair[1].hasSuffix("(cut)")
            slots[String(pair[0])] = (Int(pair[1].replacingOccurrences(of: "(cut)", with: "")) ?? -1, cut)
        }
        return slots
    }

    private static func result(in dom: String) -> String {
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            return "no measurements"
        }
        return String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&gt;", with: ">")
    }
}
