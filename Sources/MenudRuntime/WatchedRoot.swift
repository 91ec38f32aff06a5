import MenudCore
import MenudNative
import Synchronization

/// The watched root directory, checked at each use to be the directory the daemon is watching
/// (its path names the same device and inode), so operations resolve beneath the right folder
/// even if a name on the root's own path was swapped.
///
/// One descriptor is held between uses, which saves an `open`, an `fstat` and a `close` per
/// request, but only while a removal of the root cannot go unseen. An open descriptor keeps
/// the kernel from reporting the directory's deletion (inotify's IN_DELETE_SELF comes only once
/// the last reference goes), and `rmdir` needs the directory empty. So the descriptor is held
/// only while the root has a watch, and only once the root was seen to have an entry: whatever
/// empties it later makes the root's watch report a removal (IN_DELETE or IN_MOVED_FROM), and
/// that event lets the descriptor go (``release()``), before or just after the `rmdir`; the
/// kernel then reports the deletion. A lost event (a queue overflow) lets it go too. And it goes
/// a second after its last use (`TreeWatchService.openedRoot()`), so an idle daemon keeps
/// nothing open that would stop the root's file system from being unmounted.
final class WatchedRoot: Sendable {
    let path: [UInt8]
    private let state = Mutex(State())

    private struct State {
        var identity: FileNodeID?
        /// The root's watch exists: its events say when the root may be emptied.
        var watched = false
        var held: DirectoryDescriptor?
        /// Counts the releases, so a descriptor seen to have an entry before a release is not
        /// held after it (whatever thread asks).
        var releases = 0
        /// The held descriptor served a use since ``releaseUnlessUsed()`` last looked.
        var used = false

        mutating func letGo() {
            held = nil
            releases &+= 1
        }
    }

    init(path: [UInt8]) {
        self.path = path
    }

    /// Takes whatever directory is at the root's path now as the root (at start, and when the
    /// root comes back after being removed). Returns false when there is none.
    @discardableResult
    func adopt() -> Bool {
        guard case .success(let directory) = DirectoryDescriptor.open(path: path),
              case .success(let status) = directory.status()
        else { return false }
        state.withLock {
            $0.identity = FileNodeID(device: status.device, inode: status.inode)
            $0.held = nil
        }
        return true
    }

    /// The root is gone: nothing opens until it is adopted again.
    func forget() {
        state.withLock {
            $0.identity = nil
            $0.watched = false
            $0.letGo()
        }
    }

    /// Whether the root has a watch now (its removals are reported, so a descriptor may be held).
    func watched(_ watched: Bool) {
        state.withLock {
            $0.watched = watched
            if !watched { $0.letGo() }
        }
    }

    /// Something left the root, or events were lost: the root may be emptied and removed, so
    /// the held descriptor goes (the next use opens it again).
    func release() {
        state.withLock { $0.letGo() }
    }

    /// Whether a descriptor is held now.
    var isHeld: Bool { state.withLock { $0.held != nil } }

    /// Lets the held descriptor go unless it served a use since the last call; returns whether
    /// one is still held. (The idle root is then free to be unmounted.)
    func releaseUnlessUsed() -> Bool {
        state.withLock {
            if $0.held != nil && !$0.used { $0.letGo() }
            $0.used = false
            return $0.held != nil
        }
    }

    /// The root, open, or why not: gone (or another directory), or no descriptor free.
    func opened() -> Result<OpenedRoot, RootUnavailable> {
        let (expected, held, watched, releases) = state.withLock {
            $0.used = true
            return ($0.identity, $0.held, $0.watched, $0.releases)
        }
        guard let expected else { return .failure(.gone) }
        if let held {
            // One `stat` of the path (links followed, as `open` follows them) for the check.
            guard case .success(let status) = FileStatus.follow(path),
                  FileNodeID(device: status.device, inode: status.inode) == expected
            else {
                release()
                return .failure(.gone)
            }
            return .success(OpenedRoot(directory: held, node: expected))
        }
        switch DirectoryDescriptor.open(path: path) {
        case .failure(let error) where error.isOutOfDescriptors: return .failure(.outOfDescriptors)
        case .failure: return .failure(.gone)
        case .success(let directory):
            guard case .success(let status) = directory.status(),
                  FileNodeID(device: status.device, inode: status.inode) == expected
            else { return .failure(.gone) }
            if watched, case .success(true) = directory.hasEntries() {
                state.withLock {
                    if $0.identity == expected && $0.watched && $0.releases == releases { $0.held = directory }
                }
            }
            return .success(OpenedRoot(directory: directory, node: expected))
        }
    }
}
