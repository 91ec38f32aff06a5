import Glibc
import MenudLoop

/// The web server as the daemon runs it: resolved from `--web`, `--web-documents` and the
/// config's `web` section (flags win). It cannot change while the daemon runs: a reload that
/// asks for another one is logged as needing a restart.
struct WebSettings: Equatable {
    /// The address to listen on; port 0 takes any free port.
    var listen: WebListenAddress
    /// The folder of the page's files, absolute.
    var documents: String
    /// Where the secret the page's URL carries is written (mode 0600, its folder 0700).
    var tokenPath: String

    /// `$XDG_RUNTIME_DIR/menud/web-token`, or `/tmp/menud-<uid>/web-token` without one.
    static func defaultTokenPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/menud/web-token"
        }
        return "/tmp/menud-\(getuid())/web-token"
    }
}
