import Foundation
import XCTest

/// The running daemon holds to what the docs say about its config and its parameters.
final class ConfigAgreementIntegrationTests: XCTestCase {
    private func code(_ body: () throws -> Any) -> Int? {
        do {
            _ = try body()
            return nil
        } catch let failure as RPCClient.Failure {
            return failure.code
        } catch {
            return -1
        }
    }

    func testStatusRefusesUnknownParamsAndPathsWithATrailingSlash() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("sub/b.txt", "b")
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertNotNil(try rpc.call("daemon.status")["pid"])
        XCTAssertNotNil(try rpc.call("daemon.status", [:])["pid"])
        XCTAssertThrowsError(try rpc.call("daemon.status", ["zz": 1])) { error in
            let failure = error as? RPCClient.Failure
            XCTAssertEqual(failure?.code, -32602)
            XCTAssertEqual((failure?.data as? [String: Any])?["param"] as? String, "zz")
        }
        for path in ["a.txt/", "sub/b.txt/", "a.txt/.", "sub/b.txt/..", daemon.path("a.txt").path + "/"] {
            XCTAssertEqual(code { try rpc.file(path) }, -32602, path)
            XCTAssertEqual(code { try rpc.call("menu.open", ["target": ["path": path]]) }, -32602, path)
        }
        XCTAssertEqual(try rpc.file("a.txt")["size"] as? Int, 1)
        XCTAssertEqual(try rpc.file("./sub//b.txt")["path"] as? String, "sub/b.txt")
    }

    func testARootGivenThroughALinkAcceptsBothSpellings() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("sub/b.txt", "b")
        let link = daemon.home.appendingPathComponent("link-to-root")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: daemon.root)
        try daemon.start(extra: ["--root", link.path])
        let rpc = try daemon.client()
        for spelling in [link.path, daemon.root.path] {
            XCTAssertEqual(try rpc.file(spelling + "/a.txt")["path"] as? String, "a.txt", spelling)
            XCTAssertEqual(try rpc.file(spelling + "/sub/b.txt")["path"] as? String, "sub/b.txt", spelling)
        }
        XCTAssertEqual(code { try rpc.file(daemon.home.path + "/link-to-roo/a.txt") }, -32011)
        XCTAssertEqual(code { try rpc.file(link.path + "x/a.txt") }, -32011)
        let menu = try rpc.call("menu.open", ["target": ["path": link.path + "/a.txt"]])["menu"] as? [String: Any]
        XCTAssertEqual(menu?["title"] as? String, "a.txt")
    }

    func testADefaultFileActionNoPluginOffersIsRefusedAtStartAndOnReload() throws {
        let refused = try DaemonProcess()
        XCTAssertThrowsError(try refused.start(config: #"{ defaultFileAction: "nope.nope" }"#)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("defaultFileAction in") && text.contains("\"nope.nope\"") && text.contains("allowed: files.inspect"), text)
        }
        let pairs = try DaemonProcess()
        let pairConfig = #"{ defaultFileAction: "commands.command-0", commands: [{ title: "Pair", argv: ["diff", "{paths}"], match: { count: "2..2" } }] }"#
        XCTAssertThrowsError(try pairs.start(config: pairConfig), "a command for two files can never run for one row") { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("commands offers no item \"command-0\" for a file"), text)
        }
        let renaming = try DaemonProcess()
        XCTAssertThrowsError(try renaming.start(config: #"{ defaultFileAction: "files.rename" }"#), "a row cannot ask for the new name") { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("\"files.rename\" asks for a line of text first"), text)
        }
        let twice = try DaemonProcess()
        XCTAssertThrowsError(try twice.start(config: "{\n  settle: \"1s\",\n  settle: \"2s\",\n}")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("settle in") && text.contains("line 3, column 3") && text.contains("written twice"), text)
        }

        let daemon = try DaemonProcess()
        try daemon.start(config: #"{ defaultFileAction: "checksum.sha256" }"#)
        let configFile = daemon.home.appendingPathComponent("config.json5")
        try #"{ defaultFileAction: "files.nope" }"#.write(to: configFile, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the reload is refused") { daemon.log.contains("kept the running config") && daemon.log.contains("files offers no item \"nope\"") }
        XCTAssertTrue(daemon.process.isRunning)
        XCTAssertNotNil(try daemon.client().call("daemon.status")["pid"])
    }
}
