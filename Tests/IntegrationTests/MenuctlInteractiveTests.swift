import Foundation
import MenudNative
import XCTest

/// `menuctl menu` driven through a pseudo-terminal against a real daemon: keys in, the drawn
/// menu, the erase and the outcome out.
final class MenuctlInteractiveTests: XCTestCase {
    private static let down = "\u{1B}[B"
    private static let escape = "\u{1B}"

    private func daemon(_ files: [String: String] = ["a.txt": "a"], config: String? = nil) throws -> DaemonProcess {
        let daemon = try DaemonProcess()
        for (path, text) in files { try daemon.writeReady(path, text) }
        try daemon.start(config: config)
        return daemon
    }

    /// The box origin drawn, and the erase of exactly that box found after it.
    private func assertErased(_ terminal: MenuctlTerminal, before text: String?, file: StaticString = #filePath, line: UInt = #line) throws {
        let origin = try XCTUnwrap(terminal.lastBoxOrigin(), "a box was drawn", file: file, line: line)
        let erase = try XCTUnwrap(terminal.eraseOffset(of: origin), "the box at \(origin) was erased:\n\(terminal.text.debugDescription)", file: file, line: line)
        if let text {
            let shown = try XCTUnwrap(terminal.offset(of: text), "'\(text)' was shown", file: file, line: line)
            XCTAssertLessThan(erase.offset, shown, "the menu is erased before '\(text)' appears", file: file, line: line)
        }
    }

