import Foundation

/// One entry as the central directory will list it.
struct Entry {
    let name: [UInt8]
    let modified: (time: UInt16, date: UInt16)
    /// 0 stored, 8 deflated.
    let method: UInt16
    let offset: UInt64
    /// Its CRC and sizes follow its data (general purpose flag bit 3).
    let streamed: Bool
    var crc: UInt32 = 0
    var compressedSize: UInt64 = 0
    var size: UInt64 = 0

    init(name: String, modified: Date, method: UInt16, offset: UInt64, streamed: Bool) throws {
        let utf8 = Array(name.utf8)
        guard !utf8.isEmpty, utf8.count <= Int(UInt16.max) else { throw ArchiveError.invalidName(name) }
        self.name = utf8
        self.modified = ZipRecords.dosDateTime(modified)
        self.method = method
        self.offset = offset
        self.streamed = streamed
    }

    /// UTF-8 names (bit 11), and a data descriptor (bit 3) for a streamed entry.
    var flags: UInt16 { streamed ? 0x0808 : 0x0800 }

    func localHeader(zip64Threshold: UInt64) -> [UInt8] {
        var bytes = ZipRecords.LittleEndian()
        bytes.u32(0x0403_4B50)
        bytes.u16(20)  // version needed: 2.0 (deflate)
        bytes.u16(flags)
        bytes.u16(method)
        bytes.u16(modified.time)
        bytes.u16(modified.date)
        if streamed {
            bytes.u32(0); bytes.u32(0); bytes.u32(0)
        } else {
            bytes.u32(crc)
            bytes.u32(UInt32(min(compressedSize, 0xFFFF_FFFF)))
            bytes.u32(UInt32(min(size, 0xFFFF_FFFF)))
        }
        bytes.u16(UInt16(name.count))
        bytes.u16(0)
        bytes.append(name)
        return bytes.bytes
    }

    /// CRC and sizes after a streamed entry's data: 8-byte sizes when they need ZIP64.
    func dataDescriptor(zip64Threshold: UInt64) -> [UInt8] {
        var bytes = ZipRecords.LittleEndian()
        bytes.u32(0x0807_4B50)
        bytes.u32(crc)
        if needsZip64Sizes(zip64Threshold) {
            bytes.u64(compressedSize); bytes.u64(size)
        } else {
            bytes.u32(UInt32(compressedSize)); bytes.u32(UInt32(size))
        }
        return bytes.bytes
    }

    func needsZip64Sizes(_ threshold: UInt64) -> Bool { size >= threshold || compressedSize >= threshold }

    func centralHeader(zip64Threshold threshold: UInt64) -> [UInt8] {
        // The ZIP64 extra field holds, in this order, whichever of the three outgrew 32 bits.
        var extra = ZipRecords.LittleEndian()
        if size >= threshold { extra.u64(size) }
        if compressedSize >= threshold { extra.u64(compressedSize) }
        if offset >= threshold { extra.u64(offset) }
        let zip64 = !extra.bytes.isEmpty
        var bytes = ZipRecords.LittleEndian()
        bytes.u32(0x0201_4B50)
        bytes.u16(0x0300 | (zip64 ? 45 : 20))  // made by: Unix, APPNOTE 4.5 or 2.0
        bytes.u16(zip64 ? 45 : 20)
        bytes.u16(flags)
        bytes.u16(method)
        bytes.u16(modified.time)
        bytes.u16(modified.date)
        bytes.u32(crc)
        bytes.u32(compressedSize >= threshold ? 0xFFFF_FFFF : UInt32(compressedSize))
        bytes.u32(size >= threshold ? 0xFFFF_FFFF : UInt32(size))
        bytes.u16(UInt16(name.count))
        bytes.u16(zip64 ? UInt16(4 + extra.bytes.count) : 0)
        bytes.u16(0)  // comment
        bytes.u16(0)  // disk
        bytes.u16(0)  // internal attributes
        bytes.u32(0o100644 << 16)  // a regular file, rw-r--r--
        bytes.u32(offset >= threshold ? 0xFFFF_FFFF : UInt32(offset))
        bytes.append(name)
        if zip64 {
            bytes.u16(0x0001)
            bytes.u16(UInt16(extra.bytes.count))
            bytes.append(extra.bytes)
        }
        return bytes.bytes
    }
}

enum ZipRecords {
    /// The end of central directory record, preceded by the ZIP64 end record and its locator
    /// when the count, the directory's size or its offset outgrow the classic fields.
    static func end(entryCount: UInt64, directoryStart: UInt64, directorySize: UInt64, zip64Threshold: UInt64) -> [UInt8] {
        var bytes = LittleEndian()
        let zip64 = entryCount >= min(zip64Threshold, 0xFFFF) || directoryStart >= zip64Threshold || directorySize >= zip64Threshold
        if zip64 {
            let recordStart = directoryStart + directorySize
            bytes.u32(0x0606_4B50)
            bytes.u64(44)  // the record's size after this field
            bytes.u16(0x0300 | 45)
            bytes.u16(45)
            bytes.u32(0); bytes.u32(0)
            bytes.u64(entryCount); bytes.u64(entryCount)
            bytes.u64(directorySize); bytes.u64(directoryStart)
            bytes.u32(0x0706_4B50)
            bytes.u32(0)
            bytes.u64(recordStart)
            bytes.u32(1)
        }
        bytes.u32(0x0605_4B50)
        bytes.u16(0); bytes.u16(0)
        let count = zip64 ? 0xFFFF : UInt16(entryCount)
        bytes.u16(count); bytes.u16(count)
        bytes.u32(zip64 ? 0xFFFF_FFFF : UInt32(directorySize))
        bytes.u32(zip64 ? 0xFFFF_FFFF : UInt32(directoryStart))
        bytes.u16(0)
        return bytes.bytes
    }

    /// MS-DOS time and date (two-second steps, 1980…2107), in UTC: ZIP has no time zone.
    static func dosDateTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
        guard (parts.year ?? 1980) >= 1980 else { return (0, 0x21) }  // 1980-01-01 00:00
        let time = (parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2
        let day = year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1)
        return (UInt16(time), UInt16(day))
    }

    struct LittleEndian {
        var bytes: [UInt8] = []
        mutating func u16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        mutating func u32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
        mutating func u64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xFF)) } }
        mutating func append(_ other: [UInt8]) { bytes += other }
    }
}
