import MenudJSON

extension RPCDecoder {
    /// Decodes one line the daemon sent to a client: a response, a batch of responses or a
    /// notification. Throws -32700 when the line is not JSON and -32600 when it is JSON but not a
    /// JSON-RPC 2.0 response or notification; the message says what is wrong.
    public static func decodeServerMessage(line: ArraySlice<UInt8>,
                                           maxDepth: Int = JSONParser.defaultMaxDepth) throws(RPCError) -> RPCServerMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line, maxDepth: maxDepth)
        } catch {
            throw .parseError(error)
        }
        if case .array(let elements) = value {
            guard !elements.isEmpty else {
                throw .invalidRequest("The server sent an empty batch; a batch response holds at least one response.")
            }
            var responses: [RPCResponse] = []
            responses.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                guard case .response(let response) = try decodeServerObject(element, context: "element \(position) of the batch") else {
                    throw .invalidRequest("Element \(position) of the server's batch is a notification; a batch response holds responses only.")
                }
                responses.append(response)
            }
            return .batch(responses)
        }
        return try decodeServerObject(value, context: "the server's message")
    }

    public static func decodeServerMessage(line: [UInt8]) throws(RPCError) -> RPCServerMessage {
        try decodeServerMessage(line: line[...])
    }

    private static func decodeServerObject(_ value: JSONValue, context: String) throws(RPCError) -> RPCServerMessage {
        guard case .object(let object) = value else {
            throw .invalidRequest("Expected \(context) to be a JSON-RPC object, but it is \(value.kindDescription).")
        }
        guard case .string("2.0")? = object["jsonrpc"] else {
            throw .invalidRequest("Expected \(context) to carry \"jsonrpc\": \"2.0\".")
        }
        if let rawMethod = object["method"], object["id"] == nil {
            guard case .string(let method) = rawMethod else {
                throw .invalidRequest("The \"method\" of \(context) must be a string, not \(rawMethod.kindDescription).")
            }
            switch object["params"] {
            case nil:
                return .notification(method: method, params: JSONObject())
            case .object(let params):
                return .notification(method: method, params: params)
            case .some(let other):
                throw .invalidRequest("The \"params\" of the notification \(RPCError.quote(method)) must be an object, not \(other.kindDescription).")
            }
        }
        guard let rawId = object["id"], let id = RPCId(json: rawId) else {
            throw .invalidRequest("Expected \(context) to carry an \"id\" that is an integer, a string or null.")
        }
        switch (object["result"], object["error"]) {
        case (let result?, nil):
            return .response(.result(id: id, result))
        case (nil, let rawError?):
            guard let error = RPCError(json: rawError) else {
                throw .invalidRequest("The \"error\" of \(context) must be an object with an integer \"code\" and a string \"message\".")
            }
            return .response(.error(id: id, error))
        case (.some, .some):
            throw .invalidRequest("The response \(context) has both \"result\" and \"error\"; a response has exactly one of them.")
        case (nil, nil):
            throw .invalidRequest("The response \(context) has neither \"result\" nor \"error\".")
        }
    }
}
