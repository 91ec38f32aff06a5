/// One WebSocket frame (RFC 6455 section 5.2) as a test client writes (masked) and reads
/// (unmasked, from the server) them.
struct TestWebSocketFrame: Equatable {
    static let continuation: UInt8 = 0x0, text: UInt8 = 0x1, binary: UInt8 = 0x2
    static let close: UInt8 = 0x8, ping: UInt8 = 0x9, pong: UInt8 = 0xA

    var fin = true
    var opcode: UInt8
    var payload: [UInt8]

    /// The close frame's status code, when it has one.
    var closeCode: UInt16? {
        guard opcode == TestWebSocketFrame.close, payload.count >= 2 else { return nil }
        return UInt16(payload[0]) << 8 | UInt16(payload[1])
    }

    var text: String { String(decoding: payload, as: UTF8.self) }

    /// The frame as a client sends it: masked with a fresh key.
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            bytes.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes.append(0x80 | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(0x80 | 127)
            bytes += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let key = (0..<4).map { _ in UInt8.random(in: 0...255) }
        bytes += key
        bytes += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        return bytes
    }

    static func close(code: UInt16) -> TestWebSocketFrame {
        TestWebSocketFrame(opcode: close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
    }

    /// A server frame off the front of `bytes`, nil while incomplete.
    static func parse(_ bytes: [UInt8]) -> (frame: TestWebSocketFrame, consumed: Int)? {
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        let masked = bytes[1] & 0x80 != 0
        let key = masked ? Array(bytes[offset..<min(bytes.count, offset + 4)]) : []
        if masked { offset += 4 }
        guard bytes.count >= offset + length else { return nil }
        var payload = Array(bytes[offset..<offset + length])
        if masked { payload = payload.enumerated().map { $0.element ^ key[$0.offset % 4] } }
        return (TestWebSocketFrame(fin: bytes[0] & 0x80 != 0, opcode: bytes[0] & 0x0F, payload: payload), offset + length)
    }
}
