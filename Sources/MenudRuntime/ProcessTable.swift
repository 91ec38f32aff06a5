import Glibc
import MenudLoop
import MenudPluginAPI

/// The child processes command actions started, on the loop thread.
///
/// A run ends when its process exits (see ``ChildProcess``: output gets a short grace, then the
/// pipes are closed), never when its output ends, so a background child cannot hold an action.
/// After a normal exit, whatever the process left running is left alone: that is what a
/// launcher wants. At the time limit (or when the action is cancelled) the whole process group
/// gets SIGTERM, and SIGKILL after ``killGraceMs`` whether or not the leader is gone by then, so
/// a member that ignores SIGTERM does not survive it. A process that left the group (`setsid`)
/// is out of reach, and the answer does not wait for it.
final class ProcessTable {
    private final class Entry {
        let run: ProcessRun
        var child: ChildProcess?
        var timeLimit: LoopTimer?
        var stdout: TailBuffer
        var stderr: TailBuffer
        var stdoutLines = LineSplitter()
        var stderrLines = LineSplitter()
        var timedOut = false
        var stopping = false
        init(run: ProcessRun) {
            self.run = run
            stdout = TailBuffer(limit: run.outputLimitBytes)
            stderr = TailBuffer(limit: run.outputLimitBytes)
        }

        /// Keeps the chunk's tail and hands its complete lines to whoever follows them.
        func take(_ bytes: [UInt8], isError: Bool) {
            if isError { stderr.append(bytes) } else { stdout.append(bytes) }
            guard let lines = run.lines else { return }
            let complete = isError ? stderrLines.append(bytes) : stdoutLines.append(bytes)
            for line in complete { lines.yield(ProcessOutputLine(isError: isError, text: line)) }
        }

        /// What is left after the last newline, at the end.
        func flushLines() {
            guard let lines = run.lines else { return }
            if let rest = stdoutLines.rest() { lines.yield(ProcessOutputLine(isError: false, text: rest)) }
            if let rest = stderrLines.rest() { lines.yield(ProcessOutputLine(isError: true, text: rest)) }
        }
    }

    private var entries: [Int: Entry] = [:]
    /// Process groups told to stop, with the timer that sends their SIGKILL. It outlives the
    /// entry when the leader exits at SIGTERM but other members of its group do not.
    private var pendingKills: [Int32: LoopTimer] = [:]
    private unowned let loop: EventLoop
    private let log: Logger

    init(loop: EventLoop, log: Logger) {
        self.loop = loop
        self.log = log
    }
    /// Grace between SIGTERM and SIGKILL.
    static let killGraceMs: UInt64 = 2000

    var count: Int { entries.count }

    /// Starts the run's process, unless it was cancelled already or `refuse` (shutdown).
    func start(_ run: ProcessRun, refuse: Bool) {
        if run.isCancelled || refuse {
            run.finish(.failure(CancellationError()))
            return
        }
        let entry = Entry(run: run)
        do {
            entry.child = try ChildProcess(
                loop: loop, argv: run.argv, workingDirectory: run.workingDirectory,
                onOutput: { [unowned entry] isError, bytes in entry.take(bytes, isError: isError) },
                onExit: { [unowned self, unowned entry] exit in
                    if exit.outputWasHeldOpen {
                        log.debug("\(run.argv.first ?? "") (pid \(entry.child?.pid ?? 0)) exited while something it started still held its output; that output is not read")
                    }
                    self.finished(entry, exit: exit)
                })
        } catch {
            let program = run.argv.first ?? ""
            run.finish(.failure(ActionFailure("cannot start \(program): \(error.message). Check the command's argv in the config.")))
            return
        }
        entries[run.id] = entry
        log.debug("started \(run.argv.first ?? "") (pid \(entry.child?.pid ?? 0))")
        if let timeout = run.timeoutMs, let timer = try? LoopTimer(loop: loop) {
            entry.timeLimit = timer
            timer.start(afterMs: UInt64(max(0, timeout))) { [unowned self, unowned entry] in
                // An exit within the limit counts, even while its output is still draining.
                guard let child = entry.child, !child.hasExited else { return }
                entry.timedOut = true
                self.terminate(entry)
            }
        }
    }

    func cancel(_ run: ProcessRun) {
        guard let entry = entries[run.id] else { return }
        terminate(entry)
    }

    /// Kills every running process group, and those waiting for their SIGKILL (shutdown).
    func killAll() {
        for entry in entries.values { entry.child?.kill(signal: SIGKILL) }
        for (group, timer) in pendingKills {
            Glibc.kill(-group, SIGKILL)
            timer.close()
        }
        pendingKills.removeAll()
    }

    /// SIGTERM to the process group now, SIGKILL to it after the grace period.
    private func terminate(_ entry: Entry) {
        guard let child = entry.child, !entry.stopping else { return }
        entry.stopping = true
        child.kill(signal: SIGTERM)
        let group = child.pid
        guard let timer = try? LoopTimer(loop: loop) else { return }
        pendingKills[group]?.close()
        pendingKills[group] = timer
        timer.start(afterMs: ProcessTable.killGraceMs) { [unowned self] in
            pendingKills.removeValue(forKey: group)?.close()
            // If the group emptied and a new command of ours got its number, leave that one be.
            let reused = entries.values.contains { $0 !== entry && $0.child?.pid == group }
            if !reused { Glibc.kill(-group, SIGKILL) }
        }
    }

    private func finished(_ entry: Entry, exit: ChildProcess.Exit) {
        entries[entry.run.id] = nil
        entry.timeLimit?.close()
        entry.timeLimit = nil
        entry.child = nil
        entry.flushLines()
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
