import MenudLoop

extension TreeWatchService {
    /// How long the root's descriptor is held after its last use. An open descriptor keeps the
    /// root's file system from being unmounted (`umount` says it is busy), so an idle daemon
    /// holds none; under requests one is held, and each use saves an `open` and a `close`.
    static let rootHoldMs: UInt64 = 1000

    /// The root, open and checked (``WatchedRoot/opened()``), for every use on the loop: menus,
    /// actions, crawls. While a descriptor is held, a timer lets it go after a second unused.
    func openedRoot() -> Result<OpenedRoot, RootUnavailable> {
        let opened = watchedRoot.opened()
        if !rootHoldTimer.isActive, !isStopping, watchedRoot.isHeld {
            rootHoldTimer.start(afterMs: TreeWatchService.rootHoldMs, repeatMs: TreeWatchService.rootHoldMs) { [unowned self] in
                if !self.watchedRoot.releaseUnlessUsed() { self.rootHoldTimer.stop() }
            }
        }
        return opened
    }
}
