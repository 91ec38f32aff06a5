import CLibUV
import Glibc

/// A child process started with `uv_spawn`: argv only, never a shell. Its stdout and stderr
/// are read through pipes; `onExit` fires once the process has exited and both pipes are
/// drained, so no output is lost.
public final class ChildProcess: LoopHandle {
    /// How the process ended.
    public struct Exit: Sendable, Equatable {
        public let status: Int64
        /// The signal that ended it, or 0.
        public let signal: Int32
    }

    public private(set) var pid: Int32 = 0
    private var stdoutPipe: PipeConnection?
    private var stderrPipe: PipeConnection?
    private var onOutput: ((_ isError: Bool, _ bytes: [UInt8]) -> Void)?
    private var onExit: ((Exit) -> Void)?
    private var exit: Exit?
    private var openPipes = 2

    /// Spawns `argv[0]` (searched in `PATH`) with `argv` in `workingDirectory`. stdin is
    /// `/dev/null`. The child leads its own process group, so `kill` reaches its children too.
    public init(loop: EventLoop, argv: [String], workingDirectory: String?,
                onOutput: @escaping (_ isError: Bool, _ bytes: [UInt8]) -> Void,
                onExit: @escaping (Exit) -> Void) throws(LoopError) {
        guard let file = argv.first, !file.isEmpty else {
            throw LoopError(code: UV_EINVAL.rawValue, operation: "start a process with an empty argv")
        }
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

    /// Sends `signal` to the child's whole process group.
    public func kill(signal: Int32 = SIGTERM) {
        guard exit == nil, pid > 0 else { return }
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
            openPipes -= 1
            finishIfDone()
        }
    }

    fileprivate func exited(status: Int64, signal: Int32) {
        exit = Exit(status: status, signal: signal)
        finishIfDone()
    }

    private func finishIfDone() {
        guard let exit, openPipes == 0, let onExit else { return }
        onExitHandled()
        onExit(exit)
        close()
    }

    override func willClose() {
        stdoutPipe?.close()
        stderrPipe?.close()
        stdoutPipe = nil
        stderrPipe = nil
    }
}

private func childProcessExited(_ handle: UnsafeMutablePointer<uv_process_t>?, _ status: Int64, _ signal: Int32) {
    owner(handle.map(UnsafeMutableRawPointer.init), as: ChildProcess.self)?.exited(status: status, signal: signal)
}
