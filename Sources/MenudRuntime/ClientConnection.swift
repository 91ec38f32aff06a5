import MenudCore
import MenudLoop

/// One client on the socket: its framing state, subscriptions and open work.
final class ClientConnection {
    let id: UInt64
    let pipe: PipeConnection
    let peer: PeerCredentials?
    var framer: LineFramer
    var subscriptions: Set<String> = []
    /// Requests answered later (a running action), by their batch or single slot.
    var outstanding = 0
    var isClosed = false
    /// Reused for every reply to this client.
    var output: [UInt8] = []

    init(id: UInt64, pipe: PipeConnection, peer: PeerCredentials?, maxFrameBytes: Int) {
        self.id = id
        self.pipe = pipe
        self.peer = peer
        framer = LineFramer(maxFrameBytes: maxFrameBytes)
        output.reserveCapacity(512)
    }
}
