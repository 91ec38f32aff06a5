/// An HTTP response body being written, a chunk per writeable callback.
struct WebResponseBody {
    static let chunkBytes = 65_536
    let bytes: [UInt8]
    var sent = 0

    /// The next chunk and whether it is the last.
    var next: (range: Range<Int>, isLast: Bool) {
        let end = min(bytes.count, sent + WebResponseBody.chunkBytes)
        return (sent..<end, end == bytes.count)
    }
}
