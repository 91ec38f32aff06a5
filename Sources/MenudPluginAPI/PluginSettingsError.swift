/// A setting that is missing, of the wrong type, or out of range.
///
/// ``key`` is the full path of the offending setting (`"commands[2].argv[0]"`), so the message
/// points at the exact spot in the config file.
public struct PluginSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the offending setting, such as `"trashDirectory"` or `"commands[2].match.states[0]"`.
    public let key: String
    /// What is wrong, as a sentence fragment: `"must be a string, not an integer"`.
    public let problem: String
    /// What would be accepted, when that can be said briefly: `"pending, ready, expired"`.
    public let allowed: String?

    /// Creates an error for `key`.
    public init(key: String, problem: String, allowed: String? = nil) {
        self.key = key
        self.problem = problem
        self.allowed = allowed
    }

    /// The whole message: `"commands[2].argv: must not be empty (allowed: ...)"`.
    public var message: String {
        let subject = key.isEmpty ? "settings" : key
        if let allowed {
            return "\(subject): \(problem) (allowed: \(allowed))"
        }
        return "\(subject): \(problem)"
    }

    /// Same as ``message``.
    public var description: String { message }
}
