enum TestBodies {
    static func multipart(boundary: String, fields: [(String, String)]) -> [UInt8] {
        Array((fields.map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }.joined() + "--\(boundary)--\r\n").utf8)
    }
}
