import MenudCore
import MenudLoop
import MenudProtocol

/// One client on the Unix socket: its pipe and the framer that cuts its input into lines.
final class PipeClient: RPCConnection {
    let pipe: PipeConnection
    let peer: PeerCredentials?
    /// Kept for the life of the connection: a new limit is set on it, never a new framer, so a
    /// line half received when the config is reloaded is not lost.
    var framer: LineFramer
    private(set) var isClosed = false
    private weak var delegate: (any RPCTransportDelegate)?
    private let onClose: (PipeClient) -> Void

    init(pipe: PipeConnection, maxMessageBytes: Int, delegate: any RPCTransportDelegate, onClose: @escaping (PipeClient) -> Void) {
        self.pipe = pipe
        peer = pipe.peerCredentials()
        framer = LineFramer(maxFrameBytes: maxMessageBytes)
        self.delegate = delegate
        self.onClose = onClose
    }

    var pendingOutputBytes: Int { pipe.pendingWriteBytes }

    @discardableResult
    func send(_ message: [UInt8]) -> Bool {
        pipe.write(message, terminator: 0x0A)
    }

    @discardableResult
    func sendPiece(_ piece: [UInt8], isLast: Bool) -> Bool {
        isLast ? pipe.write(piece, terminator: 0x0A) : pipe.write(piece)
    }

    func close(afterFlushing: Bool, lingerMs: UInt64) {
        guard !isClosed else { return }
        isClosed = true
        onClose(self)
        if afterFlushing { pipe.closeAfterFlushing(lingerMs: lingerMs) } else { pipe.close() }
    }

    func read(_ event: PipeConnection.ReadEvent) {
        guard !isClosed, let delegate else { return }
        switch event {
        case .data(let bytes):
            delegate.deliver(framer.append(bytes[...]), on: self) { !isClosed }
        case .end:
            // A last line without its newline still counts.
            delegate.deliver(framer.append([0x0A]), on: self) { !isClosed }
            if !isClosed { delegate.endOfInput(on: self) }
        case .failure(let error):
            delegate.failed(self, reason: "read failed: \(error)")
        }
    }
}
