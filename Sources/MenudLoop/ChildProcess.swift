import CLibUV
import Glibc

/// A child process started with `uv_spawn`: argv only, never a shell. Its stdout and stderr
/// are read through pipes.
///
/// **Its end is its exit**, not the end of its output: a background child it leaves behind
/// (`(sleep 30 &)`, a launcher such as `xdg-open` starting an application) inherits the pipes
/// and may hold them open for as long as it lives. So once the process has exited, output gets
/// at most ``drainGraceMs`` more to arrive (less when both pipes reach end-of-file first); then
/// whatever the pipes still hold is read without waiting, the pipes are closed and `onExit`
/// fires. Nothing written before the exit is lost; what a background child writes later is not
/// read, and its writes fail (`EPIPE`, or `SIGPIPE` for a program that does not ignore it).
public final class ChildProcess: LoopHandle {
    /// How the process ended.
    public struct Exit: Sendable, Equatable {
        public let status: Int64
        /// The signal that ended it, or 0.
        public let signal: Int32
        /// Whether something else (a background child) still held its output open when the
        /// grace ran out, so the pipes were closed under it.
        public let outputWasHeldOpen: Bool
    }

    /// How long output may still arrive after the process exited, in milliseconds.
    public static let drainGraceMs: UInt64 = 200
    /// At most this much is read at once from each pipe when the grace ends: more than a
    /// pipe holds (`/proc/sys/fs/pipe-max-size` is 1 MiB by default), so everything written
    /// before the exit is read, and a background writer cannot keep the loop reading.
    static let finalReadLimit = 1 << 20

    public private(set) var pid: Int32 = 0
    private var stdoutPipe: PipeConnection?
    private var stderrPipe: PipeConnection?
    private var onOutput: ((_ isError: Bool, _ bytes: [UInt8]) -> Void)?
    private var onExit: ((Exit) -> Void)?
    private var exit: (status: Int64, signal: Int32)?
    private var drainTimer: LoopTimer?
    private unowned let loop: EventLoop

    /// Spawns `argv[0]` (searched in `PATH`) with `argv` in `workingDirectory`. stdin is
    /// `/dev/null`. The child leads its own session and process group (`setsid`), so ``kill``
    /// reaches the children it starts too, unless they leave the group themselves.
    public init(loop: EventLoop, argv: [String], workingDirectory: String?,
                onOutput: @escaping (_ isError: Bool, _ bytes: [UInt8]) -> Void,
                onExit: @escaping (Exit) -> Void) throws(LoopError) {
        guard let file = argv.first, !file.isEmpty else {
            throw LoopError(code: UV_EINVAL.rawValue, operation: "start a process with an empty argv")
        }
        self.loop = loop
        let out = try PipeConnection(loop: loop)
        let err: PipeConnection
        do { err = try PipeConnection(loop: loop) } catch { out.close(); throw error }

        let memory = UnsafeMutableRawPointer.allocateZeroed(uv_process_t.self, value: uv_process_t())
        super.init(memory: memory)
        self.onOutput = onOutput
        self.onExit = onExit

        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cwd = workingDirectory.map { strdup($0) } ?? nil
        defer {
            for arg in cArgs { free(arg) }
            free(cwd)
        }
        var stdio = [uv_stdio_container_t](repeating: uv_stdio_container_t(), count: 3)
        stdio[0].flags = UV_IGNORE
        stdio[1].flags = uv_stdio_flags(UV_CREATE_PIPE.rawValue | UV_WRITABLE_PIPE.rawValue)
        stdio[1].data.stream = out.stream
        stdio[2].flags = uv_stdio_flags(UV_CREATE_PIPE.rawValue | UV_WRITABLE_PIPE.rawValue)
        stdio[2].data.stream = err.stream

        ChildProcess.keepDescriptorsFromChildren()
        let result: Int32 = cArgs.withUnsafeMutableBufferPointer { args in
            stdio.withUnsafeMutableBufferPointer { containers in
                var options = uv_process_options_t()
                options.exit_cb = childProcessExited
                options.file = UnsafePointer(args[0])
                options.args = args.baseAddress
                options.cwd = UnsafePointer(cwd)
                options.flags = UInt32(UV_PROCESS_DETACHED.rawValue)
                options.stdio_count = 3
                options.stdio = containers.baseAddress
                return uv_spawn(loop.raw, memory.assumingMemoryBound(to: uv_process_t.self), &options)
            }
        }
        // Whether or not the spawn worked, libuv initialized the handle: it must be closed.
        retainThroughHandle()
        if result < 0 {
            out.close()
            err.close()
            onExitHandled()
            close()
            throw LoopError(code: result, operation: "start \(file)")
        }
        pid = memory.assumingMemoryBound(to: uv_process_t.self).pointee.pid
        stdoutPipe = out
        stderrPipe = err
        try? out.startReading { [unowned self] event in self.pipeEvent(event, isError: false) }
        try? err.startReading { [unowned self] event in self.pipeEvent(event, isError: true) }
    }

