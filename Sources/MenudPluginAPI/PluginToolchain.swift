/// The Swift toolchain code is compiled with, as a tag a daemon compares with its own: a plugin
/// module and the daemon must come from the same compiler release (no stable ABI on Linux).
public enum PluginToolchain {
    /// The tag of the compiler that compiles the caller (emitted into the caller's binary).
    @_alwaysEmitIntoClient
    public static var compiled: String {
        #if compiler(>=7.0)
        return "Swift 7 or later"
        #elseif compiler(>=6.4)
        return "Swift 6.4"
        #elseif compiler(>=6.3.1)
        return "Swift 6.3.1"
        #elseif compiler(>=6.3)
        return "Swift 6.3"
        #elseif compiler(>=6.2)
        return "Swift 6.2"
        #elseif compiler(>=6.1)
        return "Swift 6.1"
        #else
        return "Swift 6.0"
        #endif
    }

    /// The daemon's own tag (compiled into the plugin API as the daemon links it).
    public static let daemon: String = compiled
}
