import Glibc

/// Where `menuctl` looks for the daemon.
public enum SocketLocation {
    /// `option` (`--socket`) when given; else `MENUD_SOCKET` when set and not empty; else the
    /// daemon's own default: `$XDG_RUNTIME_DIR/menud/menud.sock` when `XDG_RUNTIME_DIR` is set and
    /// not empty, else `/tmp/menud-<uid>/menud.sock`.
    public static func resolve(option: String?, environment: [String: String], uid: UInt32 = getuid()) -> String {
        if let option, !option.isEmpty { return option }
        if let variable = environment["MENUD_SOCKET"], !variable.isEmpty { return variable }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/menud/menud.sock"
        }
        return "/tmp/menud-\(uid)/menud.sock"
    }
}
