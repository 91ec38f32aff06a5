import Testing
@testable import MenudProtocol

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite struct RPCEncoderTests {
    @Test func resultIsOneLine() {
        var buffer: [UInt8] = []
        RPCEncoder.result(id: .int(1), ["dismiss": true], into: &buffer)
        #expect(text(buffer) == #"{"jsonrpc":"2.0","id":1,"result":{"dismiss":true}}"# + "\n")
    }

    @Test func resultsAppendToWhatIsAlreadyBuffered() {
        var buffer: [UInt8] = []
        RPCEncoder.result(id: .string("a"), .null, into: &buffer)
        RPCEncoder.result(id: .int(2), [1, 2], into: &buffer)
        #expect(text(buffer) == #"{"jsonrpc":"2.0","id":"a","result":null}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"result":[1,2]}"# + "\n")
    }

    @Test func streamedResultMatchesTheValueForm() {
        var streamed: [UInt8] = []
        RPCEncoder.result(id: .int(9), into: &streamed) { writer in
            writer.beginObject()
            writer.field("closed", true)
            writer.key("files")
            writer.beginArray()
            writer.writeString("a/b")
            writer.endArray()
            writer.endObject()
        }
        var whole: [UInt8] = []
        RPCEncoder.result(id: .int(9), ["closed": true, "files": ["a/b"]], into: &whole)
        #expect(streamed == whole)
    }

    @Test func errorCarriesCodeMessageAndData() {
        var buffer: [UInt8] = []
        RPCEncoder.error(id: .int(4), .invalidParams(param: "limit", "The parameter \"limit\" must be at least 1; got 0."), into: &buffer)
        #expect(text(buffer) == #"{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"The parameter \"limit\" must be at least 1; got 0.","data":{"param":"limit"}}}"# + "\n")
        buffer.removeAll()
        RPCEncoder.error(id: .null, RPCError(code: -32603, message: "Boom."), into: &buffer)
        #expect(text(buffer) == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Boom."}}"# + "\n")
    }

    @Test func notificationsHaveNoId() {
        var buffer: [UInt8] = []
        RPCEncoder.notification(method: "files.removed", params: ["paths": ["a.txt"]], into: &buffer)
        #expect(text(buffer) == #"{"jsonrpc":"2.0","method":"files.removed","params":{"paths":["a.txt"]}}"# + "\n")
        var streamed: [UInt8] = []
        RPCEncoder.notification(method: "files.removed", into: &streamed) { writer in
            writer.beginObject()
            writer.key("paths")
            writer.beginArray()
            writer.writeString("a.txt")
            writer.endArray()
            writer.endObject()
        }
        #expect(streamed == buffer)
    }

    @Test func requestsForClients() {
        var buffer: [UInt8] = []
        RPCEncoder.request(id: .int(1), method: "daemon.status", into: &buffer)
        RPCEncoder.request(id: .string("q"), method: "files.get", params: ["path": "a/b.txt"], into: &buffer)
        RPCEncoder.request(id: nil, method: "ping", into: &buffer)
        #expect(text(buffer) == [
            #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#,
            #"{"jsonrpc":"2.0","id":"q","method":"files.get","params":{"path":"a/b.txt"}}"#,
            #"{"jsonrpc":"2.0","method":"ping"}"#,
        ].map { $0 + "\n" }.joined())
        // And the server side reads them back.
        let lines = buffer.split(separator: 0x0A)
        #expect(RPCDecoder.decode(line: lines[1]) == .single(.request(RPCRequest(id: "q", method: "files.get", params: ["path": "a/b.txt"]))))
    }

    @Test func batchResponseIsOneArrayLine() {
        var buffer: [UInt8] = []
        RPCEncoder.batch([.result(id: "1", 7), .error(id: .null, .invalidRequest("Bad."))], into: &buffer)
        #expect(text(buffer) == #"[{"jsonrpc":"2.0","id":"1","result":7},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Bad."}}]"# + "\n")
    }

    @Test func batchFromEncodedLinesJoinsThem() {
        var first: [UInt8] = []
        RPCEncoder.result(id: .int(1), "a", into: &first)
        var second: [UInt8] = []
        RPCEncoder.error(id: .int(2), .methodNotFound("nope"), into: &second)
        var joined: [UInt8] = []
        RPCEncoder.batch(encodedLines: [first, Array(second.dropLast())], into: &joined)
        var direct: [UInt8] = []
        RPCEncoder.batch([.result(id: .int(1), "a"), .error(id: .int(2), .methodNotFound("nope"))], into: &direct)
        #expect(joined == direct)
        var none: [UInt8] = []
        RPCEncoder.batch(encodedLines: [], into: &none)
        #expect(none.isEmpty)
    }

    @Test func responseHelperMatchesResultAndError() {
        var viaResponse: [UInt8] = []
        RPCEncoder.response(.result(id: .int(3), ["ran": false]), into: &viaResponse)
        var viaResult: [UInt8] = []
        RPCEncoder.result(id: .int(3), ["ran": false], into: &viaResult)
        #expect(viaResponse == viaResult)
    }

    @Test func serverMessagesRoundTrip() throws {
        var buffer: [UInt8] = []
        RPCEncoder.result(id: .int(1), ["menu": nil], into: &buffer)
        RPCEncoder.error(id: .string("x"), .menuNotFound("m-1"), into: &buffer)
        RPCEncoder.notification(method: "menu.invalidated", params: ["menu": "m-1", "reason": "removed"], into: &buffer)
        RPCEncoder.batch([.result(id: .int(5), 1), .error(id: .null, .parseError("bad"))], into: &buffer)
        let lines = buffer.split(separator: 0x0A)
        #expect(lines.count == 4)
        #expect(try RPCDecoder.decodeServerMessage(line: lines[0]) == .response(.result(id: .int(1), ["menu": nil])))
        #expect(try RPCDecoder.decodeServerMessage(line: lines[1]) == .response(.error(id: .string("x"), .menuNotFound("m-1"))))
        #expect(try RPCDecoder.decodeServerMessage(line: lines[2]) == .notification(method: "menu.invalidated", params: ["menu": "m-1", "reason": "removed"]))
        #expect(try RPCDecoder.decodeServerMessage(line: lines[3]) == .batch([.result(id: .int(5), 1), .error(id: .null, .parseError("bad"))]))
    }

    @Test func malformedServerMessagesAreReported() {
        let cases: [(String, Int)] = [
            ("{", -32700),
            ("[]", -32600),
            ("1", -32600),
            (#"{"id":1,"result":1}"#, -32600),
            (#"{"jsonrpc":"2.0","id":1}"#, -32600),
            (#"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}"#, -32600),
            (#"{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}"#, -32600),
            (#"{"jsonrpc":"2.0","id":1.5,"result":1}"#, -32600),
            (#"{"jsonrpc":"2.0","method":7}"#, -32600),
            (#"{"jsonrpc":"2.0","method":"n","params":[1]}"#, -32600),
            (#"[{"jsonrpc":"2.0","method":"n"}]"#, -32600),
        ]
        for (line, code) in cases {
            do {
                let message = try RPCDecoder.decodeServerMessage(line: Array(line.utf8))
                Issue.record("\(line) decoded as \(message)")
            } catch {
                #expect(error.code == code, "\(line): \(error.message)")
                #expect(error.message.hasSuffix("."), "\(error.message)")
            }
        }
    }

    @Test func idsConvertBothWays() {
        #expect(RPCId(json: 3) == .int(3))
        #expect(RPCId(json: 3.0) == .int(3))
        #expect(RPCId(json: "s") == .string("s"))
        #expect(RPCId(json: nil) == .null)
        #expect(RPCId(json: 3.5) == nil)
        #expect(RPCId(json: true) == nil)
        #expect(RPCId.int(3).jsonValue == 3)
        #expect(RPCId.null.jsonValue == .null)
        #expect(RPCId.string("a\"b").description == #""a\"b""#)
        let literal: RPCId = 5
        #expect(literal == .int(5))
    }
}

/// The encoder the daemon sends everything with: bare messages for a transport that frames them
/// itself and for the responses a batch joins, pre-encoded results and params, typed notifications.
@Suite struct RPCEncoderMessageTests {
    @Test func bareMessagesAreTheLinesWithoutTheirNewline() {
        var line: [UInt8] = []
        var bare: [UInt8] = []
        RPCEncoder.result(id: 7, ["a": 1], into: &line)
        RPCEncoder.result(id: 7, ["a": 1], into: &bare, newline: false)
        #expect(line == bare + [0x0A])
        var encoded: [UInt8] = []
        RPCEncoder.result(id: 7, encoded: Array(#"{"a":1}"#.utf8), into: &encoded, newline: false)
        #expect(encoded == bare)
        var error: [UInt8] = []
        RPCEncoder.error(id: .null, .methodNotFound("x"), into: &error, newline: false)
        #expect(error.last == UInt8(ascii: "}"))
    }

    @Test func aBatchJoinsBareResponses() {
        var first: [UInt8] = []
        var second: [UInt8] = []
        RPCEncoder.result(id: 1, true, into: &first, newline: false)
        RPCEncoder.error(id: 2, .methodNotFound("x"), into: &second, newline: false)
        var batch: [UInt8] = []
        RPCEncoder.batch(encodedLines: [first, second], into: &batch, newline: false)
        #expect(batch == [UInt8(ascii: "[")] + first + [UInt8(ascii: ",")] + second + [UInt8(ascii: "]")])
        var none: [UInt8] = []
        RPCEncoder.batch(encodedLines: [], into: &none, newline: false)
        #expect(none.isEmpty)
    }

    @Test func typedNotificationsWriteWhatTheyReadBack() throws {
        var bytes: [UInt8] = []
        RPCEncoder.notification(MenuInvalidatedNotification(menu: "m1", reason: "a.txt was removed"), into: &bytes, newline: false)
        #expect(String(decoding: bytes, as: UTF8.self)
            == #"{"jsonrpc":"2.0","method":"menu.invalidated","params":{"menu":"m1","reason":"a.txt was removed"}}"#)
        let removed = FilesRemovedNotification(paths: [RelativePath("a"), RelativePath(bytes: [0x62, 0xFF])])
        var line: [UInt8] = []
        RPCEncoder.notification(removed, into: &line)
        guard case .notification(let method, let params) = try RPCDecoder.decodeServerMessage(line: line) else {
            Issue.record("not a notification")
            return
        }
        #expect(method == FilesRemovedNotification.method)
        #expect(try FilesRemovedNotification(from: params) == removed)
        let progress = ActionProgressNotification(menu: "m2", fraction: 0.5, message: "half")
        var progressLine: [UInt8] = []
        RPCEncoder.notification(progress, into: &progressLine)
        guard case .notification(_, let progressParams) = try RPCDecoder.decodeServerMessage(line: progressLine) else {
            Issue.record("not a notification")
            return
        }
        #expect(try ActionProgressNotification(from: progressParams) == progress)
    }
}
