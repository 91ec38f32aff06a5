import MenudJSON

/// One response to a request: its result or its error, under the request's id.
public enum RPCResponse: Sendable, Equatable {
    case result(id: RPCId, JSONValue)
    case error(id: RPCId, RPCError)

    public var id: RPCId {
        switch self {
        case .result(let id, _), .error(let id, _): return id
        }
    }

    /// The result as a Swift `Result`, for callers that want to `get()` it.
    public var outcome: Result<JSONValue, RPCError> {
        switch self {
        case .result(_, let value): return .success(value)
        case .error(_, let error): return .failure(error)
        }
    }

    /// Writes the response object (without a newline) as the next value of `writer`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "jsonrpc"); writer.writeRaw(ascii: #""2.0""#)
        writer.key(ascii: "id")
        id.write(to: &writer)
        switch self {
        case .result(_, let value):
            writer.key(ascii: "result")
            writer.write(value)
        case .error(_, let error):
            writer.key(ascii: "error")
            error.write(to: &writer)
        }
        writer.endObject()
    }
}
