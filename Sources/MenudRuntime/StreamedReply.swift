import MenudJSON
import MenudProtocol

/// One answer being streamed to a client: the response's opening (`{"jsonrpc":"2.0","id":…,
/// "result":`), the result's pieces from its ``ReplyStream``, then the closing `}`, the same
/// bytes `RPCEncoder.result(id:encoded:)` writes for the whole result.
final class StreamedReply {
    let target: ReplyTarget
    private let stream: any ReplyStream
    private var opening: [UInt8]?
    /// Bytes handed to the transport so far.
    private(set) var sentBytes = 0

    /// `first` is the result's first piece, already taken from `stream`.
    init(target: ReplyTarget, id: RPCId, stream: any ReplyStream, first: [UInt8]) {
        self.target = target
        self.stream = stream
        var writer = JSONWriter(reservingCapacity: 64)
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.key(ascii: "id")
        writer.write(id.jsonValue)
        writer.key(ascii: "result")
        writer.writeRaw(first)
        opening = writer.bytes
    }

    /// The next piece of the message, and whether it is the last.
    func nextPiece() -> (bytes: [UInt8], isLast: Bool) {
        var bytes = opening ?? []
        opening = nil
        let finished = stream.nextPiece(into: &bytes)
        if finished { bytes.append(UInt8(ascii: "}")) }
        sentBytes += bytes.count + (finished ? 1 : 0)
        return (bytes, finished)
    }

    func cancel() { stream.cancel() }
}
