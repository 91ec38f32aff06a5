import Foundation
import MenudCore
import MenudNative

extension Daemon {
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

    /// Starts Swift's concurrency runtime now, while descriptors are free: its first task sets
    /// up libdispatch's event loop (an epoll descriptor, an eventfd, timerfds), and libdispatch
    /// traps when that fails, as it would on the first action with every descriptor taken by
    /// clients. A short sleep also brings up the timers `Task.sleep` uses.
    func startConcurrencyRuntime() {
        let started = DispatchSemaphore(value: 0)
        Task.detached {
            try? await Task.sleep(nanoseconds: 1_000_000)
            started.signal()
        }
        started.wait()
    }

    /// Counts what is open now that the daemon is ready to accept.
    func measureDescriptorBudget() {
        // Without /proc the count is a guess: the loop, watcher, socket, root and runtime
        // descriptors come to about twenty.
        descriptorBudget = DescriptorBudget(limit: descriptorBudget.limit, openAtStart: OpenFileLimit.openCount() ?? 24)
    }

    /// Sets the connection limit from the config and the descriptor budget (at start and on
    /// reload), saying so when the config asks for more than the descriptors allow.
    func applyConnectionLimit() {
        let ceiling = descriptorBudget.connectionCeiling(maxRunningActions: menus.scheduler.limits.maxRunning)
        let limit = min(settings.maxConnections, ceiling)
        if limit < settings.maxConnections, limit != connectionLimit {
            log.warning("maxConnections is \(settings.maxConnections), but the open-file limit of \(descriptorBudget.limit) leaves room for \(limit) clients (\(descriptorBudget.openAtStart) descriptors are in use and \(DescriptorBudget.reserve(maxRunningActions: menus.scheduler.limits.maxRunning)) are kept for actions and crawling); accepting at most \(limit). Raise the limit (LimitNOFILE= under systemd, ulimit -n) to allow more.")
        }
        connectionLimit = limit
    }

    /// One JSON-RPC error line with a null id, for a client refused before it said anything.
    func refusalLine(_ error: RPCError) -> [UInt8] {
        var line: [UInt8] = []
        ResponseEncoder.error(id: .null, error, into: &line)
        line.append(0x0A)
        return line
    }
}
