import MenudCore
import MenudLoop
import MenudNative

extension Daemon {
    /// The root is held open, so the kernel reports its deletion (`IN_DELETE_SELF`) only once
    /// that descriptor is closed. Removing a tree deletes its entries first, so after the root
    /// loses entries the daemon looks, a moment later, whether its path still names it.
    func armRootCheck() {
        guard !rootMissing, !rootCheckTimer.isActive else { return }
        rootCheckTimer.start(afterMs: Daemon.rootCheckDelayMs) { [unowned self] in
            guard !rootMissing, let root = rootDirectory else { return }
            let named = FileStatus.follow(settings.rootBytes)
            if case .success(let held) = root.status(), case .success(let now) = named,
               now.kind == .directory, now.device == held.device, now.inode == held.inode {
                return
            }
            rootVanished()
        }
    }

    /// The root went (removed, or moved away): every file is gone until it comes back, and
    /// what crawls still report was found beneath the old one.
    func rootVanished() {
        guard !rootMissing else { return }
        rootMissing = true
        log.warning("the root \(settings.root) was removed or moved away; its files are gone. Waiting for it to come back.")
        dropSubtree(.root)
        rootDirectory = nil
        // Whatever the crawls still report was found beneath the old root.
        crawlsRunning.removeAll()
        droppedDuringCrawl.removeAll()
        rescanSeen.removeAll()
        initialCrawlFinished = true
        crawlsSettled()
        armRescanTimer()
    }

    // MARK: Rescans for directories without a watch

    func armRescanTimer() {
        guard !rescanTimer.isActive, !unwatchedDirectories.isEmpty || rootMissing else { return }
        rescanTimer.start(afterMs: UInt64(settings.rescanIntervalMs)) { [unowned self] in self.rescanUnwatched() }
    }

    private func rescanUnwatched() {
        if rootMissing {
            if case .success(let status) = FileStatus.follow(settings.rootBytes), status.kind == .directory,
               case .success(let opened) = DirectoryDescriptor.open(path: settings.rootBytes) {
                rootMissing = false
                rootDirectory = opened
                log.info("the root \(settings.root) is back; crawling it")
                startCrawl(.init(id: 0, directory: .root, reason: .newDirectory))
            }
        } else {
            for directory in unwatchedDirectories where !crawlsRunning.values.contains(where: { $0.directory == directory }) {
                startCrawl(.init(id: 0, directory: directory, reason: .rescan))
            }
        }
        armRescanTimer()
    }
}
