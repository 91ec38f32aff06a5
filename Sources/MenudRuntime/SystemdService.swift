import Glibc
import MenudCore
import MenudNative

/// Tells systemd (when it started the daemon) how it is: READY once it accepts clients, STATUS
/// with what is watched, RELOADING around a reload, STOPPING at shutdown. Without systemd
/// these notifications go nowhere.
final class SystemdService: DaemonService {
    let name = "systemd"
    private let files: any TrackedFiles
    private let tree: any TreeStatus
    private var root: String

    init(files: any TrackedFiles, tree: any TreeStatus, root: String) {
        self.files = files
        self.tree = tree
        self.root = root
    }

    func start() throws {}

    func allStarted() {
        Systemd.notify("READY=1\nSTATUS=crawling \(root)\nMAINPID=\(getpid())")
    }

    /// A reload is about to be tried; ``reloadEnded()`` follows whether it was applied or not.
    func reloadBegins() {
        Systemd.notify("RELOADING=1\nMONOTONIC_USEC=\(MonotonicTime.nowMs() * 1000)")
    }

    func reloadEnded() {
        Systemd.notify("READY=1")
    }

    func reload(_ configuration: DaemonConfiguration) {
        root = configuration.settings.root
    }

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        Systemd.notify("STOPPING=1")
        done()
    }

    /// What is being watched, for `systemctl status`.
    func reportStatus() {
        let counts = files.counts
        Systemd.notify("STATUS=watching \(root): \(counts.total) files (\(counts.pending) pending, \(counts.ready) ready, \(counts.expired) expired)\(tree.isCrawling ? ", crawling" : "")")
    }
}
