import Glibc
import MenudLoop

/// SIGTERM and SIGINT stop the daemon, SIGHUP reloads its config; SIGPIPE is ignored (a client
/// that went away is seen as a failed write instead).
final class SignalService: DaemonService {
    let name = "signals"
    private let loop: EventLoop
    private let log: Logger
    private var watchers: [SignalWatcher] = []
    var onStop: () -> Void = {}
    var onReload: () -> Void = {}

    init(loop: EventLoop, log: Logger) {
        self.loop = loop
        self.log = log
    }

    func start() throws {
        signal(SIGPIPE, SIG_IGN)
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            let watcher = try SignalWatcher(loop: loop)
            try watcher.start(signal: signalNumber) { [unowned self] number in self.received(number) }
            watchers.append(watcher)
        }
    }

    private func received(_ number: Int32) {
        switch number {
        case SIGHUP:
            onReload()
        default:
            log.info("received \(number == SIGTERM ? "SIGTERM" : "SIGINT"), shutting down")
            onStop()
        }
    }

    func reload(_ configuration: DaemonConfiguration) {}

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) { done() }
}
