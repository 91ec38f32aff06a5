import MenudCore
import MenudLoop

/// What the server keeps about one client: its transport connection, subscriptions and the
/// answers it is still owed.
final class ClientConnection {
    let id: ConnectionID
    let link: any RPCConnection
    let peer: PeerCredentials?
    var subscriptions: Set<String> = []
    var isClosed = false
    /// The client shut down its side; what it is still owed is written, then it is closed.
    var inputEnded = false
    /// Requests answered later (a menu being built, an acknowledged action) not answered yet.
    var owedAnswers = 0
    /// The answer being streamed to it: until it ends, what else is written to this client
    /// waits in `heldOutput`, and the messages it sends wait in `heldInput`, so answers keep
    /// the order of their requests and no message lands between the pieces of another.
    var stream: StreamedReply?
    var heldOutput: [[UInt8]] = []
    var heldOutputBytes = 0
    var heldInput: [ArraySlice<UInt8>] = []
    /// The first of `heldInput` not taken yet.
    var heldInputStart = 0
    var heldInputBytes = 0

    var hasHeldInput: Bool { heldInputStart < heldInput.count }

    init(id: ConnectionID, link: any RPCConnection) {
        self.id = id
        self.link = link
        peer = link.peer
    }

    /// The number logs show (`client 3 connected`).
    var number: UInt64 { id.rawValue }
}
