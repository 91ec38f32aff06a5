import MenudCore
import MenudProtocol

/// `daemon.status`.
enum DaemonRoutes {
    static func register(on router: RPCRouter, status: StatusReporter) {
        router.on("daemon.status") { request, _ throws(RPCError) in
            try request.params.rejectUnknownKeys(allowed: [])
            return .encoded(status.statusResult())
        }
    }
}