    /// Marks every descriptor of the daemon above stderr close-on-exec, so a program (and what
    /// it leaves running) holds none of them: libuv opens its own so, but one the daemon
    /// inherited (a supervisor's pipe, a socket-activation socket) would pass on and keep its
    /// peer waiting for as long as a background child lives.
    static func keepDescriptorsFromChildren() {
        if menud_close_on_exec_from(3) == 0 { return }
        // Before Linux 5.11: one descriptor at a time.
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let descriptor = Int32(name), descriptor > 2, descriptor != own else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Whether the process itself has exited (its output may still be draining).
    public var hasExited: Bool { exit != nil }

    /// Sends `signal` to the child's whole process group. This works after the child itself
    /// exited too, reaching what it left in its group: the kernel keeps a group's number
    /// reserved while any member lives. Once the group is empty the number may be reused, so
    /// do this only within a short grace of the exit.
    public func kill(signal: Int32 = SIGTERM) {
        guard pid > 0 else { return }
        Glibc.kill(-pid, signal)
    }

    private func onExitHandled() {
        onOutput = nil
        onExit = nil
    }

    private func pipeEvent(_ event: PipeConnection.ReadEvent, isError: Bool) {
        switch event {
        case .data(let bytes):
            onOutput?(isError, bytes)
        case .end, .failure:
            if isError { stderrPipe?.close(); stderrPipe = nil } else { stdoutPipe?.close(); stdoutPipe = nil }
            if stdoutPipe == nil && stderrPipe == nil { finishIfExited() }
        }
    }

    fileprivate func exited(status: Int64, signal: Int32) {
        exit = (status, signal)
        if stdoutPipe == nil && stderrPipe == nil {
            finishIfExited()
            return
        }
        // The output may be held open by a background child: wait a little, not for ever.
        do {
            let timer = try LoopTimer(loop: loop)
            drainTimer = timer
            timer.start(afterMs: ChildProcess.drainGraceMs) { [unowned self] in self.finishIfExited() }
        } catch {
            finishIfExited()
        }
    }

    private func finishIfExited() {
        guard let exit, let onExit else { return }
        let heldOpen = stdoutPipe != nil || stderrPipe != nil
        // Timers run before I/O in a loop iteration: read what is waiting before closing.
        if let pipe = stdoutPipe { readWhatIsWaiting(in: pipe, isError: false) }
        if let pipe = stderrPipe { readWhatIsWaiting(in: pipe, isError: true) }
        onExitHandled()
        closePipes()
        onExit(Exit(status: exit.status, signal: exit.signal, outputWasHeldOpen: heldOpen))
        close()
    }

    /// Reads what `pipe` holds now without waiting (libuv made it non-blocking), at most
    /// ``finalReadLimit`` bytes, and hands it to `onOutput`.
    private func readWhatIsWaiting(in pipe: PipeConnection, isError: Bool) {
        var descriptor: uv_os_fd_t = -1
        guard !pipe.isClosing, uv_fileno(pipe.handle, &descriptor) == 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var total = 0
        while total < ChildProcess.finalReadLimit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }  // 0: end of file; -1: nothing waiting (EAGAIN) or an error
            onOutput?(isError, Array(buffer[0..<count]))
            total += count
        }
    }

    private func closePipes() {
        stdoutPipe?.close()
        stderrPipe?.close()
        stdoutPipe = nil
        stderrPipe = nil
        drainTimer?.close()
        drainTimer = nil
    }

    override func willClose() {
        closePipes()
    }
}

private func childProcessExited(_ handle: UnsafeMutablePointer<uv_process_t>?, _ status: Int64, _ signal: Int32) {
    owner(handle.map(UnsafeMutableRawPointer.init), as: ChildProcess.self)?.exited(status: status, signal: signal)
}
