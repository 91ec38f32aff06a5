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

/// Peer checks and a large first crawl.
final class PeerAndCrawlIntegrationTests: XCTestCase {
    func testAnotherUidIsRefusedWithPermissionDenied() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to connect as another user") }
        let daemon = try DaemonProcess().start()
        // Open the socket to everyone so the kernel lets the other user connect; the daemon's
        // own SO_PEERCRED check must still refuse it.
        chmod(daemon.socketPath, 0o666)
        chmod((daemon.socketPath as NSString).deletingLastPathComponent, 0o755)
        chmod(daemon.home.path, 0o755)
        let script = """
            import os, socket, sys
            os.setgid(65534); os.setuid(65534)
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
            s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon.status"}\\n')
            data = b''
            while True:
                chunk = s.recv(4096)
                if not chunk: break
                data += chunk
            sys.stdout.write(data.decode())
            """
        let output = try shell("python3", "-c", script, daemon.socketPath)
        let reply = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], output)
        XCTAssertEqual((reply["error"] as? [String: Any])?["code"] as? Int, -32050)
        XCTAssertTrue(daemon.log.contains("refused a connection from uid 65534"), daemon.log)
        XCTAssertNotNil(try daemon.client().call("daemon.status")["version"], "the owner still gets in")
    }

    func testStatusAnswersWhileALargeTreeIsCrawled() throws {
        let daemon = try DaemonProcess()
        for directory in 0..<200 {
            let folder = daemon.root.appendingPathComponent("d\(directory)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in 0..<100 {
                FileManager.default.createFile(atPath: folder.appendingPathComponent("f\(file)").path, contents: nil)
            }
        }
        try daemon.start(waitForCrawl: false)
        let rpc = try daemon.client()
        var answers = 0
        var sawCrawling = false
        var total = 0
        let deadline = Date().addingTimeInterval(30)
        var crawling = true
        repeat {
            let status = try rpc.call("daemon.status", timeoutMs: 2000)
            answers += 1
            crawling = status["crawling"] as? Bool ?? true
            if crawling { sawCrawling = true }
            total = (status["files"] as? [String: Any])?["total"] as? Int ?? 0
        } while (total < 20_000 || crawling) && Date() < deadline
        XCTAssertEqual(total, 20_000)
        XCTAssertGreaterThan(answers, 0)
        // On a fast machine the crawl may finish before the first question; when it did not,
        // the daemon answered with crawling: true.
        if sawCrawling { XCTAssertTrue(daemon.log.contains("initial crawl done: 20000 files"), daemon.log) }
        XCTAssertEqual(try rpc.call("files.list", ["limit": 1])["total"] as? Int, 20_000)
    }
}
