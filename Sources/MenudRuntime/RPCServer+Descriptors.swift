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
        applyDescriptorBudget()
    }

    /// Fits `maxRunningActions` and `maxConnections` to the descriptor budget (at start, once
    /// the daemon's own descriptors are open, and on reload), saying so when the config asks for
    /// more than the descriptors allow.
    func applyDescriptorBudget() {
        fitRunningActions()
        let ceiling = descriptorBudget.connectionCeiling(maxRunningActions: actionSlots)
        let limit = min(settings.maxConnections, ceiling)
        if limit < settings.maxConnections, limit != connectionLimit {
            log.warning("maxConnections is \(settings.maxConnections), but the open-file limit of \(descriptorBudget.limit) leaves room for \(limit) clients (\(descriptorBudget.openAtStart) descriptors are in use and \(DescriptorBudget.reserve(maxRunningActions: actionSlots)) are kept for actions and crawling); accepting at most \(limit). Raise the limit (LimitNOFILE= under systemd, ulimit -n) to allow more.")
        }
        connectionLimit = limit
    }

    /// How many actions run at once: the config's `maxRunningActions`, or fewer when the limit
    /// cannot hold their descriptors (8 each) beside the daemon's own and its clients'. Said once
    /// for each configured value it lowers, not again on every reload.
    private func fitRunningActions() {
        let configured = settings.maxRunningActions
        let fitted = descriptorBudget.runningActions(configured: configured)
        let lowered = fitted < configured ? [configured, fitted] : []
        if !lowered.isEmpty, lowered != loggedActionFit {
            log.warning("maxRunningActions is \(configured), but the open-file limit of \(descriptorBudget.limit) (ulimit -n) holds the descriptors of \(fitted) (each keeps \(DescriptorBudget.perAction), \(descriptorBudget.openAtStart) are in use and half of the rest stays for clients); running at most \(fitted) at once. Raise the limit (LimitNOFILE= under systemd, ulimit -n) to allow more.")
        }
        loggedActionFit = lowered
        if fitted != actionSlots {
            actionSlots = fitted
            onActionSlotsFitted(fitted)
        }
    }
}
