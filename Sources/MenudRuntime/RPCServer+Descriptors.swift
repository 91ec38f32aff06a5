import MenudCore
import MenudNative

extension RPCServer {
    /// Raises the soft open-file limit to the hard one: a soft limit of 1024 is common and would
    /// otherwise cap the daemon far below what the system allows it.
    func raiseOpenFileLimit() {
        let before = OpenFileLimit.current()
        guard let now = OpenFileLimit.raiseSoftToHard() else {
            log.warning("cannot read the open-file limit (getrlimit failed); assuming \(descriptorBudget.limit)")
            return
        }
        if let before, before.soft < now.soft {
            log.debug("raised the open-file limit from \(before.soft) to \(now.soft)")
        }
        descriptorBudget = DescriptorBudget(limit: now.soft, openAtStart: 0)
    }

    /// Every descriptor the daemon needs for itself is open now (the transport listens): what
    /// is left of the limit, less a reserve for actions and crawling, is what clients may have.
    func transportStarted() {
        // Without /proc the count is a guess: the loop, watcher, socket, root and runtime
        // descriptors come to about twenty.
        descriptorBudget = DescriptorBudget(limit: descriptorBudget.limit, openAtStart: OpenFileLimit.openCount() ?? 24)
        applyConnectionLimit()
    }

    /// Sets the connection limit from the config and the descriptor budget (at start and on
    /// reload), saying so when the config asks for more than the descriptors allow.
    func applyConnectionLimit() {
        let ceiling = descriptorBudget.connectionCeiling(maxRunningActions: actionSlots)
        let limit = min(settings.maxConnections, ceiling)
        if limit < settings.maxConnections, limit != connectionLimit {
            log.warning("maxConnections is \(settings.maxConnections), but the open-file limit of \(descriptorBudget.limit) leaves room for \(limit) clients (\(descriptorBudget.openAtStart) descriptors are in use and \(DescriptorBudget.reserve(maxRunningActions: actionSlots)) are kept for actions and crawling); accepting at most \(limit). Raise the limit (LimitNOFILE= under systemd, ulimit -n) to allow more.")
        }
        connectionLimit = limit
    }
}
