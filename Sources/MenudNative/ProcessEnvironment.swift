import Glibc

/// The process's environment variables (Foundation's `ProcessInfo.environment`).
public enum ProcessEnvironment {
    /// Every `NAME=value` of `environ`; the first of two entries with one name wins, as `getenv`.
    public static func variables() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// One variable, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The home directory the password database gives this user, for a process without `HOME`.
    public static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// The current working directory, or nil when it cannot be found (removed, too long).
    public static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }
}
