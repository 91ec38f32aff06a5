import MenudJSON

/// Writes JSON-RPC 2.0 messages: the one encoder for results, errors, batches, notifications and
/// requests, on the daemon's side and the client's. Every function appends one complete message
/// to `buffer`, as a line ending in `"\n"` or, with `newline: false`, bare (for a transport that
/// frames messages itself, and for the responses a batch joins). Keep one buffer per connection
/// and clear it (keeping its capacity) once it has been written out, so steady-state encoding
/// allocates nothing.
///
/// Members are written in the order `jsonrpc`, `id`, then `result`/`error` (or `method`,
/// `params` for notifications and requests).
public enum RPCEncoder {
    /// `{"jsonrpc":"2.0","id":…,"result":…}\n`
    public static func result(id: RPCId, _ result: JSONValue, into buffer: inout [UInt8], newline: Bool = true) {
        encode(into: &buffer, newline: newline) { writer in
            RPCResponse.result(id: id, result).write(to: &writer)
        }
    }

    /// Like `result(id:_:into:)`, but the result is streamed by `body`, which must write exactly
    /// one JSON value with the writer's primitives. No `JSONValue` tree is built.
    public static func result(id: RPCId, into buffer: inout [UInt8], newline: Bool = true, body: (inout JSONWriter) -> Void) {
        encode(into: &buffer, newline: newline) { writer in
            writer.beginObject()
            writer.key(encoded: versionAndIdKey)
            id.write(to: &writer)
            writer.key(encoded: resultKey)
            body(&writer)
            writer.endObject()
        }
    }

    /// A result already encoded as JSON (hot paths write it straight from their records).
    public static func result(id: RPCId, encoded result: [UInt8], into buffer: inout [UInt8], newline: Bool = true) {
        reserve(result.count + 64, in: &buffer)
        self.result(id: id, into: &buffer, newline: newline) { writer in writer.writeRaw(result) }
    }

    /// A result already encoded but for one integer: `head`, `number` in decimal, then `tail`.
    public static func result(id: RPCId, encodedHead head: [UInt8], number: Int64, tail: [UInt8],
                              into buffer: inout [UInt8], newline: Bool = true) {
        reserve(head.count + tail.count + 84, in: &buffer)
        self.result(id: id, into: &buffer, newline: newline) { writer in
            // The bytes around the number are not values of their own: the writer sees one.
            writer.bytes.append(contentsOf: head)
            writer.writeInt(number)
            writer.bytes.append(contentsOf: tail)
        }
    }

    /// Room for `extra` more bytes, grown as appending grows it: the buffer may gather many
    /// answers, and reserving just enough for each would copy it whole for every one.
    private static func reserve(_ extra: Int, in buffer: inout [UInt8]) {
        let needed = buffer.count + extra
        if buffer.capacity < needed { buffer.reserveCapacity(max(needed, 2 * buffer.capacity)) }
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data":…}}\n`
    public static func error(id: RPCId, _ error: RPCError, into buffer: inout [UInt8], newline: Bool = true) {
        encode(into: &buffer, newline: newline) { writer in
            RPCResponse.error(id: id, error).write(to: &writer)
        }
    }

    /// One response line for either kind of response.
    public static func response(_ response: RPCResponse, into buffer: inout [UInt8], newline: Bool = true) {
        encode(into: &buffer, newline: newline) { writer in
            response.write(to: &writer)
        }
    }

    /// `{"jsonrpc":"2.0","method":…,"params":…}\n`, a server-to-client notification.
    public static func notification(method: String, params: JSONValue, into buffer: inout [UInt8], newline: Bool = true) {
        encode(into: &buffer, newline: newline) { writer in
            writer.beginObject()
            writer.field("jsonrpc", "2.0")
            writer.field("method", method)
            writer.field("params", params)
            writer.endObject()
        }
    }

    /// A notification whose params are streamed by `body` (exactly one JSON value, an object).
    public static func notification(method: String, into buffer: inout [UInt8], newline: Bool = true, params body: (inout JSONWriter) -> Void) {
        encode(into: &buffer, newline: newline) { writer in
            writer.beginObject()
            writer.field("jsonrpc", "2.0")
            writer.field("method", method)
            writer.key(ascii: "params")
            body(&writer)
            writer.endObject()
        }
    }

    /// A notification whose params (an object) are already encoded as JSON.
    public static func notification(method: String, encodedParams params: [UInt8], into buffer: inout [UInt8], newline: Bool = true) {
        notification(method: method, into: &buffer, newline: newline) { writer in writer.writeRaw(params) }
    }

    /// A notification of the daemon's, written by its type.
    public static func notification(_ notification: some RPCNotification & RPCNotificationWriting, into buffer: inout [UInt8], newline: Bool = true) {
        self.notification(method: type(of: notification).method, into: &buffer, newline: newline) { writer in
            notification.writeParams(to: &writer)
        }
    }

    /// `{"jsonrpc":"2.0","id":…,"method":…,"params":…}\n`, a client request (or a notification when
    /// `id` is nil). `params` is left out when it is an empty object.
    public static func request(id: RPCId?, method: String, params: JSONObject = JSONObject(), into buffer: inout [UInt8], newline: Bool = true) {
        encode(into: &buffer, newline: newline) { writer in
            writer.beginObject()
            writer.field("jsonrpc", "2.0")
            if let id {
                writer.key(ascii: "id")
                writer.write(id.jsonValue)
            }
            writer.field("method", method)
            if !params.isEmpty {
                writer.field("params", .object(params))
            }
            writer.endObject()
        }
    }

    /// The answer to a batch: one line holding the array of `responses`. Appends nothing when
    /// `responses` is empty (a batch of notifications only gets no answer at all).
    public static func batch(_ responses: [RPCResponse], into buffer: inout [UInt8], newline: Bool = true) {
        guard !responses.isEmpty else { return }
        encode(into: &buffer, newline: newline) { writer in
            writer.beginArray()
            for response in responses { response.write(to: &writer) }
            writer.endArray()
        }
    }

    /// The answer to a batch from responses already encoded one per line (with `result`, `error`
    /// or `response` of this type, each with or without its trailing newline), for servers that
    /// answer each element as it finishes and join them at the end. Appends nothing when `lines`
    /// is empty.
    public static func batch(encodedLines lines: [[UInt8]], into buffer: inout [UInt8], newline: Bool = true) {
        guard !lines.isEmpty else { return }
        buffer.append(UInt8(ascii: "["))
        for (position, line) in lines.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            var body = line[...]
            while let last = body.last, last == 0x0A || last == 0x0D { body.removeLast() }
            buffer.append(contentsOf: body)
        }
        buffer.append(UInt8(ascii: "]"))
        if newline { buffer.append(0x0A) }
    }

    /// `"jsonrpc":"2.0","id":` and `"result":`, encoded once (every answer starts with them).
    private static let versionAndIdKey: [UInt8] = Array(#""jsonrpc":"2.0","id":"#.utf8)
    private static let resultKey: [UInt8] = Array(#""result":"#.utf8)

    /// Runs `body` with a writer that appends to `buffer`, then ends the line when `newline`. The
    /// buffer is moved into the writer and back, so nothing is copied.
    private static func encode(into buffer: inout [UInt8], newline: Bool, _ body: (inout JSONWriter) -> Void) {
        var writer = JSONWriter(reservingCapacity: 0)
        swap(&writer.bytes, &buffer)
        body(&writer)
        if newline { writer.bytes.append(0x0A) }
        swap(&writer.bytes, &buffer)
    }
}
