/// Why the daemon cannot start; the message says what to do about it.
struct StartupError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
