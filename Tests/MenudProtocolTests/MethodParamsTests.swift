import Testing
@testable import MenudJSON
@testable import MenudProtocol

/// Each method's params read themselves from the request, refuse with a -32602 that names the
/// field, and write back what a client sends.
@Suite struct MethodParamsTests {
    private func refusal<P: RPCParams>(_ type: P.Type, _ params: JSONObject) -> (param: String?, message: String)? {
        do {
            _ = try P(from: params)
            return nil
        } catch {
            #expect(error.knownCode == .invalidParams)
            return (error.data?.objectValue?["param"]?.stringValue, error.message)
        }
    }

    @Test func filesListReadsEveryMemberAndWritesThemBack() throws {
        let params = try FilesListParams(from: ["state": "ready", "glob": "*.mp4", "offset": 5, "limit": 10,
                                                "since": "abc:1", "fields": ["path", "size"]])
        #expect(params == FilesListParams(state: .ready, glob: "*.mp4", offset: 5, limit: 10, since: "abc:1", fields: [.path, .size]))
        #expect(try FilesListParams(from: params.json) == params)
        #expect(try FilesListParams(from: [:]) == FilesListParams())
        #expect(FilesListParams().json == JSONObject())
    }

    @Test func filesListRefusalsNameTheField() {
        #expect(refusal(FilesListParams.self, ["state": "done"])?.message == "state must be one of pending, ready, expired (got \"done\")")
        #expect(refusal(FilesListParams.self, ["offset": -1])?.param == "offset")
        #expect(refusal(FilesListParams.self, ["limit": 0])?.param == "limit")
        #expect(refusal(FilesListParams.self, ["fields": []])?.param == "fields")
        #expect(refusal(FilesListParams.self, ["fields": ["colour"]])?.message.hasPrefix("fields has the unknown member \"colour\"") == true)
        #expect(refusal(FilesListParams.self, ["sort": "name"])?.param == "sort")
    }

    @Test func noParamsTakesNone() throws {
        _ = try NoParams(from: [:])
        #expect(refusal(NoParams.self, ["verbose": true])?.message == "Unknown parameter \"verbose\"; this method takes no parameters.")
    }

    @Test func menuOpenReadsEachTarget() throws {
        #expect(try MenuOpenParams(from: ["target": ["path": "a.txt"]]).target == .path(try PathParameter(raw: Array("a.txt".utf8), param: "path")))
        #expect(try MenuOpenParams(from: ["target": ["row": 3]]).target == .row(3))
        #expect(try MenuOpenParams(from: ["target": ["background": true]]).target == .background)
        let selection = try MenuOpenParams(from: ["target": ["paths": ["a", "b"]], "layout": ["viewport": ["cols": 80, "rows": 24]]])
        #expect(selection.target == .paths([try PathParameter(raw: [0x61], param: "target.paths"), try PathParameter(raw: [0x62], param: "target.paths")]))
        #expect(selection.layout != nil)
        #expect(try MenuOpenParams(from: selection.json) == selection)
    }

    @Test func menuOpenRefusalsNameTheField() {
        #expect(refusal(MenuOpenParams.self, [:])?.param == "target")
        #expect(refusal(MenuOpenParams.self, ["target": ["row": 1, "path": "a"]])?.message == "target takes exactly one of path, pathBase64, paths, row, background")
        #expect(refusal(MenuOpenParams.self, ["target": ["row": 1], "layout": 3])?.param == "layout")
        #expect(refusal(MenuOpenParams.self, ["target": ["row": 1], "layout": nil])?.param == "layout")
        #expect(refusal(MenuOpenParams.self, ["target": ["row": -1]])?.param == "target.row")
        #expect(refusal(MenuOpenParams.self, ["target": ["paths": []]])?.param == "target.paths")
        #expect(refusal(MenuOpenParams.self, ["target": ["paths": ["a", 1]]])?.message == "every entry of paths must be a string")
        #expect(refusal(MenuOpenParams.self, ["target": ["paths": ["a/"]]])?.param == "target.paths")
        #expect(refusal(MenuOpenParams.self, ["target": ["background": false]])?.param == "target.background")
        #expect(refusal(MenuOpenParams.self, ["target": ["colour": 1]])?.param == "target")
    }

    @Test func theMenuMethodsNeedTheMenu() throws {
        #expect(try MenuSelectParams(from: ["menu": "m1", "item": "i2"]) == MenuSelectParams(menu: "m1", item: "i2"))
        #expect(try MenuDismissedParams(from: ["menu": "m1", "input": "x"]).json == ["menu": "m1", "input": "x"])
        #expect(try MenuCancelParams(from: ["menu": "m1"]) == MenuCancelParams(menu: "m1"))
        #expect(refusal(MenuSelectParams.self, ["item": "i2"])?.message == "menu is required: the id menu.open returned")
        #expect(refusal(MenuSelectParams.self, ["menu": "m1"])?.param == "item")
        #expect(refusal(MenuDismissedParams.self, ["menu": "m1", "input": 3])?.param == "input")
        #expect(refusal(MenuCancelParams.self, ["menu": "m1", "item": "i"])?.param == "item")
    }

    @Test func subscriptionsTakeKnownKinds() throws {
        #expect(try SubscriptionParams(from: ["events": ["files", "menus"]]).events == ["files", "menus"])
        #expect(refusal(SubscriptionParams.self, [:])?.param == "events")
        #expect(refusal(SubscriptionParams.self, ["events": ["clocks"]])?.message == "unknown event kind \"clocks\"; use \"files\" and/or \"menus\"")
    }

    @Test func methodNamesAreTheWire() {
        let names = [DaemonStatus.name, FilesList.name, FilesGet.name, MenuOpen.name, MenuSelect.name,
                     MenuDismissed.name, MenuCancel.name, Subscribe.name, Unsubscribe.name]
        #expect(names == ["daemon.status", "files.list", "files.get", "menu.open", "menu.select",
                          "menu.dismissed", "menu.cancel", "subscribe", "unsubscribe"])
    }
}
