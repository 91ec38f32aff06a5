/// Why a byte sequence is not one strict RFC 8259 JSON text.
///
/// `offset` counts bytes from the start of the input handed to the parser (0 is the first byte,
/// whatever the slice's own indices are). `message` is a sentence a person can act on and ends with
/// the same byte offset, e.g. "unterminated string starting at byte 12".
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { message }
}
