import Foundation
import XCTest

/// Running programs for the service tests: scripts, systemd's tools, and menud started by
/// hand with a chosen environment and stderr.
enum ServiceCommand {
    /// The repository this test file belongs to.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The full path of `name` on PATH (or in the usual system folders), nil when absent.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
        for folder in folders where !folder.isEmpty {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// This process's environment without what systemd passes to a service, so a test run
    /// from a service (or a journal-connected terminal) does not leak it into the daemon.
    static var cleanEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "NOTIFY_SOCKET", "JOURNAL_STREAM", "MENUD_SOCKET"] {
            environment[key] = nil
        }
        return environment
    }

    /// Runs a program to its end; returns its exit status and its stdout and stderr together.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment ?? cleanEnvironment
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Starts a program with stderr (and stdout) going to `logFile`, which must exist.
    static func start(_ executable: String, _ arguments: [String], environment: [String: String],
                      logFile: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let log = try FileHandle(forWritingTo: logFile)
        process.standardError = log
        process.standardOutput = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Connects to `socketPath` until a `daemon.status` answers; fails when `process` exits
    /// first or nothing answers within 20 s.
    static func waitForDaemon(_ process: Process, socketPath: String, log: () -> String) throws -> RPCClient {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if !process.isRunning {
                throw DaemonTestError("the daemon exited with \(process.terminationStatus) before answering:\n\(log())")
            }
            if let client = try? RPCClient(path: socketPath), (try? client.call("daemon.status")) != nil {
                return client
            }
            usleep(20_000)
        }
        throw DaemonTestError("nothing answered on \(socketPath) within 20 s:\n\(log())")
    }

    /// Sends `signal` and waits up to 10 s for the exit status (nil when it does not exit).
    static func stop(_ process: Process, signal number: Int32 = SIGTERM) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, number)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    /// A fresh private folder under /tmp (short, for socket paths), removed by the test case.
    static func temporaryFolder(for test: XCTestCase, name: String) throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("menud-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
