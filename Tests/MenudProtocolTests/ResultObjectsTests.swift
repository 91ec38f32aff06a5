import Testing
@testable import MenudJSON
@testable import MenudProtocol

/// The result objects write the wire's member order and read back what they wrote.
@Suite struct ResultObjectsTests {
    private func written(_ write: (inout JSONWriter) -> Void) throws -> (text: String, object: JSONObject) {
        var writer = JSONWriter()
        write(&writer)
        let object = try #require(try JSONParser.parse(writer.bytes).objectValue)
        return (String(decoding: writer.bytes, as: UTF8.self), object)
    }

    @Test func statusResultRoundTrips() throws {
        let facts = StatusDaemonFacts(version: "1.0", root: "/srv", settleMs: 2000, expireAfterMs: nil,
                                      plugins: [StatusPlugin(name: "files", version: "1", actions: 3)], socket: "/run/s", pid: 42)
        let status = StatusResult(uptimeMs: 5, files: StatusFileCounts(total: 3, pending: 1, ready: 2, expired: 0),
                                  crawling: false, watchedDirectories: 4, unwatchedDirectories: 0, watchLimit: nil, rescanIntervalMs: 1000, connections: 1,
                                  clock: "abc:9", daemon: facts)
        let plain = try written { status.write(to: &$0) }
        let cached = try written { status.write(to: &$0, daemonMembers: facts.encodedMembers) }
        #expect(plain.text == cached.text)
        #expect(plain.text.hasPrefix(#"{"uptimeMs":5,"files":{"total":3,"pending":1,"ready":2,"expired":0},"crawling":false"#))
        #expect(plain.text.hasSuffix(#""expireAfterMs":null,"plugins":[{"name":"files","version":"1","actions":3,"builtIn":true}],"refusedPlugins":[],"socket":"/run/s","pid":42,"web":null}"#))
        #expect(plain.text.contains(#""unwatchedDirectories":0,"watchLimit":null,"rescanIntervalMs":1000,"connections":1"#))
        #expect(try StatusResult(from: plain.object) == status)

        var limited = status
        limited.watchLimit = 20
        limited.daemon.web = StatusWeb(listen: "127.0.0.1:7780", url: "http://127.0.0.1:7780/", tokenFile: "/run/t")
        let withWeb = try written { limited.write(to: &$0) }
        #expect(withWeb.text.contains(#""watchLimit":20,"#))
        #expect(withWeb.text.hasSuffix(#""pid":42,"web":{"listen":"127.0.0.1:7780","url":"http://127.0.0.1:7780/","tokenFile":"/run/t"}}"#))
        #expect(try StatusResult(from: withWeb.object) == limited)

        var modules = status
        modules.daemon.plugins.append(StatusPlugin(name: "hello", version: "2", actions: 1, file: "/p/hello.so", notice: "restart menud"))
        modules.daemon.refusedPlugins = [StatusRefusedPlugin(file: "/p/old.so", reason: "built with Swift 5.9")]
        let withModules = try written { modules.write(to: &$0) }
        #expect(withModules.text.contains(#"{"name":"hello","version":"2","actions":1,"builtIn":false,"file":"/p/hello.so","notice":"restart menud"}],"refusedPlugins":[{"file":"/p/old.so","reason":"built with Swift 5.9"}]"#))
        #expect(try StatusResult(from: withModules.object) == modules)
    }

    @Test func menuObjectRoundTripsAndLeavesOutWhatIsAbsent() throws {
        let child = MenuItemObject(id: "2", title: "Inner", accessibilityLabel: "Inner")
        let item = MenuItemObject(id: "1", title: "Open", badge: MenuItemBadge(kind: "ready", color: "#00FF00"),
                                  status: MenuColoredText(text: "ok", color: "#FFFFFF"), key: "o", disabled: true,
                                  input: MenuItemInput(prompt: "Name", defaultValue: "x"), children: [child],
                                  accessibilityLabel: "Open file", plugin: "files")
        let menu = MenuObject(id: "m1", title: "a.txt", items: [item], expiresAtMs: 99)
        let out = try written { menu.write(to: &$0) }
        #expect(out.text.contains(#"{"id":"2","title":"Inner","accessibilityLabel":"Inner"}"#))
        #expect(out.text.contains(#""key":"o","disabled":true,"input":{"prompt":"Name","default":"x"},"children":"#))
        #expect(try MenuObject(from: out.object) == menu)
        #expect(throws: RPCError.self) { try MenuObject(from: ["id": "m1", "title": "t", "expiresAtMs": 1]) }
    }

    @Test func menuDismissedResultWritesTheWireAndReadsItBack() throws {
        let ran = MenuDismissedResult.ran(item: "i2", outcome: MenuActionOutcome(message: "a.txt", output: "Size: 6 bytes"))
        #expect(String(decoding: ran.encoded, as: UTF8.self) == #"{"ran":true,"item":"i2","outcome":{"message":"a.txt","output":"Size: 6 bytes"}}"#)
        #expect(String(decoding: MenuDismissedResult.ran(item: "i3", outcome: MenuActionOutcome()).encoded, as: UTF8.self) == #"{"ran":true,"item":"i3","outcome":{}}"#)
        #expect(String(decoding: MenuDismissedResult.nothingRan.encoded, as: UTF8.self) == #"{"ran":false}"#)
        let object = try #require(try JSONParser.parse(ran.encoded).objectValue)
        #expect(try MenuDismissedResult(from: object) == ran)
        #expect(try MenuDismissedResult(from: ["ran": false]) == .nothingRan)
        #expect(throws: RPCError.self) { try MenuDismissedResult(from: ["ran": true, "item": "i2"]) }
        let odd = try MenuDismissedResult(from: ["outcome": ["message": 3, "output": "x"]], mode: .tolerant)
        #expect(odd == MenuDismissedResult(ran: true, outcome: MenuActionOutcome(output: "x")), "not saying ran: false counts as run")
    }

    @Test func fileSnapshotReadsTheFileObject() throws {
        let object: JSONObject = ["path": "a\u{FFFD}", "pathBase64": "Yf8=", "size": 3, "sizeText": "3 bytes", "state": "ready",
                                  "mtimeMs": 1, "readyAtMs": 2, "reason": "unchanged for 2 s", "clock": "abc:1"]
        let file = try FileSnapshot(from: object)
        #expect(file.path.bytes == [0x61, 0xFF])
        #expect(file.readyAtMs == 2 && file.expiresAtMs == nil)
        var broken = object
        broken["state"] = "done"
        #expect(throws: RPCError.self) { try FileSnapshot(from: broken) }
    }
}
