import MenudCore
import MenudLoop
import MenudProtocol

/// One client on the Unix socket: its pipe and the framer that cuts its input into lines.
///
/// The answers to what one read brought go out in one write: while the messages of a read are
/// handled, what is sent to this client is gathered (``corked``) and written once they all
/// were, as one `writev`. A client pipelining 32 requests costs one system call for their 32
/// answers instead of 32. What is sent at other times (an answer given later, a notification)
/// is written at once.
final class PipeClient: RPCConnection {
    let pipe: PipeConnection
    let peer: PeerCredentials?
    /// Kept for the life of the connection: a new limit is set on it, never a new framer, so a
    /// line half received when the config is reloaded is not lost.
    var framer: LineFramer
    private(set) var isClosed = false
    private weak var delegate: (any RPCTransportDelegate)?
    private let onClose: (PipeClient) -> Void
    /// True while the messages of one read are handled: what is sent waits in `gathered`.
    private var corked = false
    /// The framed messages sent during the current read, in order.
    private var gathered: [UInt8] = []

    /// A message at least this long is not copied into `gathered`: what was gathered before it
    /// is written, then the message itself (two writes, no copy of a large answer).
    static let largestGatheredMessage = 1 << 16

    init(pipe: PipeConnection, maxMessageBytes: Int, delegate: any RPCTransportDelegate, onClose: @escaping (PipeClient) -> Void) {
        self.pipe = pipe
        peer = pipe.peerCredentials()
        framer = LineFramer(maxFrameBytes: maxMessageBytes)
        self.delegate = delegate
        self.onClose = onClose
    }

    var pendingOutputBytes: Int { pipe.pendingWriteBytes + gathered.count }

    @discardableResult
    func send(_ message: [UInt8]) -> Bool {
        guard corked else { return pipe.write(message, terminator: 0x0A) }
        if message.count >= Self.largestGatheredMessage {
            return writeGathered() && pipe.write(message, terminator: 0x0A)
        }
        gathered.append(contentsOf: message)
        gathered.append(0x0A)
        return true
    }

    func send(encodedBy encode: (inout [UInt8]) -> Void) -> Int? {
        guard corked else { return sendWhole(encodedBy: encode) }
        // Written where it is gathered: a large message makes `gathered` large, which is then
        // not kept past the write (`writeGathered`).
        let start = gathered.count
        encode(&gathered)
        let count = gathered.count - start
        gathered.append(0x0A)
        return count
    }

    @discardableResult
    func sendPiece(_ piece: [UInt8], isLast: Bool) -> Bool {
        // The pieces of a streamed answer are large: what was gathered goes first, then the piece.
        if corked, !writeGathered() { return false }
        return isLast ? pipe.write(piece, terminator: 0x0A) : pipe.write(piece)
    }

    func close(afterFlushing: Bool, lingerMs: UInt64) {
        guard !isClosed else { return }
        isClosed = true
        onClose(self)
        // What was gathered goes to the socket as it would have unwritten: closing at once
        // still lets the kernel have what it takes now, as each message's own write did.
        writeGathered()
        if afterFlushing { pipe.closeAfterFlushing(lingerMs: lingerMs) } else { pipe.close() }
    }

    func read(_ event: PipeConnection.ReadEvent) {
        guard !isClosed, let delegate else { return }
        switch event {
        case .data(let bytes):
            corked = true
            frame(bytes[...], delegate: delegate)
            uncork(delegate)
        case .end:
            // A last line without its newline still counts.
            corked = true
            frame([0x0A], delegate: delegate)
            uncork(delegate)
            if !isClosed { delegate.endOfInput(on: self) }
        case .failure(let error):
            delegate.failed(self, reason: "read failed: \(error)")
        }
    }

    /// Cuts `bytes` into messages and hands each to the delegate as it is cut (no array of
    /// them per read), until the connection is closed (a reply may close it half-way through a
    /// chunk) or a message was too long; the framer still takes the whole chunk, as before.
    /// The framer is taken out while it works, so that nothing a message sets off meets it half
    /// way; a limit set on the connection meanwhile (a reload) is kept.
    private func frame(_ bytes: ArraySlice<UInt8>, delegate: any RPCTransportDelegate) {
        var working = framer
        framer = LineFramer(maxFrameBytes: working.maxFrameBytes)
        var delivering = true
        working.append(bytes) { event in
            guard delivering, !isClosed else { return }
            switch event {
            case .line(let line):
                delegate.received(line, on: self)
            case .oversized(let limit):
                delivering = false
                delegate.oversized(limit: limit, on: self)
            }
        }
        working.maxFrameBytes = framer.maxFrameBytes
        framer = working
    }

    /// The read's messages are handled: what they were answered goes out in one write.
    private func uncork(_ delegate: any RPCTransportDelegate) {
        corked = false
        if !isClosed, !writeGathered() { delegate.failed(self, reason: "write failed") }
    }

    /// Writes what was gathered, if anything; false when the write could not be started.
    @discardableResult
    private func writeGathered() -> Bool {
        guard !gathered.isEmpty else { return true }
        let written = pipe.write(gathered)
        // A read that brought a large batch leaves a large buffer: it is not kept.
        if gathered.capacity > Self.largestGatheredMessage { gathered = [] } else { gathered.removeAll(keepingCapacity: true) }
        return written
    }
}
