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

/// One running program. `Process` and `Pipe` are not `Sendable`; every mutable field here is
/// behind `state`'s lock, and the `Process` is only touched under it, so sharing is safe.
final class ProcessRun: @unchecked Sendable {
    enum StopReason { case timeout, cancelled }

    private struct State {
        var stdout = Data()
        var stderr = Data()
        var stopReason: StopReason?
        var exited = false
    }

    private let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let state = Mutex(State())
    private let graceMs: Int64

    init(executable: URL, arguments: [String], workingDirectory: String, graceMs: Int64) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        self.graceMs = graceMs
    }

    var wasCancelled: Bool { state.withLock { $0.stopReason == .cancelled } }

    func start(timeoutMs: Int64?) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessResult, any Error>) in
            let group = DispatchGroup()
            group.enter()
            group.enter()
            group.enter()
            process.terminationHandler = { [self] _ in
                state.withLock { $0.exited = true }
                group.leave()
            }
            drain(stdoutPipe.fileHandleForReading, into: \.stdout, group: group)
            drain(stderrPipe.fileHandleForReading, into: \.stderr, group: group)
            do {
                try state.withLock { _ in try process.run() }
            } catch {
                let program = process.executableURL?.path ?? "?"
                continuation.resume(throwing: ActionFailure("Cannot start “\(program)”: \(error.localizedDescription)"))
                return
            }
            if let timeoutMs {
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeoutMs))) { [self] in
                    stop(reason: .timeout)
                }
            }
            group.notify(queue: .global()) { [self] in
                continuation.resume(returning: result())
            }
        }
    }

    func stop(reason: StopReason) {
        let pid: Int32? = state.withLock { state in
            guard !state.exited, state.stopReason == nil, process.isRunning else { return nil }
            state.stopReason = reason
            return process.processIdentifier
        }
        guard let pid else { return }
        kill(pid, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(graceMs))) { [self] in
            let stillRunning = state.withLock { !$0.exited }
            if stillRunning { kill(pid, SIGKILL) }
        }
    }

    private func drain(_ handle: FileHandle, into field: WritableKeyPath<State, Data> & Sendable, group: DispatchGroup) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                state.withLock { state in
                    state[keyPath: field].append(chunk)
                    let limit = ProcessResult.tailLimitBytes
                    if state[keyPath: field].count > 2 * limit {
                        state[keyPath: field] = state[keyPath: field].suffix(limit)
                    }
                }
            }
            group.leave()
        }
    }

    private func result() -> ProcessResult {
        state.withLock { state in
            let limit = ProcessResult.tailLimitBytes
            let signaled = process.terminationReason == .uncaughtSignal
            return ProcessResult(
                exitCode: signaled ? nil : process.terminationStatus,
                signal: signaled ? process.terminationStatus : nil,
                stdoutTail: String(decoding: state.stdout.suffix(limit), as: UTF8.self),
                stderrTail: String(decoding: state.stderr.suffix(limit), as: UTF8.self),
                timedOut: state.stopReason == .timeout)
        }
    }
}
