import MenudCore
import MenudProtocol

/// Why a `menuctl` command stopped: a sentence for the person and the exit code that goes with
/// it (``MenuctlExitCode``).
public struct MenuctlError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let exitCode: Int32
    /// For usage errors: the command whose `--help` to point at (`""` for `menuctl` itself).
    public let helpCommand: String?
    /// The daemon's error answer, when that is what stopped the command.
    public let rpcError: RPCError?

    public init(message: String, exitCode: Int32, helpCommand: String? = nil, rpcError: RPCError? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.helpCommand = helpCommand
        self.rpcError = rpcError
    }

    /// A wrong command line (exit 2), pointing at `menuctl <command> --help`.
    public static func usage(_ message: String, command: String) -> MenuctlError {
        MenuctlError(message: message, exitCode: MenuctlExitCode.usage, helpCommand: command)
    }

    /// Something that did not work (exit 1).
    public static func failure(_ message: String) -> MenuctlError {
        MenuctlError(message: message, exitCode: MenuctlExitCode.failure)
    }

    public var description: String { message }

    /// What `menuctl` prints on standard error for this error.
    public var report: String {
        var text = "menuctl: \(message)\n"
        if let helpCommand {
            let command = helpCommand.isEmpty ? "menuctl" : "menuctl \(helpCommand)"
            text += "Run '\(command) --help' for usage.\n"
        }
        return text
    }
}
