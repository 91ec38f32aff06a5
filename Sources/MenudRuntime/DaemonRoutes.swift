import MenudCore
import MenudProtocol

/// `daemon.status`.
enum DaemonRoutes {
    static func register(on router: RPCRouter, status: StatusReporter) {
        router.on(DaemonStatus.self) { _, _ in status.statusResult() }
    }
}
