import Foundation

/// Reads QR codes back with `zbarimg` (Debian `zbar-tools`), an independent decoder: what
/// libqrencode wrote, and what our SVG draws, must scan as the text that went in.
public enum ZBar {
    /// The `zbarimg` program, when installed.
    public static let executable: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    public static var isInstalled: Bool { executable != nil }

    /// What `zbarimg` must not be missing for a test to run, said when it is.
    public static let missing = "zbarimg is not installed (Debian package zbar-tools): the decoding check is skipped"

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The texts of the QR codes zbarimg finds in `modules` (rows of modules, `true` dark),
    /// drawn as a bitmap with `pixelsPerModule` and a light margin of `margin` modules.
    public static func decode(_ modules: [[Bool]], pixelsPerModule: Int = 4, margin: Int = 0) throws -> [String] {
        guard let executable else { throw Failure(description: missing) }
        let width = ((modules.first?.count ?? 0) + 2 * margin) * pixelsPerModule
        let height = (modules.count + 2 * margin) * pixelsPerModule
        // Plain PBM (P1): 1 is black. ImageMagick, which zbarimg reads images with, knows it.
        var text = "P1\n\(width) \(height)\n"
        for y in 0..<height {
            let row = y / pixelsPerModule - margin
            var line = [Character]()
            line.reserveCapacity(width * 2)
            for x in 0..<width {
                let column = x / pixelsPerModule - margin
                let dark = row >= 0 && row < modules.count && column >= 0 && column < modules[row].count && modules[row][column]
                line.append(dark ? "1" : "0")
                line.append(" ")
            }
            text += String(line) + "\n"
        }
        let file = NSTemporaryDirectory() + "homepwner-qr-\(UUID().uuidString).pbm"
        try text.write(toFile: file, atomically: true, encoding: .ascii)
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try run(executable, ["--raw", "-q", file])
    }

    /// zbarimg's output for an image file (PNG, PBM…), one text per code found.
    public static func decode(imageFile: String) throws -> [String] {
        guard let executable else { throw Failure(description: missing) }
        return try run(executable, ["--raw", "-q", imageFile])
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Status 4: no code found (an empty answer, not an error of the tool).
        guard process.terminationStatus == 0 || process.terminationStatus == 4 else {
            throw Failure(description: "zbarimg exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
