import Foundation
import Storage

/// Issue 24: five phone photos (~4 MB each) chosen at once in the dialog — each checked,
/// stripped, given its thumbnails and stored in the draft, as `POST /drafts/:id` does it —
/// against the target of the dialog answered within 1 s.
enum SeveralPhotos {
    static func run(repetitions: Int) throws -> Samples {
        // Five different photos (another grain each), so none is a copy of another.
        let photos = try (0..<5).map { try PhonePhoto.make(progressive: false, noise: 20 + $0 * 2) }
        print("five phone photos: " + photos.map { "\($0.count / 1_024) KiB" }.joined(separator: ", "))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imaging-benchmark-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try ItemStore.open(directory: directory)
        defer { store.close() }
        var samples = Samples(name: "5 phone photos added at once")
        for _ in 0..<repetitions {
            let draft = try store.beginNewItemDraft(.random)
            samples.milliseconds.append(try measure {
                let added = try store.addDraftPhotos(id: draft.id, loading: photos.map { photo in { photo } })
                precondition(added.photoETags.count == 5)
            })
            try store.cancelDraft(id: draft.id)
        }
        return samples
    }
}
