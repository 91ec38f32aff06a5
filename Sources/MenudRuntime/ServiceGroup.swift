/// Runs services the way swift-service-lifecycle's `ServiceGroup` does: started in order,
/// stopped in reverse, each stop waiting for the one before it to say it is done, so a service
/// can rely on those started before it for as long as it runs.
final class ServiceGroup {
    private let services: [any DaemonService]
    private let log: Logger
    /// Services whose `start` was called (the last one may have failed half-way).
    private var started = 0
    private(set) var isStopping = false

    init(_ services: [any DaemonService], log: Logger) {
        self.services = services
        self.log = log
    }

    /// Starts every service in order; the first that throws stops the start.
    func start() throws {
        for service in services {
            started += 1
            try service.start()
        }
    }

    /// Every service has started: tells each, in order.
    func announceStarted() {
        for service in services { service.allStarted() }
    }

    /// Undoes a start that failed half-way: what was started (the failed one included, for
    /// whatever it had taken) is shut down at once, in reverse.
    func abandonStart() {
        isStopping = true
        for service in services.prefix(started).reversed() { service.shutdown(graceMs: 0) {} }
    }

    /// Hands a validated configuration to every service, in order.
    func reload(_ configuration: DaemonConfiguration) {
        for service in services { service.reload(configuration) }
    }

    /// Stops the services in reverse order, each after the one started after it is done;
    /// `done` once all are.
    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        guard !isStopping else { return }
        isStopping = true
        stop(services.count - 1, graceMs: graceMs, done: done)
    }

    private func stop(_ index: Int, graceMs: UInt64, done: @escaping () -> Void) {
        guard index >= 0 else {
            done()
            return
        }
        let service = services[index]
        service.shutdown(graceMs: graceMs) { [unowned self] in
            log.debug("\(service.name) stopped")
            stop(index - 1, graceMs: graceMs, done: done)
        }
    }
}
