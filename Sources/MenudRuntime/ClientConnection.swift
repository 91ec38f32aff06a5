import MenudCore
import MenudLoop

/// One client on the socket: its framing state, subscriptions and open work.
final class ClientConnection {
    let id: UInt64
    let pipe: PipeConnection
    let peer: PeerCredentials?
    var framer: LineFramer
    var subscriptions: Set<String> = []
    var isClosed = false
    /// The client shut down its side; what it is still owed is written, then it is closed.
    var inputEnded = false

    init(id: UInt64, pipe: PipeConnection, peer: PeerCredentials?, maxFrameBytes: Int) {
        self.id = id
        self.pipe = pipe
        self.peer = peer
        framer = LineFramer(maxFrameBytes: maxFrameBytes)
    }
}
