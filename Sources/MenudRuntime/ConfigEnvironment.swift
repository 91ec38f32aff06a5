import Glibc
import MenudNative
import MenudText

/// What the configuration's defaults and `~` expansion depend on, so tests can pin it.
public struct ConfigEnvironment: Sendable, Equatable {
    /// The home directory `~` stands for.
    public var home: String
    /// `$XDG_RUNTIME_DIR`, where the socket goes by default.
    public var runtimeDirectory: String?
    /// The daemon's uid, naming the fallback socket directory `/tmp/menud-<uid>`.
    public var uid: UInt32

    public init(home: String, runtimeDirectory: String?, uid: UInt32) {
        self.home = home
        self.runtimeDirectory = runtimeDirectory
        self.uid = uid
    }

    /// This process's environment.
    public static var current: ConfigEnvironment {
        let runtime = ProcessEnvironment.value("XDG_RUNTIME_DIR").flatMap { $0.isEmpty ? nil : $0 }
        let home = ProcessEnvironment.value("HOME") ?? ProcessEnvironment.passwordDatabaseHome() ?? "/"
        return ConfigEnvironment(home: home, runtimeDirectory: runtime, uid: getuid())
    }

    /// `$XDG_RUNTIME_DIR/menud/menud.sock`, or `/tmp/menud-<uid>/menud.sock` without one.
    public var defaultSocketPath: String {
        if let runtimeDirectory {
            return PathText.appending(runtimeDirectory, "menud/menud.sock")
        }
        return "/tmp/menud-\(uid)/menud.sock"
    }

    /// The directory the daemon was started in.
    public var defaultRoot: String {
        ProcessEnvironment.currentDirectory() ?? "/"
    }

    /// Expands a leading `~` and makes a relative path absolute against `baseDirectory`;
    /// `.` and `..` components are resolved.
    public func resolvePath(_ path: String, relativeTo baseDirectory: String) -> String {
        var expanded = path
        if path == "~" {
            expanded = home
        } else if path.hasPrefix("~/") {
            expanded = PathText.appending(home, String(path.dropFirst(2)))
        }
        if !expanded.hasPrefix("/") {
            expanded = PathText.appending(baseDirectory, expanded)
        }
        return PathText.standardized(expanded)
    }
}
