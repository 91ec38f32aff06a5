import Foundation
import MenudNative
import XCTest

/// The real `menuctl` binary started with files for its standard output and error (not a
/// terminal), and a pipe for its standard input.
final class MenuctlProcess {
    struct Result {
        let exitCode: Int32
        let stdout: String
        let stderr: String
    }

    let process = Process()
    private let directory: URL
    private let stdin = Pipe()

    /// The environment `menuctl` gets: the daemon's socket in `MENUD_SOCKET` (unless `socketPath`
    /// is nil) and nothing inherited that would change its colors or sizes.
    static func environment(socketPath: String?, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["NO_COLOR", "COLORTERM", "MENUD_SOCKET", "COLUMNS", "LINES", "XDG_RUNTIME_DIR"] { environment[key] = nil }
        environment["TERM"] = "xterm-256color"
        if let socketPath { environment["MENUD_SOCKET"] = socketPath }
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Starts `menuctl arguments...`.
    init(_ arguments: [String], socketPath: String?, environment extra: [String: String] = [:]) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("menuctl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
        }
        process.executableURL = URL(fileURLWithPath: DaemonProcess.menuctlPath)
        process.arguments = arguments
        process.environment = Self.environment(socketPath: socketPath, extra: extra)
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("stderr"))
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    var stdout: String { (try? String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? "" }

    /// Writes `text` to its standard input; `close` ends the input.
    func send(_ text: String, close: Bool = false) throws {
        stdin.fileHandleForWriting.write(Data(text.utf8))
        if close { try stdin.fileHandleForWriting.close() }
    }

    /// Waits (at most `timeout` seconds) for it to exit; its exit code.
    func wait(timeout: TimeInterval = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        guard !process.isRunning else {
            throw DaemonTestError("menuctl \(process.arguments ?? []) did not finish within \(timeout) s; stdout:\n\(stdout)\nstderr:\n\(stderr)")
        }
        return process.terminationStatus
    }

    /// Runs `menuctl arguments...` to its end with `input` on its standard input.
    static func run(_ arguments: [String], socketPath: String?, input: String = "", environment extra: [String: String] = [:],
                    timeout: TimeInterval = 30) throws -> Result {
        let running = try MenuctlProcess(arguments, socketPath: socketPath, environment: extra)
        try running.send(input, close: true)
        let code = try running.wait(timeout: timeout)
        return Result(exitCode: code, stdout: running.stdout, stderr: running.stderr)
    }
}
