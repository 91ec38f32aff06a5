import Glibc
import MenudLoop
import MenudPluginAPI

/// The child processes command actions started, on the loop thread.
final class ProcessTable {
    private final class Entry {
        let run: ProcessRun
        var child: ChildProcess?
        var timer: LoopTimer?
        var stdout = TailBuffer(limit: ProcessResult.tailLimitBytes)
        var stderr = TailBuffer(limit: ProcessResult.tailLimitBytes)
        var timedOut = false
        init(run: ProcessRun) { self.run = run }
    }

    private var entries: [Int: Entry] = [:]
    private unowned let loop: EventLoop

    init(loop: EventLoop) { self.loop = loop }
    /// Grace between SIGTERM and SIGKILL.
    static let killGraceMs: UInt64 = 2000

    var count: Int { entries.count }

    func start(_ run: ProcessRun, daemon: Daemon) {
        if run.isCancelled || daemon.isStopping {
            run.finish(.failure(CancellationError()))
            return
        }
        let entry = Entry(run: run)
        do {
            entry.child = try ChildProcess(
                loop: daemon.loop, argv: run.argv, workingDirectory: run.workingDirectory,
                onOutput: { [unowned entry] isError, bytes in
                    if isError { entry.stderr.append(bytes) } else { entry.stdout.append(bytes) }
                },
                onExit: { [unowned self, unowned entry] exit in self.finished(entry, exit: exit) })
        } catch {
            let program = run.argv.first ?? ""
            run.finish(.failure(ActionFailure("cannot start \(program): \(error.message). Check the command's argv in the config.")))
            return
        }
        entries[run.id] = entry
        daemon.log.debug("started \(run.argv.first ?? "") (pid \(entry.child?.pid ?? 0))")
        if let timeout = run.timeoutMs, let timer = try? LoopTimer(loop: daemon.loop) {
            entry.timer = timer
            timer.start(afterMs: UInt64(max(0, timeout))) { [unowned self, unowned entry] in
                entry.timedOut = true
                self.terminate(entry)
            }
        }
    }

    func cancel(_ run: ProcessRun) {
        guard let entry = entries[run.id] else { return }
        terminate(entry)
    }

    /// Kills every running process (shutdown).
    func killAll() {
        for entry in entries.values { entry.child?.kill(signal: SIGKILL) }
    }

    /// SIGTERM to the process group now, SIGKILL if it is still there after the grace period.
    private func terminate(_ entry: Entry) {
        guard let child = entry.child else { return }
        child.kill(signal: SIGTERM)
        if entry.timer == nil { entry.timer = try? LoopTimer(loop: loop) }
        entry.timer?.start(afterMs: ProcessTable.killGraceMs) { [weak child] in child?.kill(signal: SIGKILL) }
    }

    private func finished(_ entry: Entry, exit: ChildProcess.Exit) {
        entries[entry.run.id] = nil
        entry.timer?.close()
        entry.timer = nil
        entry.child = nil
        let result = ProcessResult(
            exitCode: exit.signal == 0 ? Int32(truncatingIfNeeded: exit.status) : nil,
            signal: exit.signal == 0 ? nil : exit.signal,
            stdoutTail: entry.stdout.text, stderrTail: entry.stderr.text, timedOut: entry.timedOut)
        if entry.run.isCancelled {
            entry.run.finish(.failure(CancellationError()))
        } else {
            entry.run.finish(.success(result))
        }
    }
}
