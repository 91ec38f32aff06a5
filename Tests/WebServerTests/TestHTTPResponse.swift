import Foundation

/// One HTTP/1.x response parsed from the bytes a test client received.
struct TestHTTPResponse {
    let statusLine: String
    let status: Int
    /// Header names lowercased, in order, repeated ones kept.
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    /// Parses a complete response off the front of `bytes` (a body by Content-Length, none
    /// when it is missing); nil while it is incomplete. `consumed` is its length.
    static func parse(_ bytes: [UInt8]) -> (response: TestHTTPResponse, consumed: Int)? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4, let end = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.0 == "content-length" }.flatMap { Int($0.1) } ?? 0
        let bodyStart = end + 4
        guard status == 101 || bytes.count >= bodyStart + length else { return nil }
        let bodyLength = status == 101 ? 0 : length
        return (TestHTTPResponse(statusLine: statusLine, status: status, headers: headers,
                                 body: Array(bytes[bodyStart..<bodyStart + bodyLength])), bodyStart + bodyLength)
    }

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    var text: String { String(decoding: body, as: UTF8.self) }
}
