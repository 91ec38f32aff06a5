import Foundation
import MenudPluginAPI
import Synchronization

/// A ``ProcessLauncher`` for tests, built on `Foundation.Process` (the runtime's uses libuv).
/// It keeps the protocol's contract: argv as given (no shell), stdin from /dev/null, output
/// tails, SIGTERM then SIGKILL on timeout or cancellation.
struct FoundationProcessLauncher: ProcessLauncher {
    /// How long a stopped program gets between SIGTERM and SIGKILL.
    var graceMs: Int64 = 500

    func run(_ argv: [String], workingDirectory: String, timeoutMs: Int64?) async throws -> ProcessResult {
        guard let program = argv.first else { throw ActionFailure("Cannot start a command with an empty argv.") }
        let run = try ProcessRun(
            executable: try Self.resolve(program), arguments: Array(argv.dropFirst()),
            workingDirectory: workingDirectory, graceMs: graceMs)
        let result = try await withTaskCancellationHandler {
            try await run.start(timeoutMs: timeoutMs)
        } onCancel: {
            run.stop(reason: .cancelled)
        }
        if run.wasCancelled { throw CancellationError() }
        return result
    }

    /// `program` itself when it holds a `/`, else the first executable of that name in `PATH`.
    static func resolve(_ program: String) throws -> URL {
        if program.contains("/") { return URL(fileURLWithPath: program) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        throw ActionFailure("Cannot start “\(program)”: no such program in PATH.")
    }
}
