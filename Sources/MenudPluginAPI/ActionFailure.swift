/// An action that ran and failed, in words a person can act on.
///
/// The runtime answers `menu.dismissed` with `-32030 ActionFailed` and
/// `data: {message, exitCode?, stderr?}`, or `-32031 ActionTimedOut` when ``timedOut`` is set.
public struct ActionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and, where possible, what to do: `"A file named b.txt already exists; choose another name."`
    public let message: String
    /// A program's exit status, for command actions.
    public let exitCode: Int32?
    /// The tail of a program's standard error, for command actions.
    public let stderrTail: String?
    /// The action outran its time limit and was stopped.
    public let timedOut: Bool

    /// A failure described by `message`.
    public init(_ message: String, exitCode: Int32? = nil, stderrTail: String? = nil, timedOut: Bool = false) {
        self.message = message
        self.exitCode = exitCode
        self.stderrTail = stderrTail
        self.timedOut = timedOut
    }

    /// Same as ``message``.
    public var description: String { message }
}
