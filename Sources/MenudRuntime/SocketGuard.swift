import Glibc
import MenudText
import MenudNative

/// Owns the socket path: makes its directory private, refuses to start when a live daemon
/// answers there, replaces a stale socket left by a dead one, and removes it at shutdown.
final class SocketGuard {
    let path: String
    var created = false

    init(path: String) { self.path = path }

    func prepare(log: Logger) throws {
        guard path.utf8.count <= 107 else {
            throw StartupError("the socket path \(path) is \(path.utf8.count) bytes; Unix sockets allow at most 107. Choose a shorter --socket.")
        }
        let directory = PathText.deletingLastComponent(path)
        try ensurePrivateDirectory(directory, log: log)
        switch FileStatus.lstat(Array(path.utf8)) {
        case .failure(let error) where error.errno == ENOENT:
            return
        case .failure(let error):
            throw StartupError("cannot inspect \(path): \(error.message)")
        case .success(let status):
            guard status.mode & S_IFMT == S_IFSOCK else {
                throw StartupError("\(path) exists and is not a socket; remove it or choose another --socket")
            }
        }
        do {
            let client = try UnixSocketClient(path: path)
            client.close()
            throw StartupError("another menud is already running on \(path); stop it first (menuctl status shows it) or choose another --socket")
        } catch let error as SystemError where error.errno == ECONNREFUSED || error.errno == ENOENT {
            // Nobody listens: a dead daemon's leftover.
            if case .failure(let failure) = NativePath.unlink(Array(path.utf8)), failure.errno != ENOENT {
                throw StartupError("cannot remove the stale socket \(path): \(failure.message)")
            }
            log.info("removed a stale socket left at \(path)")
        }
    }

    /// Creates the socket's directory with mode 0700 when missing; refuses one that belongs
    /// to another user; warns about one that others can enter.
    private func ensurePrivateDirectory(_ directory: String, log: Logger) throws {
        let bytes = Array(directory.utf8)
        if case .failure = FileStatus.lstat(bytes) {
            let parent = PathText.deletingLastComponent(directory)
            if parent != directory, !parent.isEmpty, case .failure = FileStatus.lstat(Array(parent.utf8)) {
                try ensurePrivateDirectory(parent, log: log)
            }
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                throw StartupError("cannot create the socket directory \(directory): \(String(cString: strerror(errno)))")
            }
            chmod(directory, 0o700)
        }
        guard case .success(let status) = FileStatus.follow(bytes), status.kind == .directory else {
            throw StartupError("\(directory) is not a directory; choose another --socket")
        }
        if status.uid != getuid() && status.mode & S_ISVTX == 0 {
            throw StartupError("the socket directory \(directory) belongs to uid \(status.uid), not to you; choose another --socket")
        }
        if status.mode & 0o077 != 0 && status.mode & S_ISVTX == 0 {
            log.warning("the socket directory \(directory) is accessible to other users (mode \(String(status.mode & 0o777, radix: 8))); the socket itself is 0600 and peers are checked")
        }
    }

    /// Removes the socket this daemon created.
    func remove() {
        guard created else { return }
        created = false
        _ = NativePath.unlink(Array(path.utf8))
    }
}
