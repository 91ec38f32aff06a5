import MenudJSON

/// `daemon.status`'s `files`: how many tracked files are in each state.
public struct StatusFileCounts: Sendable, Equatable {
    public var total: Int64
    public var pending: Int64
    public var ready: Int64
    public var expired: Int64

    public init(total: Int64, pending: Int64, ready: Int64, expired: Int64) {
        self.total = total
        self.pending = pending
        self.ready = ready
        self.expired = expired
    }

    /// Reads the counts; tolerantly a missing count is 0.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        total = try mode.value(object.requiredInt("total", within: "files"), orElse: 0)
        pending = try mode.value(object.requiredInt("pending", within: "files"), orElse: 0)
        ready = try mode.value(object.requiredInt("ready", within: "files"), orElse: 0)
        expired = try mode.value(object.requiredInt("expired", within: "files"), orElse: 0)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(encoded: Self.key_total); writer.writeInt(total)
        writer.key(encoded: Self.key_pending); writer.writeInt(pending)
        writer.key(encoded: Self.key_ready); writer.writeInt(ready)
        writer.key(encoded: Self.key_expired); writer.writeInt(expired)
        writer.endObject()
    }

    // Member names, encoded once: `daemon.status` is asked for often (a poll every few ms).
    static let key_total: [UInt8] = Array(#""total":"#.utf8)
    static let key_pending: [UInt8] = Array(#""pending":"#.utf8)
    static let key_ready: [UInt8] = Array(#""ready":"#.utf8)
    static let key_expired: [UInt8] = Array(#""expired":"#.utf8)
}
