import Testing
@testable import MenudProtocol

private func decode(_ text: String) -> RPCIncoming {
    RPCDecoder.decode(line: Array(text.utf8)[...])
}

private func single(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> RPCIncomingItem? {
    guard case .single(let item) = decode(text) else {
        Issue.record("expected a single message for \(text)", sourceLocation: sourceLocation)
        return nil
    }
    return item
}

/// The id and error of an invalid single message.
private func invalid(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> (id: RPCId, error: RPCError)? {
    guard case .invalid(let id, let error)? = single(text, sourceLocation: sourceLocation) else {
        Issue.record("expected an invalid request for \(text)", sourceLocation: sourceLocation)
        return nil
    }
    return (id, error)
}

@Suite struct RPCDecoderTests {
    // MARK: Valid requests

    @Test func decodesARequestWithNamedParams() {
        let item = single(#"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#)
        #expect(item == .request(RPCRequest(id: .int(3), method: "subtract", params: ["subtrahend": 23, "minuend": 42])))
    }

    @Test func omittedParamsAreEmpty() {
        let item = single(#"{"jsonrpc":"2.0","method":"daemon.status","id":"s-1"}"#)
        #expect(item == .request(RPCRequest(id: .string("s-1"), method: "daemon.status", params: [:])))
    }

    @Test func notificationsHaveNoId() {
        guard case .request(let request)? = single(#"{"jsonrpc": "2.0", "method": "foobar"}"#) else { return }
        #expect(request.id == nil)
        #expect(request.isNotification)
        #expect(request.method == "foobar")
    }

    @Test func notificationsWithPositionalParamsAreNotAnswered() {
        // JSON-RPC never answers a notification, so the array is dropped rather than reported.
        let item = single(#"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#)
        #expect(item == .request(RPCRequest(id: nil, method: "update", params: [:])))
    }

    @Test func integralNumberIdsAreIntegers() {
        #expect(single(#"{"jsonrpc":"2.0","method":"m","id":1.0}"#) == .request(RPCRequest(id: .int(1), method: "m")))
        #expect(single(#"{"jsonrpc":"2.0","method":"m","id":1e3}"#) == .request(RPCRequest(id: .int(1000), method: "m")))
        #expect(single(#"{"jsonrpc":"2.0","method":"m","id":-9223372036854775808}"#) == .request(RPCRequest(id: .int(.min), method: "m")))
        #expect(single(#"{"jsonrpc":"2.0","method":"m","id":0}"#) == .request(RPCRequest(id: .int(0), method: "m")))
        #expect(single(#"{"jsonrpc":"2.0","method":"m","id":""}"#) == .request(RPCRequest(id: .string(""), method: "m")))
    }

    @Test func extraMembersAreIgnored() {
        let item = single(#"{"jsonrpc":"2.0","method":"m","id":1,"meta":{"trace":true}}"#)
        #expect(item == .request(RPCRequest(id: .int(1), method: "m")))
    }

    // MARK: Parse errors

    @Test func invalidJSONIsAParseError() {
        guard case .parseError(let error) = decode(#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#) else {
            Issue.record("expected a parse error")
            return
        }
        #expect(error.code == -32700)
        #expect(error.message.hasPrefix("The message is not valid JSON: "))
        #expect(error.data?["offset"]?.intValue != nil)
    }

    @Test func invalidJSONInABatchIsAParseError() {
        let line = #"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"]"#
        guard case .parseError(let error) = decode(line) else {
            Issue.record("expected a parse error")
            return
        }
        #expect(error.code == -32700)
    }

    @Test func duplicateKeysAreAParseError() {
        guard case .parseError(let error) = decode(#"{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}"#) else {
            Issue.record("expected a parse error")
            return
        }
        #expect(error.message.contains("duplicate key \"method\""))
        #expect(error.data == ["offset": 37])
    }

    @Test func invalidUTF8IsAParseError() {
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        guard case .parseError(let error) = RPCDecoder.decode(line: line[...]) else {
            Issue.record("expected a parse error")
            return
        }
        #expect(error.message.contains("invalid UTF-8"))
    }

    @Test func deepNestingIsAParseErrorNotACrash() {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"x":"# + String(repeating: "[", count: 100_000)
        guard case .parseError(let error) = decode(line) else {
            Issue.record("expected a parse error")
            return
        }
        #expect(error.message.contains("nesting deeper than"))
    }

    // MARK: Invalid request objects

    @Test func anInvalidRequestObjectGetsANullId() {
        let result = invalid(#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#)
        #expect(result?.id == .null)
        #expect(result?.error.code == -32600)
        #expect(result?.error.message == "The request's \"method\" must be a string, not an integer.")
    }

    @Test func nonObjectMessagesAreInvalidRequests() {
        for text in ["1", "\"text\"", "true", "null", "3.5"] {
            let result = invalid(text)
            #expect(result?.id == .null)
            #expect(result?.error.code == -32600)
        }
        #expect(invalid("1")?.error.message == "A request must be a JSON object with \"jsonrpc\": \"2.0\", \"method\", \"params\" and \"id\", not an integer.")
    }

    @Test func badIdsAreInvalidWithANullId() {
        let cases: [(String, String)] = [
            (#"{"jsonrpc":"2.0","method":"m","id":1.5}"#, "The request id 1.5 has a fractional part. Use an integer between -2^63 and 2^63-1, or a string."),
            (#"{"jsonrpc":"2.0","method":"m","id":1e19}"#, "The request id 1e+19 is out of range. Use an integer between -2^63 and 2^63-1, or a string."),
            (#"{"jsonrpc":"2.0","method":"m","id":null}"#, "The request id is null. Use an integer or a string as id, or leave \"id\" out for a notification that gets no answer."),
            (#"{"jsonrpc":"2.0","method":"m","id":true}"#, "The request id must be an integer or a string, not a boolean."),
            (#"{"jsonrpc":"2.0","method":"m","id":[1]}"#, "The request id must be an integer or a string, not an array."),
            (#"{"jsonrpc":"2.0","method":"m","id":{"a":1}}"#, "The request id must be an integer or a string, not an object."),
        ]
        for (text, message) in cases {
            let result = invalid(text)
            #expect(result?.id == .null)
            #expect(result?.error.code == -32600)
            #expect(result?.error.message == message)
        }
    }

    @Test func versionProblemsKeepTheRequestId() {
        let missing = invalid(#"{"method":"m","id":5}"#)
        #expect(missing?.id == .int(5))
        #expect(missing?.error.message == "The request lacks \"jsonrpc\": \"2.0\". Add that member to every request.")
        let wrong = invalid(#"{"jsonrpc":"1.0","method":"m","id":"x"}"#)
        #expect(wrong?.id == .string("x"))
        #expect(wrong?.error.message == "The request has \"jsonrpc\": \"1.0\", but menud speaks JSON-RPC 2.0 only. Send \"jsonrpc\": \"2.0\".")
        #expect(invalid(#"{"jsonrpc":2.0,"method":"m","id":1}"#)?.error.code == -32600)
        #expect(invalid(#"{"jsonrpc":"2.0 ","method":"m","id":1}"#)?.error.code == -32600)
    }

    @Test func methodProblemsKeepTheRequestId() {
        let missing = invalid(#"{"jsonrpc":"2.0","id":7}"#)
        #expect(missing?.id == .int(7))
        #expect(missing?.error.message == "The request lacks \"method\". Name the method to call, for example \"files.list\".")
        #expect(invalid(#"{"jsonrpc":"2.0","id":7,"method":""}"#)?.error.message.contains("is empty") == true)
        #expect(invalid(#"{"jsonrpc":"2.0","id":7,"method":null}"#)?.error.message.contains("not null") == true)
        #expect(invalid(#"{"jsonrpc":"2.0","id":7,"method":["m"]}"#)?.id == .int(7))
    }

    @Test func positionalParamsAreInvalidParams() {
        let result = invalid(#"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#)
        #expect(result?.id == .int(1))
        #expect(result?.error.code == -32602)
        #expect(result?.error.data == ["param": "params"])
        #expect(result?.error.message == "\"subtract\" takes named parameters. Send \"params\" as an object, not an array.")
    }

    @Test func scalarParamsAreInvalidRequests() {
        for params in ["\"bar\"", "1", "true", "null"] {
            let result = invalid(#"{"jsonrpc":"2.0","method":"m","id":2,"params":"# + params + "}")
            #expect(result?.id == .int(2))
            #expect(result?.error.code == -32600)
            #expect(result?.error.message.hasPrefix("The request's \"params\" must be an object (or left out)") == true)
        }
    }

    @Test func idIsCheckedBeforeEverythingElse() {
        // A bad id hides other problems: the reply cannot name the request anyway.
        let result = invalid(#"{"id":2.5}"#)
        #expect(result?.error.message.contains("fractional") == true)
    }

    // MARK: Batches

    @Test func emptyBatchIsOneInvalidRequest() {
        guard case .emptyBatch(let error) = decode("[]") else {
            Issue.record("expected an empty batch")
            return
        }
        #expect(error.code == -32600)
        #expect(error.message == "The batch is empty. Send at least one request in the array, or send a single request object.")
        guard case .emptyBatch = decode(" [ ] ") else {
            Issue.record("expected an empty batch")
            return
        }
    }

    @Test func batchOfNonObjectsIsAnInvalidRequestEach() {
        guard case .batch(let items) = decode("[1]") else { Issue.record("expected a batch"); return }
        #expect(items.count == 1)
        guard case .batch(let three) = decode("[1,2,3]") else { Issue.record("expected a batch"); return }
        #expect(three.count == 3)
        for item in items + three {
            guard case .invalid(let id, let error) = item else { Issue.record("expected invalid"); continue }
            #expect(id == .null)
            #expect(error.code == -32600)
        }
    }

    @Test func nestedBatchesAreInvalidElements() {
        guard case .batch(let items) = decode(#"[[{"jsonrpc":"2.0","method":"m","id":1}]]"#) else { Issue.record("expected a batch"); return }
        guard case .invalid(.null, let error)? = items.first else { Issue.record("expected invalid"); return }
        #expect(error.message.hasSuffix("not an array."))
    }

    @Test func mixedBatchFromTheSpecification() {
        let line = """
        [
            {"jsonrpc": "2.0", "method": "sum", "params": {"values": [1,2,4]}, "id": "1"},
            {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
            {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
            {"foo": "boo"},
            {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
            {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
        ]
        """.replacingOccurrences(of: "\n", with: " ")
        guard case .batch(let items) = decode(line) else { Issue.record("expected a batch"); return }
        #expect(items.count == 6)
        #expect(items[0] == .request(RPCRequest(id: "1", method: "sum", params: ["values": [1, 2, 4]])))
        #expect(items[1] == .request(RPCRequest(id: nil, method: "notify_hello")))
        guard case .invalid(.string("2"), let positional) = items[2] else { Issue.record("expected invalid params"); return }
        #expect(positional.code == -32602)
        guard case .invalid(.null, let foo) = items[3] else { Issue.record("expected invalid request"); return }
        #expect(foo.code == -32600)
        #expect(items[4] == .request(RPCRequest(id: "5", method: "foo.get", params: ["name": "myself"])))
        #expect(items[5] == .request(RPCRequest(id: "9", method: "get_data")))
    }

    @Test func batchOfNotificationsOnly() {
        let line = #"[{"jsonrpc":"2.0","method":"notify_sum","params":{"a":1}},{"jsonrpc":"2.0","method":"notify_hello"}]"#
        guard case .batch(let items) = decode(line) else { Issue.record("expected a batch"); return }
        #expect(items.allSatisfy { if case .request(let request) = $0 { request.isNotification } else { false } })
        var buffer: [UInt8] = []
        RPCEncoder.batch([RPCResponse](), into: &buffer)
        #expect(buffer.isEmpty)
    }

    @Test func batchLimitIsEnforced() {
        let line = "[" + Array(repeating: #"{"jsonrpc":"2.0","method":"m","id":1}"#, count: 5).joined(separator: ",") + "]"
        guard case .single(.invalid(.null, let error)) = RPCDecoder.decode(line: Array(line.utf8)[...], maxDepth: 128, maxBatchItems: 4) else {
            Issue.record("expected a single error")
            return
        }
        #expect(error.message == "The batch holds 5 requests, more than the limit of 4. Split it into smaller batches.")
        guard case .batch(let items) = RPCDecoder.decode(line: Array(line.utf8)[...], maxDepth: 128, maxBatchItems: 5) else {
            Issue.record("expected a batch")
            return
        }
        #expect(items.count == 5)
    }

    @Test func depthLimitApplies() {
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[1]}}"#.utf8)
        guard case .parseError(let error) = RPCDecoder.decode(line: line[...], maxDepth: 2, maxBatchItems: 10) else {
            Issue.record("expected a parse error")
            return
        }
        #expect(error.message.contains("nesting deeper than 2 levels"))
        guard case .single(.request) = RPCDecoder.decode(line: line[...], maxDepth: 3, maxBatchItems: 10) else {
            Issue.record("expected a request")
            return
        }
    }

    @Test func everyPrefixOfARequestDecodesWithoutCrashing() {
        let line = Array(#"[{"jsonrpc":"2.0","id":"é😀","method":"menu.open","params":{"target":{"path":"a\nb"}}},{"jsonrpc":"2.0","method":"x"}]"#.utf8)
        for length in 0...line.count {
            switch RPCDecoder.decode(line: line[0..<length]) {
            case .parseError(let error):
                #expect(error.code == -32700)
            case .batch(let items):
                #expect(length == line.count)
                #expect(items.count == 2)
            case .single, .emptyBatch:
                Issue.record("prefix of length \(length) decoded as something else")
            }
        }
    }
}
