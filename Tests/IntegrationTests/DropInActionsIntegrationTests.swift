import Foundation
import XCTest

/// Command actions as files in `$XDG_CONFIG_HOME/menud/actions.d/`: loaded at start, added on
/// SIGHUP, and a broken file named with its key.
final class DropInActionsIntegrationTests: XCTestCase {
    private func folder(_ daemon: DaemonProcess) throws -> URL {
        let folder = daemon.home.appendingPathComponent("config/menud/actions.d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func titles(_ rpc: RPCClient) throws -> [String] {
        let menu = try rpc.call("menu.open", ["target": ["path": "a.txt"]])
        return RPCClient.flatten((menu["menu"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    func testActionFilesLoadAtStartAndOnSIGHUPAndABrokenOneIsNamed() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "x")
        let actions = try folder(daemon)
        try #"{ commands: [{ title: "Word count", argv: ["wc", "-w", "{path}"] }] }"#.write(to: actions.appendingPathComponent("count.json5"), atomically: true, encoding: .utf8)
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertTrue(try titles(rpc).contains("Word count"))

        try #"{ commands: [{ title: "Line count", argv: ["wc", "-l", "{path}"] }] }"#.write(to: actions.appendingPathComponent("lines.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the added file's action is offered") { try titles(rpc).contains("Line count") }

        let broken = actions.appendingPathComponent("zz-broken.json5")
        try #"{ commands: [{ title: "No argv" }] }"#.write(to: broken, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the broken file is named") { daemon.log.contains("SIGHUP: kept the running config") && daemon.log.contains(broken.path + ": commands[0].argv") }
        XCTAssertTrue(try titles(rpc).contains("Line count"), "the running actions stay")
    }

    func testABrokenActionFileStopsStartUpNamingTheFile() throws {
        let daemon = try DaemonProcess()
        let broken = try folder(daemon).appendingPathComponent("bad.json5")
        try #"{ commands: [{ title: "X", argv: ["true"], colour: "red" }] }"#.write(to: broken, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try daemon.start())
        XCTAssertTrue(daemon.log.contains("\(broken.path): commands[0].colour"), daemon.log)
    }
}
