/// Why a configuration file cannot be used. `message` names the file, the key path
/// (`commands[2].match.states`) and what is allowed there.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The configuration file's path.
    public let file: String
    /// Where in the file: `settle`, `commands[2].match.states`; nil for the file as a whole.
    public let keyPath: String?
    /// A sentence a person can act on.
    public let message: String

    public init(file: String, keyPath: String?, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String { message }

    /// A value of the wrong kind or out of range at `keyPath`.
    static func invalidValue(file: String, keyPath: String, problem: String) -> ConfigError {
        ConfigError(file: file, keyPath: keyPath, message: "\(keyPath) in \(file): \(problem)")
    }

    /// A key that is not one of `allowed`, in the object at `objectPath` ("" for the top level).
    static func unknownKey(_ key: String, objectPath: String, file: String, allowed: [String]) -> ConfigError {
        let place = objectPath.isEmpty ? "" : " at \(objectPath)"
        var message = "unknown key \"\(key)\"\(place) in \(file); allowed keys: \(allowed.joined(separator: ", "))"
        if let suggestion = closestKey(to: key, among: allowed) {
            message += " (did you mean \"\(suggestion)\"?)"
        }
        let keyPath = objectPath.isEmpty ? key : "\(objectPath).\(key)"
        return ConfigError(file: file, keyPath: keyPath, message: message)
    }

    /// The allowed key within two edits of `key`, ignoring case, if there is exactly one best.
    private static func closestKey(to key: String, among allowed: [String]) -> String? {
        let target = Array(key.lowercased())
        var best: (key: String, distance: Int)?
        for candidate in allowed {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= 2, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    private static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for (row, left) in lhs.enumerated() {
            current[0] = row + 1
            for (column, right) in rhs.enumerated() {
                current[column + 1] = min(previous[column + 1] + 1, current[column] + 1,
                                          previous[column] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
