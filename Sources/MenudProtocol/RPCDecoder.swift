import MenudJSON

/// Turns one line from a client into requests, checking the JSON-RPC 2.0 shape.
///
/// Rules, in the order they are checked for each request object:
/// 1. It must be an object (a bare number, string, nested array... is -32600 with id null).
/// 2. `id`, when present, must be an integer or a string; an integral number such as `3.0` or
///    `1e3` is read as that integer. A fractional or out-of-range number, a boolean, an array, an
///    object, and `null` are -32600 with id null (menud reserves the null id for its own error
///    responses; a request that wants no answer leaves `id` out).
/// 3. `jsonrpc` must be the string `"2.0"` (-32600, with the request's id).
/// 4. `method` must be a non-empty string (-32600).
/// 5. `params` must be an object or left out (then it is `{}`). An array is -32602 with
///    `data.param == "params"`, because every menud method takes named parameters; any other
///    value is -32600. In a notification (no `id`), which JSON-RPC never answers, positional
///    params are dropped and the notification is passed on with empty params.
/// Members other than these are ignored.
public enum RPCDecoder {
    /// Decodes one line (without its newline), with the parser's default depth limit and no
    /// limit on batch size beyond the frame size.
    public static func decode(line: ArraySlice<UInt8>) -> RPCIncoming {
        decode(line: line, maxDepth: JSONParser.defaultMaxDepth, maxBatchItems: .max)
    }

    /// Decodes one line (without its newline). `maxDepth` bounds nesting (deeper is -32700);
    /// `maxBatchItems` bounds how many elements a batch may hold (a longer batch is answered with
    /// a single -32600 error).
    public static func decode(line: ArraySlice<UInt8>, maxDepth: Int, maxBatchItems: Int) -> RPCIncoming {
        if let request = decodePlainRequest(line, maxDepth: maxDepth) { return .single(.request(request)) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line, maxDepth: maxDepth, known: knownStrings)
        } catch {
            return .parseError(.parseError(error))
        }
        guard case .array(let elements) = value else {
            return .single(decodeItem(value))
        }
        if elements.isEmpty {
            return .emptyBatch(.invalidRequest("The batch is empty. Send at least one request in the array, or send a single request object."))
        }
        if elements.count > maxBatchItems {
            return .single(.invalid(id: .null, error: .invalidRequest(
                "The batch holds \(elements.count) requests, more than the limit of \(maxBatchItems). Split it into smaller batches.")))
        }
        return .batch(elements.map(decodeItem))
    }

    /// The member names and values nearly every request spells: taken as they are instead of
    /// being made again from its bytes for every request.
    static let knownStrings = JSONStringTable(["jsonrpc", "2.0", "id", "method", "params"] + methodNames + [
        "path", "pathBase64", "paths", "target", "layout", "menu", "item", "input", "events",
        "state", "glob", "offset", "limit", "since", "fields",
    ])

    /// The methods of the protocol.
    static let methodNames = [
        DaemonStatus.name, FilesGet.name, FilesList.name, MenuOpen.name, MenuCancel.name,
        MenuSelect.name, MenuDismissed.name, Subscribe.name, Unsubscribe.name,
    ]

    public static func decode(line: [UInt8]) -> RPCIncoming {
        decode(line: line[...])
    }

    /// Checks one request object (a whole message, or one element of a batch).
    public static func decodeItem(_ value: JSONValue) -> RPCIncomingItem {
        guard case .object(let object) = value else {
            return .invalid(id: .null, error: .invalidRequest(
                "A request must be a JSON object with \"jsonrpc\": \"2.0\", \"method\", \"params\" and \"id\", not \(value.kindDescription)."))
        }

        var id: RPCId?
        if let rawId = object["id"] {
            switch rawId {
            case .int(let number):
                id = .int(number)
            case .string(let string):
                id = .string(string)
            case .double(let number):
                guard let integer = rawId.intValue else {
                    // Doubles this large are all integral; smaller ones that failed `intValue` are not.
                    let problem = abs(number) >= 9_223_372_036_854_775_808.0 ? "is out of range" : "has a fractional part"
                    return .invalid(id: .null, error: .invalidRequest(
                        "The request id \(rawId.jsonText) \(problem). Use an integer between -2^63 and 2^63-1, or a string."))
                }
                id = .int(integer)
            case .null:
                return .invalid(id: .null, error: .invalidRequest(
                    "The request id is null. Use an integer or a string as id, or leave \"id\" out for a notification that gets no answer."))
            default:
                return .invalid(id: .null, error: .invalidRequest(
                    "The request id must be an integer or a string, not \(rawId.kindDescription)."))
            }
        }
        let replyId = id ?? .null

        guard let version = object["jsonrpc"] else {
            return .invalid(id: replyId, error: .invalidRequest(
                "The request lacks \"jsonrpc\": \"2.0\". Add that member to every request."))
        }
        guard case .string("2.0") = version else {
            return .invalid(id: replyId, error: .invalidRequest(
                "The request has \"jsonrpc\": \(clip(version.jsonText)), but menud speaks JSON-RPC 2.0 only. Send \"jsonrpc\": \"2.0\"."))
        }

        guard let rawMethod = object["method"] else {
            return .invalid(id: replyId, error: .invalidRequest(
                "The request lacks \"method\". Name the method to call, for example \"files.list\"."))
        }
        guard case .string(let method) = rawMethod else {
            return .invalid(id: replyId, error: .invalidRequest(
                "The request's \"method\" must be a string, not \(rawMethod.kindDescription)."))
        }
        guard !method.isEmpty else {
            return .invalid(id: replyId, error: .invalidRequest(
                "The request's \"method\" is empty. Name the method to call, for example \"files.list\"."))
        }

        let params: JSONObject
        switch object["params"] {
        case nil:
            params = JSONObject()
        case .object(let named):
            params = named
        case .array:
            guard id != nil else {
                return .request(RPCRequest(id: nil, method: method, params: JSONObject()))
            }
            return .invalid(id: replyId, error: .invalidParams(
                param: "params",
                "\(RPCError.quote(method)) takes named parameters. Send \"params\" as an object, not an array."))
        case .some(let other):
            return .invalid(id: replyId, error: .invalidRequest(
                "The request's \"params\" must be an object (or left out), not \(other.kindDescription)."))
        }
        return .request(RPCRequest(id: id, method: method, params: params))
    }

    private static func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
