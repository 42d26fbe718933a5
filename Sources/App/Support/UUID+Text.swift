import Foundation

extension UUID {
    /// The lowercase text form used in URLs and ids (`6ba7b810-9dad-…`), built without
    /// `uuidString`'s formatted printing, as list pages need a hundred of them.
    var lowercasedString: String {
        let hex = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var index = 0
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    buffer[index] = hex[Int(byte >> 4)]
                    buffer[index + 1] = hex[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }
}
