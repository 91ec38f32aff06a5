import MenudCore
import MenudNative
import Synchronization

/// The watched root directory, opened afresh for each use and checked to be the directory the
/// daemon is watching (same device and inode), so operations resolve beneath the right folder
/// even if a name on the root's own path was swapped.
///
/// It is never held open: an open descriptor on a directory keeps the kernel from reporting
/// the directory's deletion (inotify's IN_DELETE_SELF comes only once the last reference to it
/// goes), and the daemon must notice a removed root.
final class WatchedRoot: Sendable {
    let path: [UInt8]
    private let identity = Mutex<FileIdentityNumbers?>(nil)

    struct FileIdentityNumbers: Equatable {
        let device: UInt64
        let inode: UInt64
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
        identity.withLock { $0 = FileIdentityNumbers(device: status.device, inode: status.inode) }
        return true
    }

    /// The root is gone: nothing opens until it is adopted again.
    func forget() {
        identity.withLock { $0 = nil }
    }

    /// The root, opened now; nil when it is gone or is no longer the directory adopted.
    func open() -> DirectoryDescriptor? {
        try? opened().get().directory
    }

    /// The root, opened now, or why not: gone (or another directory), or no descriptor free.
    func opened() -> Result<OpenedRoot, RootUnavailable> {
        guard let expected = identity.withLock({ $0 }) else { return .failure(.gone) }
        switch DirectoryDescriptor.open(path: path) {
        case .failure(let error) where error.isOutOfDescriptors: return .failure(.outOfDescriptors)
        case .failure: return .failure(.gone)
        case .success(let directory):
            guard case .success(let status) = directory.status(),
                  FileIdentityNumbers(device: status.device, inode: status.inode) == expected
            else { return .failure(.gone) }
            return .success(OpenedRoot(directory: directory, node: FileNodeID(device: status.device, inode: status.inode)))
        }
    }
}
