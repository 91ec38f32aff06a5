import Foundation
import MenudNative
import XCTest

/// Start-up, single instance, permissions, signals and reload.
final class LifecycleIntegrationTests: XCTestCase {
    func testSocketPermissionsAndPeerAccepted() throws {
        let daemon = try DaemonProcess().start()
        let socket = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
        XCTAssertEqual((socket[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: (daemon.socketPath as NSString).deletingLastPathComponent)
        XCTAssertEqual((directory[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        XCTAssertNotNil(try daemon.client().call("daemon.status")["root"])
    }

    func testSecondDaemonRefusesAndStaleSocketIsReplaced() throws {
        let first = try DaemonProcess().start()
        let second = Process()
        second.executableURL = URL(fileURLWithPath: DaemonProcess.menudPath)
        second.arguments = ["--root", first.root.path, "--socket", first.socketPath]
        let errors = Pipe()
        second.standardError = errors
        try second.run()
        second.waitUntilExit()
        XCTAssertEqual(second.terminationStatus, 1)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("already running"), message)
        XCTAssertNotNil(try first.client().call("daemon.status"), "the first daemon is unharmed")

        // Kill it hard: the socket file stays behind, and the next daemon replaces it.
        XCTAssertNotNil(first.stop(signal: SIGKILL))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.socketPath))
        // Reuse the dead daemon's socket path for the new one.
        let reused = try DaemonProcess()
        let thirdProcess = Process()
        thirdProcess.executableURL = URL(fileURLWithPath: DaemonProcess.menudPath)
        thirdProcess.arguments = ["--root", reused.root.path, "--socket", first.socketPath]
        let thirdErrors = Pipe()
        thirdProcess.standardError = thirdErrors
        try thirdProcess.run()
        try eventually("the new daemon answers on the stale path") {
            (try? RPCClient(path: first.socketPath).call("daemon.status")["root"] as? String) == reused.root.path
        }
        kill(thirdProcess.processIdentifier, SIGTERM)
        thirdProcess.waitUntilExit()
        XCTAssertEqual(thirdProcess.terminationStatus, 0)
        let log = String(decoding: thirdErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(log.contains("stale socket"), log)
    }

    func testSigtermClosesClientsRemovesSocketAndExitsZero() throws {
        let daemon = try DaemonProcess().start()
        let rpc = try daemon.client()
        XCTAssertEqual(daemon.stop(signal: SIGTERM), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.socketPath), "socket removed")
        XCTAssertNil(try rpc.socket.readLine(timeoutMs: 2000), "client connection closed")
        XCTAssertFalse(daemon.log.contains("did not close clean"), daemon.log)
        XCTAssertTrue(daemon.log.contains("stopped"), daemon.log)
    }

    func testSigintAlsoStopsCleanly() throws {
        let daemon = try DaemonProcess().start()
        XCTAssertEqual(daemon.stop(signal: SIGINT), 0)
    }

    func testSighupReloadsConfigAndRefusesABadOne() throws {
        let daemon = try DaemonProcess().start(config: "{ settle: \"5s\" }")
        let rpc = try daemon.client()
        XCTAssertEqual(try rpc.call("daemon.status")["settleMs"] as? Int, 400, "the --settle flag overrides the config")
        let configURL = daemon.home.appendingPathComponent("config.json5")
        try "{ expireAfter: \"7d\", // comments are fine\n }".write(to: configURL, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("expiry applied by the reload") { try rpc.call("daemon.status")["expireAfterMs"] as? Int == 604_800_000 }
        try "{ setle: \"1s\" }".write(to: configURL, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the bad config is refused in the log") { daemon.log.contains("setle") }
        XCTAssertEqual(try rpc.call("daemon.status")["expireAfterMs"] as? Int, 604_800_000, "the old config stays")
    }

    func testBadConfigStopsStartupWithAClearMessage() throws {
        let daemon = try DaemonProcess()
        XCTAssertThrowsError(try daemon.start(config: "{ settle: \"fast\" }"))
        XCTAssertEqual(daemon.process.terminationStatus, 1)
        XCTAssertTrue(daemon.log.contains("settle"), daemon.log)
        XCTAssertTrue(daemon.log.contains("config.json5"), daemon.log)
    }

    func testUsageErrorsVersionAndHelp() throws {
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: DaemonProcess.menudPath)
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        let (versionStatus, version) = try run(["--version"])
        XCTAssertEqual(versionStatus, 0)
        XCTAssertTrue(version.contains("0.1.0"))
        let (helpStatus, help) = try run(["--help"])
        XCTAssertEqual(helpStatus, 0)
        XCTAssertTrue(help.contains("--settle"))
        let (badStatus, bad) = try run(["--settle", "soon"])
        XCTAssertEqual(badStatus, 2)
        XCTAssertTrue(bad.contains("--settle"), bad)
        let (longStatus, long) = try run(["--root", "/tmp", "--socket", "/tmp/" + String(repeating: "s", count: 120)])
        XCTAssertEqual(longStatus, 1)
        XCTAssertTrue(long.contains("107"), long)
    }
}
