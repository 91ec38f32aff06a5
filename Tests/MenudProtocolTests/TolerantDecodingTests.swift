import Testing
@testable import MenudJSON
@testable import MenudProtocol

/// One reading per result type with a strictness switch (``DecodingMode``): strict refuses what
/// the protocol does not allow, naming the member; tolerant (for clients) leaves it out.
@Suite struct TolerantDecodingTests {
    private func object(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(text).objectValue)
    }

    /// The member a reading refuses (`data.param` of its -32602); nil when it reads.
    private func param(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as RPCError {
            return error.code == RPCErrorCode.invalidParams.rawValue ? error.data?["param"]?.stringValue : "not -32602"
        } catch {
            return "not an RPCError"
        }
    }

    @Test func oddItemValuesAreRefusedStrictlyAndLeftOutTolerantly() throws {
        let odd = try object(#"{"id":"x","title":"T","key":"ab","badge":{"kind":"weird"},"status":{"text":"S","color":"red"},"newMember":1}"#)
        #expect(param { _ = try MenuItemObject(from: odd) } == "badge.kind")
        let item = try MenuItemObject(from: odd, mode: .tolerant)
        #expect(item.key == nil)
        #expect(item.badge == nil)
        #expect(item.status?.text == "S" && item.status?.color == nil)
        #expect(item.accessibilityLabel == "T")

        var fixed = odd
        fixed["badge"] = ["kind": "ready", "color": "#2B7847"]
        #expect(param { _ = try MenuItemObject(from: fixed) } == "status.color")
        fixed["status"] = ["text": "S", "color": "#FFFFFF"]
        #expect(param { _ = try MenuItemObject(from: fixed) } == "key")
        fixed["key"] = "k"
        #expect(try MenuItemObject(from: fixed) == MenuItemObject(from: fixed, mode: .tolerant), "a whole item reads the same both ways")
        #expect(try MenuItemObject(from: fixed).badge == MenuItemBadge(kind: "ready", color: "#2B7847"))

        let colorless = try MenuItemObject(from: object(#"{"id":"y","title":"","badge":{"kind":"pending"},"disabled":"yes","input":{}}"#), mode: .tolerant)
        #expect(colorless.badge?.kind == "pending" && colorless.badge?.color == nil, "a known kind keeps its badge; the color is the kind's own")
        #expect(!colorless.disabled)
        #expect(colorless.input == MenuItemInput(prompt: "Text"))
    }

    @Test func onlyAnIdIsNeededTolerantly() throws {
        #expect(throws: RPCError.self) { try MenuItemObject(from: object(#"{"title":"no id"}"#), mode: .tolerant) }
        #expect(throws: RPCError.self) { try MenuObject(from: object(#"{"items":[]}"#), mode: .tolerant) }
        #expect(throws: RPCError.self) { try MenuObject(from: object(#"{"id":"m","items":[{"title":"child without id"}]}"#), mode: .tolerant) }
        let numbered = try MenuItemObject(from: object(#"{"id":12}"#), mode: .tolerant)
        #expect(numbered.id == "12" && numbered.title == "")
        #expect(param { _ = try MenuItemObject(from: object(#"{"id":12,"title":"t"}"#)) } == "id")
        let menu = try MenuObject(from: object(#"{"id":"m"}"#), mode: .tolerant)
        #expect(menu.items.isEmpty && menu.expiresAtMs == MenuObject.neverExpires)
        #expect(param { _ = try MenuObject(from: object(#"{"id":"m","title":"t","items":[]}"#)) } == "menu.expiresAtMs")
    }

    @Test func anInvalidationNeedsOnlyItsMenu() throws {
        #expect(param { _ = try MenuInvalidatedNotification(from: ["menu": "m-1"]) } == "reason")
        #expect(try MenuInvalidatedNotification(from: ["menu": "m-1"], mode: .tolerant) == MenuInvalidatedNotification(menu: "m-1", reason: ""))
        #expect(throws: RPCError.self) { try MenuInvalidatedNotification(from: ["reason": "gone"], mode: .tolerant) }
    }

    @Test func aFileNeedsItsPathSizeAndStateTolerantly() throws {
        let short = try object(#"{"path":"a.txt","size":2400000,"state":"ready","pathBase64":"not base64!","mtimeMs":"soon"}"#)
        #expect(param { _ = try FileSnapshot(from: short) } == "pathBase64")
        let file = try FileSnapshot(from: short, mode: .tolerant)
        #expect(file.path == RelativePath("a.txt"))
        #expect(file.sizeText == "2.4 MB", "written from the size as the daemon writes it")
        #expect(file.mtimeMs == 0 && file.reason == "" && file.clock == "")

        let list = try object(#"{"files":[{"path":"a","size":1,"state":"ready"},{"path":"b","state":"ready"},7,{"path":"c","size":1,"state":"done"}]}"#)
        #expect(try FilesChangedNotification(from: list, mode: .tolerant).files.map(\.path) == [RelativePath("a")])
        #expect(throws: RPCError.self) { try FilesChangedNotification(from: list) }
        let result = try FilesListResult(from: list, mode: .tolerant)
        #expect(result.total == 1 && result.clock == "" && !result.fresh)
        #expect(try FilesListResult(from: object("{}"), mode: .tolerant).files.isEmpty)
    }

    @Test func aMinimalStatusSaysWhatItLacks() throws {
        let minimal = try object(#"{"settleMs":400,"expireAfterMs":null,"web":null,"plugins":[{"name":"files"},3]}"#)
        #expect(param { _ = try StatusResult(from: minimal) } == "uptimeMs")
        let status = try StatusResult(from: minimal, mode: .tolerant)
        #expect(status.daemon.settleMs == 400 && status.daemon.expireAfterMs == nil && status.daemon.web == nil)
        #expect(status.daemon.plugins == [StatusPlugin(name: "files", version: "", actions: 0)])
        #expect(status.missingMembers == ["uptimeMs", "files", "crawling", "watchedDirectories", "unwatchedDirectories",
                                          "rescanIntervalMs", "connections", "clock", "version", "root", "socket", "pid"])
        let web = try StatusResult(from: object(#"{"web":{"url":"http://127.0.0.1:7780/"}}"#), mode: .tolerant)
        #expect(web.daemon.web == StatusWeb(listen: "", url: "http://127.0.0.1:7780/", tokenFile: ""))
        #expect(web.missingMembers.contains("plugins"))
    }
}
