import Testing
@testable import MenudJSON
@testable import MenudProtocol

@Suite struct RPCErrorTests {
    private static let all: [(RPCError, Int)] = [
        (.parseError("unterminated string starting at byte 3"), -32700),
        (.parseError(JSONParseError(offset: 3, message: "unterminated string starting at byte 3")), -32700),
        (.invalidRequest("The request lacks \"method\"."), -32600),
        (.frameTooLarge(limit: 1_048_576), -32600),
        (.methodNotFound("files.lst"), -32601),
        (.invalidParams(param: "path", "The parameter \"path\" is required; add it to params."), -32602),
        (.internalError("The daemon failed to read the directory; see its log."), -32603),
        (.notFound(path: "videos/intro.mp4"), -32010),
        (.outsideRoot(path: "../etc/passwd"), -32011),
        (.menuNotFound("m-7"), -32020),
        (.menuState("This menu already has a selection; send menu.dismissed next."), -32021),
        (.itemDisabled("i2"), -32022),
        (.itemDisabled("i3", isSubmenu: true), -32022),
        (.menuInvalidated("m-7"), -32023),
        (.menuInvalidated("m-7", reason: "the file was removed"), -32023),
        (.actionFailed(message: "gzip failed.", exitCode: 1, stderrTail: "gzip: disk full"), -32030),
        (.actionFailed(message: "The target vanished"), -32030),
        (.actionTimedOut("Compress", limitMs: 30_000), -32031),
        (.actionTimedOut("Compress"), -32031),
        (.busy(limit: "openMenus", "This connection has 16 menus open, the most allowed; close one first."), -32040),
        (.permissionDenied("Only the daemon's user may connect."), -32050),
        (.permissionDenied(uid: 1001), -32050),
    ]

    @Test func everyConstructorUsesItsProtocolCode() {
        for (error, code) in Self.all {
            #expect(error.code == code)
            #expect(error.knownCode?.rawValue == code)
        }
        #expect(Set(Self.all.map(\.1)) == Set(RPCErrorCode.allCases.map(\.rawValue)))
    }

    @Test func everyMessageIsASentence() {
        for (error, _) in Self.all {
            let first = error.message.unicodeScalars.first!
            #expect(first == "\"" || ("A"..."Z").contains(first), "\(error.message)")
            #expect(error.message.hasSuffix("."), "\(error.message)")
            #expect(!error.message.hasSuffix(".."), "\(error.message)")
        }
    }

    @Test func dataNamesWhatTheClientNeeds() {
        #expect(RPCError.parseError(JSONParseError(offset: 3, message: "x")).data == ["offset": 3])
        #expect(RPCError.frameTooLarge(limit: 10).data == ["limit": 10])
        #expect(RPCError.frameTooLarge(limit: 10).message.contains("10 bytes"))
        #expect(RPCError.methodNotFound("x").data == ["method": "x"])
        #expect(RPCError.invalidParams(param: "target.path", "m.").data == ["param": "target.path"])
        #expect(RPCError.notFound(path: "a").data == ["path": "a"])
        #expect(RPCError.outsideRoot(path: "../a").data == ["path": "../a"])
        #expect(RPCError.menuNotFound("m").data == ["menu": "m"])
        #expect(RPCError.itemDisabled("i").data == ["item": "i"])
        #expect(RPCError.menuInvalidated("m", reason: "gone").data == ["menu": "m", "reason": "gone"])
        #expect(RPCError.actionFailed(message: "m", exitCode: 2, stderrTail: "tail").data == ["message": "m", "exitCode": 2, "stderr": "tail"])
        #expect(RPCError.actionFailed(message: "m").data == ["message": "m"])
        #expect(RPCError.actionTimedOut("a", limitMs: 5).data == ["action": "a", "limitMs": 5])
        #expect(RPCError.busy(limit: "runningActions", "m.").data == ["limit": "runningActions"])
        #expect(RPCError.permissionDenied(uid: 7).data == ["uid": 7])
        #expect(RPCError.internalError("m.").data == nil)
    }

    @Test func messagesQuoteIdentifiersSafely() {
        let error = RPCError.notFound(path: "we\"ird\npath")
        #expect(error.message.hasPrefix(#""we\"ird\npath" is not a tracked file."#))
        let long = RPCError.methodNotFound(String(repeating: "x", count: 500))
        #expect(long.message.count < 400)
        #expect(long.data == ["method": .string(String(repeating: "x", count: 500))])
    }

    @Test func actionFailedMentionsExitCodeAndOutput() {
        let error = RPCError.actionFailed(message: "gzip failed.", exitCode: 1, stderrTail: "disk full")
        #expect(error.message == "The action failed: gzip failed (exit code 1). See data.stderr for the end of the command's error output, fix the cause and choose the action again.")
    }

    @Test func jsonFormRoundTrips() {
        for (error, _) in Self.all {
            #expect(RPCError(json: error.jsonValue) == error)
            var writer = JSONWriter()
            error.write(to: &writer)
            #expect(writer.bytes == error.jsonValue.serialized())
        }
        #expect(RPCError(json: ["code": "x", "message": "m"]) == nil)
        #expect(RPCError(json: ["code": 1]) == nil)
        #expect(RPCError(json: ["code": 1.0, "message": "m"]) == RPCError(code: 1, message: "m"))
    }

    @Test func descriptionShowsMessageAndCode() {
        #expect(RPCError.menuState("Out of order.").description == "Out of order. (code -32021)")
    }
}
