/// A WebSocket message the server took in whole but cannot hand over as text. The connection
/// stays open: the protocol answers such a message with a parse error (-32700), not a close.
public enum WebSocketUnreadable: Sendable, Equatable {
    /// A binary message (its bytes are dropped).
    case binary
    /// A text message whose bytes are not UTF-8.
    case invalidUTF8
}
