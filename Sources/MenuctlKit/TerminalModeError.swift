/// A terminal operation that failed, with the C library's error number.
public struct TerminalModeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let operation: String
    public let errorNumber: Int32
    public let message: String

    public init(operation: String, errorNumber: Int32, message: String) {
        self.operation = operation
        self.errorNumber = errorNumber
        self.message = message
    }

    public var description: String { message }
}
