import MenudJSON

/// Splits a byte stream into lines, for line-delimited JSON-RPC.
///
/// Feed it each chunk read from the socket, in order; it reports every complete line and keeps the
/// unfinished tail (at most `maxFrameBytes + 1` bytes, the `+ 1` for a `\r` waiting for its `\n`),
/// so memory per connection stays bounded by the limit plus one read chunk.
///
/// - A line ends at `\n`; a `\r` right before it is dropped too. Empty lines and lines holding only
///   spaces, tabs and `\r` are skipped.
/// - A line longer than `maxFrameBytes` (not counting its line ending) yields `.oversized` once, as
///   soon as it is known to be too long, and the rest of that line is dropped unread.
/// - Lines that lie entirely within one chunk are slices of that chunk (no copy); a line that
///   spans chunks is assembled in a buffer of its own.
///
/// Two styles: `append(_:)` returns the events of a chunk as an array; `append(_:onEvent:)` calls
/// a closure for each, in order, without building an array.
public struct LineFramer: Sendable {
    /// The longest line accepted, in bytes, not counting the line ending.
    public var maxFrameBytes: Int
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    /// True while dropping the rest of an oversized line, up to its `\n`.
    private var discarding = false

    public init(maxFrameBytes: Int = 1 << 20) {
        self.maxFrameBytes = max(1, maxFrameBytes)
    }

    /// How many bytes of an unfinished line are held.
    public var bufferedByteCount: Int { pending.count }

    /// Feeds one chunk and returns the events it completes, in order.
    public mutating func append(_ bytes: ArraySlice<UInt8>) -> [FramerEvent] {
        var events: [FramerEvent] = []
        append(bytes) { events.append($0) }
        return events
    }

    public mutating func append(_ bytes: [UInt8]) -> [FramerEvent] {
        append(bytes[...])
    }

    /// Feeds one chunk and calls `onEvent` for each event it completes, in order.
    public mutating func append<Failure: Error>(_ bytes: ArraySlice<UInt8>,
                                                onEvent: (FramerEvent) throws(Failure) -> Void) throws(Failure) {
        var lineStart = bytes.startIndex
        let end = bytes.endIndex
        while lineStart < end {
            guard let newline = ByteScan.firstIndex(of: 0x0A, in: bytes, from: lineStart) else {
                try keepUnfinished(bytes[lineStart..<end], onEvent: onEvent)
                return
            }
            if discarding {
                discarding = false
            } else if pending.isEmpty {
                try emit(bytes[lineStart..<newline], onEvent: onEvent)
            } else {
                let piece = bytes[lineStart..<newline]
                if pending.count + piece.count > maxFrameBytes + 1 {
                    pending = []
                    try onEvent(.oversized(limit: maxFrameBytes))
                } else {
                    pending.append(contentsOf: piece)
                    let line = pending[...]
                    pending = []
                    try emit(line, onEvent: onEvent)
                }
            }
            lineStart = newline + 1
        }
    }

    /// At the end of the stream: the unfinished last line, if any (a client that closes without a
    /// final newline). Returns nil when nothing but whitespace is left, or when the tail was part
    /// of an oversized line already reported.
    public mutating func finish() -> FramerEvent? {
        defer {
            pending = []
            discarding = false
        }
        guard !discarding, !pending.isEmpty else { return nil }
        var result: FramerEvent?
        emit(pending[...]) { result = $0 }
        return result
    }

    private mutating func keepUnfinished<Failure: Error>(_ tail: ArraySlice<UInt8>,
                                                         onEvent: (FramerEvent) throws(Failure) -> Void) throws(Failure) {
        if discarding { return }
        let total = pending.count + tail.count
        // One byte more than the limit is allowed only if it is the `\r` of a `\r\n` to come.
        if total > maxFrameBytes + 1 || (total == maxFrameBytes + 1 && tail.last != 0x0D) {
            pending = []
            discarding = true
            try onEvent(.oversized(limit: maxFrameBytes))
            return
        }
        pending.append(contentsOf: tail)
    }

    private func emit<Failure: Error>(_ rawLine: ArraySlice<UInt8>,
                                      onEvent: (FramerEvent) throws(Failure) -> Void) throws(Failure) {
        var line = rawLine
        if line.last == 0x0D { line.removeLast() }
        if line.count > maxFrameBytes {
            try onEvent(.oversized(limit: maxFrameBytes))
            return
        }
        for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D {
            try onEvent(.line(line))
            return
        }
    }
}
