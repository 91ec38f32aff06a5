import Foundation
import MenudNative
import XCTest

/// A real `menud` started on a temporary directory, for tests that speak the protocol over a
/// real socket.
final class DaemonProcess {
    let home: URL
    let root: URL
    let socketPath: String
    let process = Process()
    private let stderrFile: URL

    static var binaryDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
            .deletingLastPathComponent()
    }

    static var menudPath: String { binaryDirectory.appendingPathComponent("menud").path }
    static var menuctlPath: String { binaryDirectory.appendingPathComponent("menuctl").path }
    /// The daemon with a plugin that throws and one that is slow (Tests/Fixtures/menud-fixture).
    static var fixturePath: String { binaryDirectory.appendingPathComponent("menud-fixture").path }

    /// Creates the temporary home, root and socket paths without starting anything.
    init(name: String = #function) throws {
        signal(SIGPIPE, SIG_IGN)
        let base = URL(fileURLWithPath: "/tmp").appendingPathComponent("menud-it-\(UUID().uuidString.prefix(8))")
        home = base
        root = base.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        chmod(base.path, 0o700)
        socketPath = base.appendingPathComponent("run/menud.sock").path
        stderrFile = base.appendingPathComponent("stderr.log")
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: home)
    }

    /// Starts the daemon and waits until its socket answers.
    @discardableResult
    func start(settle: String = "400ms", extra: [String] = [], config: String? = nil,
               environment: [String: String] = [:], waitForCrawl: Bool = true,
               binary: String = DaemonProcess.menudPath) throws -> DaemonProcess {
        var arguments = ["--root", root.path, "--socket", socketPath, "--settle", settle, "--log-level", "debug"]
        if let config {
            let url = home.appendingPathComponent("config.json5")
            try config.write(to: url, atomically: true, encoding: .utf8)
            arguments += ["--config", url.path]
        }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments + extra
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        env["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        env["HOME"] = home.path
        // Under `make test-asan` the daemons check for leaks even though the runner does not.
        if let asan = env["MENUD_CHILD_ASAN_OPTIONS"] { env["ASAN_OPTIONS"] = asan }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if !process.isRunning {
                throw DaemonTestError("menud exited with \(process.terminationStatus) before listening:\n\(log)")
            }
            if let client = try? UnixSocketClient(path: socketPath) {
                client.close()
                if waitForCrawl {
                    let rpc = try RPCClient(path: socketPath)
                    while Date() < deadline {
                        let status = try rpc.call("daemon.status")
                        if status["crawling"] as? Bool == false { return self }
                        usleep(20_000)
                    }
                }
                return self
            }
            usleep(20_000)
        }
        throw DaemonTestError("menud did not listen within 20 s:\n\(log)")
    }

    var log: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    func client() throws -> RPCClient { try RPCClient(path: socketPath) }

    /// Sends a signal and waits for the exit status (nil when it does not exit in time).
    @discardableResult
    func stop(signal number: Int32 = SIGTERM, timeout: TimeInterval = 10) -> Int32? {
        kill(process.processIdentifier, number)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { return nil }
        return process.terminationStatus
    }

    func path(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Writes a file whose modification time is an hour ago, so the daemon finds it ready.
    func writeReady(_ relative: String, _ text: String) throws {
        try write(relative, text)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: path(relative).path)
    }

    func write(_ relative: String, _ text: String) throws {
        let url = path(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

struct DaemonTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Waits for `condition`, polling; fails the test with `message` after `timeout`.
func eventually(_ message: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                _ condition: () throws -> Bool) rethrows {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return }
        usleep(20_000)
    }
    XCTFail("timed out: \(message)", file: file, line: line)
}
