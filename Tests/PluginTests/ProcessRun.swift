import Foundation
import MenudPluginAPI
import Synchronization

/// One running program. `Process` and `Pipe` are not `Sendable`; every mutable field here is
/// behind `state`'s lock, and the `Process` is only touched under it, so sharing is safe.
final class ProcessRun: @unchecked Sendable {
    enum StopReason { case timeout, cancelled }

    private struct State {
        var stdout = Data()
        var stderr = Data()
        var stopReason: StopReason?
        var started = false
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
            // Launch under the lock so a concurrent stop() sees either "not started" (and we
            // do not start) or a running process it can signal.
            let launch: Result<Void, any Error> = state.withLock { state in
                if state.stopReason == .cancelled { return .failure(CancellationError()) }
                do {
                    try process.run()
                    state.started = true
                    return .success(())
                } catch {
                    let program = process.executableURL?.path ?? "?"
                    return .failure(ActionFailure("Cannot start “\(program)”: \(error.localizedDescription)"))
                }
            }
            if case .failure(let error) = launch {
                continuation.resume(throwing: error)
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
            guard !state.exited, state.stopReason == nil else { return nil }
            state.stopReason = reason
            return state.started ? process.processIdentifier : nil
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
