/// `menuctl raw '<json>'` or `menuctl raw -`.
public struct RawOptions: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// One message given on the command line.
        case message(String)
        /// One message per line of standard input.
        case standardInput
    }

    public var source: Source

    public init(source: Source) {
        self.source = source
    }
}
