@testable import Imaging

/// Hand-assembled EXIF blocks (TIFF structures) and the JPEG segments that carry them.
enum TestEXIF {
    struct Entry {
        var tag: UInt16, type: UInt16, count: UInt32, value: [UInt8]
    }

    /// A TIFF with IFD0 holding Make, Orientation and, with `gps`, a GPS IFD with a latitude
    /// and longitude (the kind of block a phone writes).
    static func tiff(orientation: UInt16?, gps: Bool = false, bigEndian: Bool = true) -> [UInt8] {
        func u16(_ value: UInt16) -> [UInt8] { bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: UInt32) -> [UInt8] { bigEndian ? u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF)) : u16(UInt16(value & 0xFFFF)) + u16(UInt16(value >> 16)) }
        func rationals(_ values: [(UInt32, UInt32)]) -> [UInt8] { values.flatMap { u32($0.0) + u32($0.1) } }

        var ifd0 = [Entry(tag: 0x010F, type: 2, count: 6, value: Array("Phone\0".utf8))]
        if let orientation { ifd0.append(Entry(tag: 0x0112, type: 3, count: 1, value: u16(orientation))) }
        let gpsIFD = [
            Entry(tag: 0x0001, type: 2, count: 2, value: Array("N\0".utf8)),
            Entry(tag: 0x0002, type: 5, count: 3, value: rationals([(51, 1), (30, 1), (2_630, 100)])),
            Entry(tag: 0x0003, type: 2, count: 2, value: Array("W\0".utf8)),
            Entry(tag: 0x0004, type: 5, count: 3, value: rationals([(0, 1), (7, 1), (3_960, 100)])),
        ]
        // Layout: header (8), IFD0, IFD0's data, then the GPS IFD and its data.
        let ifd0Size = 2 + 12 * (ifd0.count + (gps ? 1 : 0)) + 4
        let ifd0DataSize = ifd0.reduce(0) { $0 + ($1.value.count > 4 ? $1.value.count : 0) }
        let gpsOffset = UInt32(8 + ifd0Size + ifd0DataSize)
        if gps { ifd0.append(Entry(tag: 0x8825, type: 4, count: 1, value: u32(gpsOffset))) }
        var out = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8)
        out += ifd(ifd0, at: 8, u16: u16, u32: u32)
        if gps { out += ifd(gpsIFD, at: Int(gpsOffset), u16: u16, u32: u32) }
        return out
    }

    private static func ifd(_ entries: [Entry], at offset: Int, u16: (UInt16) -> [UInt8], u32: (UInt32) -> [UInt8]) -> [UInt8] {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var table = u16(UInt16(sorted.count)), data: [UInt8] = []
        let dataStart = offset + 2 + 12 * sorted.count + 4
        for entry in sorted {
            table += u16(entry.tag) + u16(entry.type) + u32(entry.count)
            if entry.value.count <= 4 {
                table += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                table += u32(UInt32(dataStart + data.count))
                data += entry.value
            }
        }
        return table + u32(0) + data
    }

    static func segment(marker: UInt8, payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func exifSegment(_ tiff: [UInt8]) -> [UInt8] {
        segment(marker: 0xE1, payload: EXIFSummary.jpegPrefix + tiff)
    }

    static func xmpSegment(latitude: String = "51,30.44N") -> [UInt8] {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="\(latitude)" \
            exif:GPSLongitude="0,7.66W"/></rdf:RDF></x:xmpmeta>
            """
        return segment(marker: 0xE1, payload: PhotoMetadata.xmpPrefix + Array(packet.utf8))
    }

    /// `jpeg` with `segments` inserted right after SOI (before the encoder's JFIF APP0, as
    /// phones write EXIF first).
    static func inserting(_ segments: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segments.flatMap { $0 } + Array(jpeg[2...])
    }
}
