import CLibWebSockets

extension WebSocketConnection {
    /// What one chunk of a message came to.
    enum Received {
        /// More of the message is to come.
        case partial
        case text([UInt8])
        case unreadable(WebSocketUnreadable)
        /// The message would pass the limit (reported once; the rest of it is dropped as it
        /// comes): the connection is to be closed with 1009.
        case oversized
    }

    /// Takes one chunk as libwebsockets hands it over (`LWS_CALLBACK_RECEIVE`: at most the
    /// protocol's rx buffer, `first` on the first chunk of a message, `final` on the last chunk
    /// of its last frame, `remainingInFrame` still to come in the current frame).
    ///
    /// The size is checked before anything is kept, counting what the current frame announced,
    /// so an oversized message is refused at its first chunk. Binary messages are counted and
    /// dropped. UTF-8 is checked on the whole message (libwebsockets' own check would close
    /// the connection with 1007; the protocol wants an error reply and the connection kept).
    func take(_ chunk: UnsafeRawBufferPointer, first: Bool, final: Bool, binary: Bool,
              remainingInFrame: Int, limit: Int) -> Received {
        if first {
            incoming.removeAll(keepingCapacity: incoming.capacity <= 65_536)
            incomingBytes = 0
            incomingIsBinary = binary
            incomingIsOversized = false
        }
        if incomingIsOversized {
            if final { incomingIsOversized = false }
            return .partial
        }
        if incomingBytes + chunk.count + remainingInFrame > limit {
            incoming = []
            incomingBytes = 0
            incomingIsOversized = !final
            return .oversized
        }
        incomingBytes += chunk.count
        if !incomingIsBinary { incoming.append(contentsOf: chunk) }
        guard final else { return .partial }
        defer {
            incoming.removeAll(keepingCapacity: incoming.capacity <= 65_536)
            incomingBytes = 0
        }
        guard state == .open else { return .partial }
        if incomingIsBinary { return .unreadable(.binary) }
        guard String(validating: incoming, as: UTF8.self) != nil else { return .unreadable(.invalidUTF8) }
        return .text(incoming)
    }
}
