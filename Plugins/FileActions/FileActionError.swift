/// A file operation that failed inside the plugin; turned into ``ActionFailure`` by the actions.
struct FileActionError: Error, Sendable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
