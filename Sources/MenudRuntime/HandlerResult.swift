import MenudCore
import MenudJSON

/// What a method handler produced.
enum HandlerResult {
    /// The result, to be encoded.
    case value(JSONValue)
    /// The result, already encoded as JSON (hot paths write it directly).
    case encoded([UInt8])
    /// The handler answers later, through the ``Responder`` it took.
    case deferred
    /// The result, written out in pieces as the client reads it (a large listing).
    case streamed(any ReplyStream)
}