    func testArrowDownAndEnterRunTheSecondItemAfterErasingTheMenu() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        XCTAssertTrue(terminal.text.contains("Inspect") && terminal.text.contains("Duplicate"))
        try terminal.type(Self.down)
        try terminal.waitForMenu(count: 2)
        try terminal.type("\r")
        try terminal.waitFor("Duplicated a.txt as ")
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        try assertErased(terminal, before: "Duplicated a.txt as ")
        let names = try FileManager.default.contentsOfDirectory(atPath: daemon.root.path)
        XCTAssertEqual(names.count, 2, "the copy was made: \(names)")
        XCTAssertTrue(terminal.text.contains("\u{1B}[?25h"), "the cursor is shown again")
        XCTAssertTrue(terminal.text.contains("\u{1B}[?1000l"), "mouse reports are turned off again")
    }

    func testEscapeCancelsWithoutRunningAnything() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        try terminal.type(Self.escape)
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        try assertErased(terminal, before: nil)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: daemon.root.path), ["a.txt"])
        XCTAssertFalse(terminal.text.contains("Path: "), "Inspect did not run")
    }

    func testShortcutKeyPicksItsItem() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        try terminal.type("i")
        try terminal.waitFor("Path: a.txt")
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        try assertErased(terminal, before: "Path: a.txt")
    }

    func testTheMenuOpensAtTheCursorRowTheTerminalReports() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt"], socketPath: daemon.socketPath)
        try terminal.waitFor(CursorReport.request)
        try terminal.type("\u{1B}[20;1R")  // the cursor is on row 19 (0-based) of 24
        try terminal.waitForMenu()
        // The daemon lays the same request out with the same code.
        let rpc = try daemon.client()
        let opened = try rpc.call("menu.open", ["target": ["path": "a.txt"], "layout": [
            "viewport": ["cols": 80, "rows": 24], "source": ["col": 0, "row": 19, "width": 80, "height": 1],
            "width": ["auto": ["min": 24]],
        ]])
        let layout = try XCTUnwrap(opened["layout"] as? [String: Any])
        XCTAssertEqual(layout["placement"] as? String, "above")
        let origin = try XCTUnwrap(terminal.lastBoxOrigin())
        XCTAssertEqual(origin.col, layout["col"] as? Int)
        XCTAssertEqual(origin.row, layout["row"] as? Int)
        try terminal.type("q")
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        let erase = try XCTUnwrap(terminal.eraseOffset(of: origin))
        XCTAssertEqual(erase.width, layout["width"] as? Int)
    }

    func testInputIsAskedAfterTheMenuIsGoneWithItsDefault() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        try terminal.type("r")
        try terminal.waitFor("New name: a.txt")
        try assertErased(terminal, before: "New name: a.txt")
        try terminal.type("\u{7F}\u{7F}\u{7F}md\r")  // a.txt -> a.md
        try terminal.waitFor("Renamed a.txt to a.md")
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.path("a.md").path))
    }

    func testEscapeAtTheInputPromptRunsNothing() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        try terminal.type("r")
        try terminal.waitFor("New name: a.txt")
        try terminal.type(Self.escape)
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        XCTAssertTrue(terminal.text.contains("nothing ran"), terminal.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: daemon.root.path), ["a.txt"])
    }

    func testClicksChooseInsideAndCancelOutside() throws {
        let daemon = try daemon()
        let outside = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try outside.waitForMenu()
        let origin = try XCTUnwrap(outside.lastBoxOrigin())
        try outside.type("\u{1B}[<0;\(origin.col + 1);\(origin.row + 1)M")  // on the border: nothing
        try outside.type("\u{1B}[<0;79;23M")  // far outside: cancel
        XCTAssertEqual(try outside.finish(), 0, outside.text)
        XCTAssertFalse(outside.text.contains("Path: "))
        try assertErased(outside, before: nil)

        let inside = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try inside.waitForMenu()
        let box = try XCTUnwrap(inside.lastBoxOrigin())
        // The first row (Inspect) is right under the top border; click its title.
        try inside.type("\u{1B}[<0;\(box.col + 6);\(box.row + 2)M")
        try inside.waitFor("Path: a.txt")
        XCTAssertEqual(try inside.finish(), 0, inside.text)
        try assertErased(inside, before: "Path: a.txt")
    }

    func testInvalidationErasesTheMenuAndSaysWhy() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        try FileManager.default.removeItem(at: daemon.path("a.txt"))
        try terminal.waitFor("the menu was closed")
        XCTAssertEqual(try terminal.finish(), 1, terminal.text)
        try assertErased(terminal, before: "the menu was closed")
    }

    func testAResizeClosesTheMenu() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        terminal.pty.resize(cols: 100, rows: 30)
        try terminal.waitFor("resized")
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        try assertErased(terminal, before: "resized")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: daemon.root.path), ["a.txt"])
    }

    func testSigtermRestoresTheTerminal() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        terminal.pty.signal(SIGTERM)
        XCTAssertEqual(try terminal.finish(), 128 + SIGTERM, terminal.text)
        try assertErased(terminal, before: nil)
        XCTAssertTrue(terminal.text.contains("\u{1B}[?25h"), "the cursor is shown again")
    }

    func testProgressBarWhileTheChecksumRunsThenTheDigest() throws {
        let daemon = try DaemonProcess()
        let bytes = (0..<(20 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: daemon.path("big.bin"))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: daemon.path("big.bin").path)
        try daemon.start()
        let terminal = try MenuctlTerminal(["menu", "big.bin", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        try terminal.type("h")
        let expected = try shell("sha256sum", daemon.path("big.bin").path).split(separator: " ").first.map(String.init) ?? "?"
        try terminal.waitFor(expected, timeout: 60)
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        let bar = try XCTUnwrap(terminal.offset(of: "░"), "a progress bar was drawn:\n\(terminal.text.debugDescription)")
        XCTAssertLessThan(bar, try XCTUnwrap(terminal.offset(of: expected)))
        try assertErased(terminal, before: "░")
    }

    func testAnExpiredMenuIsErasedAndSaysSo() throws {
        let daemon = try daemon(config: "{ menuExpire: \"1s\" }")
        let terminal = try MenuctlTerminal(["menu", "a.txt", "--at", "10,2"], socketPath: daemon.socketPath)
        try terminal.waitForMenu()
        try terminal.waitFor("expired")
        XCTAssertEqual(try terminal.finish(), 1, terminal.text)
        try assertErased(terminal, before: "expired")
    }

    func testWatchRedrawsTheListAsFilesChange() throws {
        let daemon = try daemon()
        let terminal = try MenuctlTerminal(["watch"], socketPath: daemon.socketPath)
        try terminal.waitFor("1 file: ")
        try terminal.waitFor("a.txt")
        XCTAssertTrue(terminal.text.contains("\u{1B}[?1049h"), "drawn on the alternate screen")
        try daemon.write("b.part", "b")
        try terminal.waitFor("2 files: ")
        try terminal.waitFor("b.part")
        try FileManager.default.removeItem(at: daemon.path("a.txt"))
        try terminal.waitFor("1 file: ", after: "2 files: ")
        try terminal.type("q")
        XCTAssertEqual(try terminal.finish(), 0, terminal.text)
        XCTAssertTrue(terminal.text.hasSuffix("\u{1B}[?1049l"), "back on the normal screen: \(terminal.text.suffix(40).debugDescription)")
    }

    func testAFailedActionExitsOne() throws {
        let daemon = try daemon(["plain.txt": "p"], config: """
            { commands: [ { title: "Fail", key: "f", argv: ["sh", "-c", "echo broken >&2; exit 3", "sh", "{name}"] } ] }
            """)
        let terminal = try MenuctlTerminal(["menu", "plain.txt", "--pick", "Fail"], socketPath: daemon.socketPath)
        try terminal.waitFor("broken")
        XCTAssertEqual(try terminal.finish(), 1, terminal.text)
    }
}

/// The cursor position question `menuctl` asks the terminal.
enum CursorReport {
    static let request = "\u{1B}[6n"
}
