import MenudCore
import MenudJSON

/// What a method handler produced.
enum HandlerResult {
    /// The result, to be encoded.
    case value(JSONValue)
    /// The result, already encoded as JSON (hot paths write it directly).
    case encoded([UInt8])
    /// The result encoded but for one integer: `head`, the number in decimal, then `tail` (the
    /// status answer, of which as a rule only the uptime changes between two polls). Written
    /// straight where the answer goes, without a buffer of its own.
    case encodedAroundNumber(head: [UInt8], number: Int64, tail: [UInt8])
    /// The handler answers later, through the ``Responder`` it took.
    case deferred
    /// The result, written out in pieces as the client reads it (a large listing).
    case streamed(any ReplyStream)
}
