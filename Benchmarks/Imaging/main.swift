// Thumbnails and metadata stripping for a phone photo (not a test):
// `swift run -c release ImagingBenchmark [--photo FILE] [--repetitions N] [--save PREFIX]`.
//
// Without --photo it makes a realistic ~4 MB phone photo: 4032 × 3024, JPEG quality 92, a
// scene with texture and sensor-like noise, EXIF with orientation 6 and a GPS position, XMP
// and a 536-byte ICC profile (the size of Display P3). It times PhotoMetadata, the
// metadata stripper and the thumbnailer (60 and 120 px) on it, baseline and progressive,
// and prints median and p99 next to issue 10's targets. --save writes each photo and its
// thumbnails as PREFIX-1.jpg, PREFIX-1-60.jpg, PREFIX-1-120.jpg, PREFIX-2.jpg…, to look at;
// --photo FILE measures a real photo instead (and the peak memory without generated pixels).
import CImaging
import Foundation
import Imaging

struct Options {
    var photo: String?
    var save: String?
    var repetitions = 40

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--photo": photo = iterator.next()
            case "--save": save = iterator.next()
            case "--repetitions": repetitions = iterator.next().flatMap(Int.init) ?? repetitions
            default:
                print("usage: ImagingBenchmark [--photo FILE] [--repetitions N] [--save PREFIX]")
                exit(2)
            }
        }
    }
}

/// Durations of one operation, in milliseconds.
struct Samples {
    var name: String
    var milliseconds: [Double] = []

    func percentile(_ fraction: Double) -> Double {
        let sorted = milliseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}

func measure(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
}

func format(_ value: Double) -> String { String(format: "%9.2f", value) }

/// The process's peak resident memory (VmHWM). Not getrusage's ru_maxrss, which on Linux
/// keeps the peak of whatever ran before exec (here `swift run` itself).
func peakRSSMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return .nan }
    return kilobytes / 1_024
}

let options = Options(CommandLine.arguments)
do {
    var photos: [(String, [UInt8])] = []
    if let path = options.photo {
        photos.append((URL(fileURLWithPath: path).lastPathComponent, Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
    } else {
        photos.append(("phone photo, baseline", try PhonePhoto.make(progressive: false)))
        photos.append(("phone photo, progressive", try PhonePhoto.make(progressive: true)))
    }
    let thumbnailer = Thumbnailer()
    for (index, (_, photo)) in photos.enumerated() {
        guard let prefix = options.save else { break }
        let name = "\(prefix)-\(index + 1)"
        try Data(photo).write(to: URL(fileURLWithPath: name + ".jpg"))
        for thumbnail in try thumbnailer.thumbnails(for: photo) {
            try Data(thumbnail.jpeg).write(to: URL(fileURLWithPath: "\(name)-\(thumbnail.size).jpg"))
        }
    }
    var results: [(Samples, String)] = []
    for (name, photo) in photos {
        let metadata = try PhotoMetadata(bytes: photo)
        print("\(name): \(photo.count / 1_024) KiB, \(metadata.pixelWidth) × \(metadata.pixelHeight), "
              + "orientation \(metadata.orientation.rawValue), location \(metadata.hasLocation ? "yes" : "no")")
        let thumbnails = try thumbnailer.thumbnails(for: photo)
        print("  thumbnails: " + thumbnails.map { "\($0.size) px \($0.jpeg.count) bytes" }.joined(separator: ", ")
              + " (target < 12,288 bytes each)")
        let stripped = try MetadataStripper.strip(photo)
        print("  stripped: \(photo.count - stripped.count) bytes of metadata removed, location left: "
              + "\(try PhotoMetadata(bytes: stripped).hasLocation ? "yes" : "no")")

        var read = Samples(name: "metadata (\(name))")
        var strip = Samples(name: "strip (\(name))")
        var thumbs = Samples(name: "thumbnails 60+120 (\(name))")
        for _ in 0..<options.repetitions {
            read.milliseconds.append(try measure { _ = try PhotoMetadata(bytes: photo) })
            strip.milliseconds.append(try measure { _ = try MetadataStripper.strip(photo) })
            thumbs.milliseconds.append(try measure { _ = try thumbnailer.thumbnails(for: photo) })
        }
        results += [(read, "-"), (strip, "-"), (thumbs, "< 150 ms")]
    }
    if options.photo == nil {
        results.append((try SeveralPhotos.run(repetitions: max(3, options.repetitions / 8)), "≤ 1000 ms"))
    }

    print("")
    print("operation                                          median ms     p99 ms    target")
    for (samples, target) in results {
        let name = samples.name.padding(toLength: 48, withPad: " ", startingAt: 0)
        print("\(name) \(format(samples.percentile(0.5)))  \(format(samples.percentile(0.99)))    \(target)")
    }
    print("\npeak RSS \(String(format: "%.0f", peakRSSMegabytes())) MB"
          + (options.photo == nil ? " (includes the generated photos' raw pixels, 37 MB; use --photo)" : ""))
} catch {
    print("ImagingBenchmark failed: \(error)")
    exit(1)
}
