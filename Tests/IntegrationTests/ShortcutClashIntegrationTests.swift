import Foundation
import XCTest

/// A shortcut key two plugins want goes to the first; the log says so once.
final class ShortcutClashIntegrationTests: XCTestCase {
    func testAClashIsLoggedOnceNamingWhichItemKeptTheKey() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "x")
        try daemon.start(config: #"{ commands: [{ title: "Dup", key: "d", argv: ["true", "{path}"] }] }"#)
        let rpc = try daemon.client()
        for _ in 0..<3 { _ = try rpc.call("menu.open", ["target": ["path": "a.txt"]]) }
        let line = "“Dup” (plugin commands) loses its shortcut key \"d\" to “Duplicate” (plugin files), which comes first in the menu"
        try eventually("the clash is logged") { daemon.log.contains(line) }
        XCTAssertEqual(daemon.log.components(separatedBy: line).count - 1, 1, daemon.log)
    }
}
