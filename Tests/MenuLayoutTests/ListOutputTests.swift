import MenuLayout
import MenudCore
import Testing
@testable import MenuctlKit
import MenudJSON
import MenudProtocol
import MenudClient

@Suite struct ListOutputTests {
    private let files = [
        MenuctlFixtures.file("a.txt", .ready, size: 6),
        MenuctlFixtures.file("upload.part", .pending, size: 512_000),
        MenuctlFixtures.file("日本語/ファイル.txt", .expired, size: 2_400_000),
    ]

    @Test func plainColumnsAlignByDisplayCells() {
        let lines = FileTable(colorMode: .none).lines(files)
        #expect(lines == [
            " ✓  a.txt                ready    6 bytes",
            " ●  upload.part          pending   512 KB",
            " ✕  日本語/ファイル.txt  expired   2.4 MB",
        ])
        #expect(Set(lines.map { DisplayWidth.width(of: $0) }).count == 1)
    }

    @Test func colorsAreTheBadgeColors() {
        let line = FileTable(colorMode: .trueColor).lines([files[1]])[0]
        #expect(line.hasPrefix("\u{1B}[0;1;38;2;255;255;255;48;2;140;36;36m ● "))
        #expect(line.contains("\u{1B}[0;38;2;140;36;36mpending"))
        let expired = FileTable(colorMode: .trueColor).lines([files[2]])[0]
        #expect(expired.contains("48;2;154;103;0m ✕ "))
    }

    @Test func namesAreCutToTheTerminalWidthAndShownSafely() {
        let long = MenuctlFixtures.file("a-very-long-name-that-goes-on-and-on.txt", .ready)
        let hostile = MenuctlFixtures.file("evil\u{1B}[2Jname\n.txt", .ready)
        let lines = FileTable(colorMode: .none, maxWidth: 30).lines([long, hostile])
        #expect(lines.allSatisfy { DisplayWidth.width(of: $0) <= 30 })
        #expect(lines[0].contains("…"))
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(!lines.joined().contains("\n"))
        #expect(FileTable(colorMode: .none).lines([hostile])[0].contains("evil\\x1B[2Jname\\n.txt"))
    }

    /// What `menuctl status` prints for `result`, read as menuctl reads it.
    private func report(_ result: JSONValue, _ colorMode: ColorMode) throws -> String {
        StatusReport.text(try StatusResult(reading: result), colorMode: colorMode)
    }

    @Test func statusSummary() throws {
        let status = MenuctlFixtures.json("""
            {"version":"0.1.0","root":"/srv/in","uptimeMs":7200000,"settleMs":2000,"expireAfterMs":604800000,
             "files":{"total":12,"pending":1,"ready":9,"expired":2},
             "plugins":[{"name":"files","version":"1.0.0","actions":5},{"name":"checksum","version":"1.0.0","actions":1}],
             "crawling":false,"watchedDirectories":42,"unwatchedDirectories":0,"connections":1,"socket":"/run/m.sock","pid":4242}
            """)
        #expect(try report(status, .none) == """
            menud 0.1.0 (pid 4242), up 2 h
            root         /srv/in
            socket       /run/m.sock
            settle       2 s, files expire 7 d after they are ready
            files        12: 9 ready, 1 pending, 2 expired
            crawling     no
            directories  42 watched
            connections  1
            plugins      files 1.0.0 (5 actions), checksum 1.0.0 (1 action)

            """)
        #expect(try report(status, .ansi256).contains("9 \u{1B}[38;5;29mready\u{1B}[0m"))
        let minimal = try report(MenuctlFixtures.json(#"{"settleMs":400,"expireAfterMs":null,"web":null}"#), .none)
        #expect(minimal == "menud\nsettle       400 ms, files never expire\n", "no web line while the page is off")
        let web = try report(MenuctlFixtures.json(#"{"socket":"/run/m.sock","web":{"listen":"127.0.0.1:7780","url":"http://127.0.0.1:7780/","tokenFile":"/run/t"}}"#), .none)
        #expect(web == "menud\nsocket       /run/m.sock\nweb          http://127.0.0.1:7780/ (menuctl web prints it with its secret)\n")
    }

    @Test func watchModelAppliesChangesAndRemovals() {
        var model = WatchModel(filter: FileFilter(state: .pending), files: files)
        #expect(model.sortedFiles.map(\.path.displayString) == ["upload.part"])
        let changed = ServerNotification(method: "files.changed", params: MenuctlFixtures.json("""
            {"files":[{"path":"upload.part","size":9,"sizeText":"9 bytes","state":"ready"},
                      {"path":"b.tmp","size":1,"sizeText":"1 byte","state":"pending"}]}
            """).objectValue!)
        let first = model.apply(changed)
        #expect(first)
        #expect(model.sortedFiles.map(\.path.displayString) == ["b.tmp"], "upload.part left the pending filter")
        let again = model.apply(changed)
        #expect(!again, "the same change again changes nothing")
        let removed = ServerNotification(method: "files.removed", params: MenuctlFixtures.json(#"{"paths":["b.tmp","gone"]}"#).objectValue!)
        let gone = model.apply(removed)
        #expect(gone)
        #expect(model.count == 0)
        let other = model.apply(ServerNotification(method: "menu.invalidated", params: JSONObject()))
        #expect(!other)

        let lines = WatchModel.eventLines(changed, filter: FileFilter())
        #expect(lines == ["changed ready upload.part 9 bytes", "changed pending b.tmp 1 byte"])
        #expect(WatchModel.eventLines(removed, filter: FileFilter()) == ["removed b.tmp", "removed gone"])
    }

    @Test func removedNamesThatAreNotUTF8UseTheirExactBytes() {
        let bytes: [UInt8] = [0x66, 0xFF]
        let exact = RelativePath(bytes: bytes)
        var model = WatchModel(filter: FileFilter(), files: [MenuctlFixtures.file(exact, .ready, sizeText: "1 byte")])
        let removed = ServerNotification(method: "files.removed", params: MenuctlFixtures.json(
            #"{"paths":["f\uFFFD"],"pathsBase64":["\#(exact.base64)"]}"#).objectValue!)
        let gone = model.apply(removed)
        #expect(gone)
        #expect(model.count == 0)
    }

    @Test func watchScreenFitsTheTerminal() {
        let model = WatchModel(filter: FileFilter(), files: (0..<10).map { MenuctlFixtures.file("f\($0)", .ready) })
        let screen = WatchScreen(colorMode: .none, size: CellSize(cols: 60, rows: 5))
        let lines = screen.lines(model)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("10 files: 10 ready, 0 pending, 0 expired"))
        #expect(lines[0].hasSuffix("q quits"))
        #expect(DisplayWidth.width(of: lines[0]) == 60)
        #expect(lines[4] == "… 7 more")
        #expect(screen.render(model).hasPrefix("\u{1B}[H"))
    }
}
