/// One part of the running daemon with a lifecycle of its own. ``ServiceGroup`` starts the
/// services in order and stops them in reverse, so a service may use the ones started before it
/// for as long as it runs. Everything is called on the loop thread.
protocol DaemonService: AnyObject {
    /// For logs.
    var name: String { get }
    /// Takes what the service needs (descriptors, threads, watchers). Throws ``StartupError``
    /// to stop start-up; the services started so far are shut down again.
    func start() throws
    /// Every service has started; work that must wait for that begins (the first crawl).
    func allStarted()
    /// Applies a reloaded configuration, already validated as a whole.
    func reload(_ configuration: DaemonConfiguration)
    /// Stops the service's work; `done` is called (on the loop) once it has, which may be at
    /// once or up to about `graceMs` later.
    func shutdown(graceMs: UInt64, done: @escaping () -> Void)
}

extension DaemonService {
    func allStarted() {}
}
