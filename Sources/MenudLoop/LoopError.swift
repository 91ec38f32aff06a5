import CLibUV

/// A libuv (or system call) failure, turned into a Swift error at the loop layer's boundary.
///
/// `code` is libuv's negative errno-style code (`UV_EADDRINUSE`, ...).
public struct LoopError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Negative error code as libuv reports it (`-errno` on Linux).
    public let code: Int32
    /// What was being attempted, for example `"bind /run/user/1000/menud/menud.sock"`.
    public let operation: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// libuv's short name of the error, e.g. `EADDRINUSE`.
    public var name: String { String(cString: uv_err_name(code)) }
    /// libuv's human-readable text of the error, e.g. `address already in use`.
    public var message: String { String(cString: uv_strerror(code)) }
    public var description: String { "\(operation): \(message) (\(name))" }

    public var isNoSpace: Bool { code == UV_ENOSPC.rawValue }
    /// The process (`EMFILE`) or the system (`ENFILE`) has no file descriptor free.
    public var isOutOfDescriptors: Bool { code == UV_EMFILE.rawValue || code == UV_ENFILE.rawValue }

    /// Throws when `result` is a libuv error code (negative).
    @inline(__always)
    static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(LoopError) {
        if result < 0 { throw LoopError(code: result, operation: operation()) }
    }
}
