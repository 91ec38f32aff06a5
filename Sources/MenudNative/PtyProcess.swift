import Glibc

/// A program run on a new pseudo-terminal, for tests that drive an interactive program the way a
/// person at a terminal would: keys in, screen bytes out.
///
/// The child starts a new session (`setsid`) and opens the terminal side as its controlling
/// terminal on descriptors 0, 1 and 2, so it sees a real terminal (`isatty`, `TIOCGWINSZ`, raw
/// mode) and gets `SIGWINCH` when ``resize(cols:rows:)`` changes the size. The parent keeps only
/// the controller side: ``write(_:)`` types, ``read(timeoutMs:)`` reads what the program drew.
///
/// Keep reading while the program runs: a program whose output is not read blocks when the
/// terminal's buffer fills.
public final class PtyProcess {
    /// The child's process id.
    public let pid: pid_t
    /// The controller side of the pseudo-terminal.
    public let controller: Int32
    private var status: Int32?

    // Linux's generic ioctl numbers (the same on x86_64 and arm64); the C macros that build them are
    // not imported into Swift: TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int).
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430
    // glibc's POSIX_SPAWN_SETSID (spawn.h, glibc 2.26 and later); not imported into Swift.
    private static let spawnSetSessionFlag: Int32 = 0x80

    /// Starts `executable` with `arguments` (not including the program name) and exactly
    /// `environment`, on a terminal of `cols` x `rows` cells.
    public init(
        executable: String, arguments: [String], environment: [String: String],
        cols: Int = 80, rows: Int = 24
    ) throws(SystemError) {
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard controller >= 0 else { throw SystemError.current("open /dev/ptmx") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(controller, Self.unlockRequest, &unlock) == 0, ioctl(controller, Self.numberRequest, &number) == 0 else {
            let error = SystemError.current("unlock the pseudo-terminal")
            close(controller)
            throw error
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(cols), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
        let terminalPath = "/dev/pts/\(number)"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGWINCH, SIGPIPE, SIGQUIT, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSessionFlag | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = argv.withUnsafeBufferPointer { arguments in
            envp.withUnsafeBufferPointer { environment in
                posix_spawn(
                    &child, executable, &actions, &attributes,
                    UnsafeMutablePointer(mutating: arguments.baseAddress!),
                    UnsafeMutablePointer(mutating: environment.baseAddress!)
                )
            }
        }
        guard result == 0 else {
            close(controller)
            throw SystemError(errno: result, operation: "start \(executable)")
        }
        self.pid = child
        self.controller = controller
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeoutMs: 5000)
        }
        close(controller)
    }

    /// Types `bytes` into the terminal.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        try TerminalIO.write(controller, bytes)
    }

    /// Types `text` into the terminal.
    public func write(_ text: String) throws(SystemError) {
        try write(Array(text.utf8))
    }

    /// What the program wrote, waiting at most `timeoutMs` for something to arrive: an empty array
    /// when nothing came in time, `nil` once the program has closed the terminal and everything it
    /// wrote has been read.
    public func read(timeoutMs: Int32) throws(SystemError) -> [UInt8]? {
        let ready = try TerminalPoller.wait([controller], timeoutMs: timeoutMs)
        guard !ready.isEmpty else { return [] }
        return try TerminalIO.read(controller, maximum: 65536)
    }

    /// Changes the terminal's size; the kernel sends `SIGWINCH` to the program.
    public func resize(cols: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(cols), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Sends signal `number` to the program.
    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// The program's exit code (or 128 + the signal that ended it) once it has exited; `nil` while
    /// it runs. Collects the child without waiting.
    public var exitCode: Int32? {
        if status == nil { reap(options: WNOHANG) }
        return status.map(Self.exitCode(fromStatus:))
    }

    /// Waits up to `timeoutMs` for the program to exit; its exit code (see ``exitCode``) or `nil`.
    public func waitForExit(timeoutMs: Int) -> Int32? {
        let deadline = MonotonicTime.nowMs() + Int64(timeoutMs)
        while status == nil {
            reap(options: WNOHANG)
            if status != nil || MonotonicTime.nowMs() >= deadline { break }
            usleep(5_000)
        }
        return status.map(Self.exitCode(fromStatus:))
    }

    private func reap(options: Int32) {
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, options)
        if result == pid { status = raw }
    }

    private static func exitCode(fromStatus raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}
