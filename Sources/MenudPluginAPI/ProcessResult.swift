/// How a program run by a ``ProcessLauncher`` ended.
public struct ProcessResult: Sendable, Hashable {
    /// The exit status when the program exited normally; `nil` when a signal ended it.
    public let exitCode: Int32?
    /// The signal that ended the program, if one did.
    public let signal: Int32?
    /// The last ``tailLimitBytes`` (at most) of standard output, decoded as UTF-8 (invalid
    /// sequences replaced by U+FFFD).
    public let stdoutTail: String
    /// The last ``tailLimitBytes`` (at most) of standard error, decoded likewise.
    public let stderrTail: String
    /// Whether the launcher stopped the program because it outran its time limit.
    public let timedOut: Bool

    /// How much of each output stream a launcher keeps: the last 4 KiB.
    public static let tailLimitBytes = 4096
    /// The largest `outputLimitBytes` a run may ask for (more is cut to this).
    public static let maxOutputLimitBytes = 1 << 20

    /// A result with every field given.
    public init(exitCode: Int32?, signal: Int32?, stdoutTail: String, stderrTail: String, timedOut: Bool) {
        self.exitCode = exitCode
        self.signal = signal
        self.stdoutTail = stdoutTail
        self.stderrTail = stderrTail
        self.timedOut = timedOut
    }

    /// Exited with status 0 within its time limit.
    public var succeeded: Bool { exitCode == 0 && !timedOut }
}
