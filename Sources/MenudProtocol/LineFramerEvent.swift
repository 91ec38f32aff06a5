/// What `LineFramer` finds in the bytes it is fed.
public enum FramerEvent: Sendable, Equatable {
    /// One complete line, without its `\n` or `\r\n`. Never empty or whitespace-only.
    case line(ArraySlice<UInt8>)
    /// A line grew past the limit. Answer -32600 (`RPCError.frameTooLarge(limit:)`) with id null
    /// and close the connection; the framer drops the rest of that line.
    case oversized(limit: Int)
}
