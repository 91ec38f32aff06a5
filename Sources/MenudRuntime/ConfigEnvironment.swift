import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
        let variables = ProcessInfo.processInfo.environment
        let runtime = variables["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        return ConfigEnvironment(home: variables["HOME"] ?? NSHomeDirectory(), runtimeDirectory: runtime, uid: getuid())
    }

    /// `$XDG_RUNTIME_DIR/menud/menud.sock`, or `/tmp/menud-<uid>/menud.sock` without one.
    public var defaultSocketPath: String {
        if let runtimeDirectory {
            return (runtimeDirectory as NSString).appendingPathComponent("menud/menud.sock")
        }
        return "/tmp/menud-\(uid)/menud.sock"
    }

    /// The directory the daemon was started in.
    public var defaultRoot: String {
        FileManager.default.currentDirectoryPath
    }

    /// Expands a leading `~` and makes a relative path absolute against `baseDirectory`;
    /// `.` and `..` components are resolved.
    public func resolvePath(_ path: String, relativeTo baseDirectory: String) -> String {
        var expanded = path
        if path == "~" {
            expanded = home
        } else if path.hasPrefix("~/") {
            expanded = (home as NSString).appendingPathComponent(String(path.dropFirst(2)))
        }
        if !expanded.hasPrefix("/") {
            expanded = (baseDirectory as NSString).appendingPathComponent(expanded)
        }
        return (expanded as NSString).standardizingPath
    }
}
