import Glibc

/// A failed system call, with its errno and what was being attempted.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public let errno: Int32
    public let operation: String

    public init(errno: Int32, operation: String) {
        self.errno = errno
        self.operation = operation
    }

    /// Captures the calling thread's current `errno`.
    public static func current(_ operation: String) -> SystemError {
        SystemError(errno: Glibc.errno, operation: operation)
    }

    /// The process (`EMFILE`) or the system (`ENFILE`) had no file descriptor free.
    public var isOutOfDescriptors: Bool { errno == EMFILE || errno == ENFILE }

    public var message: String { String(cString: strerror(errno)) }
    public var description: String { "\(operation): \(message)" }
}
