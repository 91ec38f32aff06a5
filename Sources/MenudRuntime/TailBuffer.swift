/// Keeps the last `limit` bytes of a stream (a command's stdout or stderr).
struct TailBuffer {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var dropped = 0

    init(limit: Int) { self.limit = limit }

    mutating func append(_ chunk: [UInt8]) {
        bytes.append(contentsOf: chunk)
        if bytes.count > limit * 2 {
            let excess = bytes.count - limit
            dropped += excess
            bytes.removeFirst(excess)
        }
    }

    /// The tail as text (invalid UTF-8 replaced), marked when earlier output was cut.
    var text: String {
        var tail = bytes
        var cut = dropped
        if tail.count > limit {
            cut += tail.count - limit
            tail.removeFirst(tail.count - limit)
        }
        // Do not start in the middle of a UTF-8 sequence.
        while let first = tail.first, first & 0xC0 == 0x80 { tail.removeFirst(); cut += 1 }
        let text = String(decoding: tail, as: UTF8.self)
        return cut > 0 ? "…" + text : text
    }
}
