import CLibUV
import Glibc

/// Watches directories with one inotify instance, polled by the loop (`uv_poll_t`).
///
/// libuv's own `uv_fs_event` reads the same kernel events but drops `IN_Q_OVERFLOW` (its
/// watch descriptor is -1, which it treats as stale), hides whether an entry is a directory and
/// folds create, delete and both halves of a move into one `UV_RENAME`. Reading the inotify
/// descriptor from a poll handle keeps libuv as the only event loop while giving the daemon
/// overflow notice, exact event kinds and move cookies. One watch per directory; inotify is
/// not recursive, so the owner adds a watch for every directory it finds.
public final class FileSystemWatcher: LoopHandle {
    /// What every directory watch listens for.
    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB
        | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        | UInt32(IN_EXCL_UNLINK)

    private let descriptor: Int32
    private var onEvents: (([FileSystemEvent]) -> Void)?
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64 * 1024, alignment: 8)

    public init(loop: EventLoop) throws(LoopError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd < 0 {
            buffer.deallocate()
            throw LoopError(code: -errno, operation: "create an inotify instance")
        }
        let memory: UnsafeMutableRawPointer
        do {
            memory = try LoopHandle.initializedMemory(uv_poll_t(), operation: "poll the inotify instance") { uv_poll_init(loop.raw, $0, fd) }
        } catch {
            Glibc.close(fd)
            buffer.deallocate()
            throw error
        }
        descriptor = fd
        super.init(memory: memory)
        retainThroughHandle()
    }

    /// Starts delivering events, in batches (everything one read of the descriptor returned).
    public func start(_ onEvents: @escaping ([FileSystemEvent]) -> Void) throws(LoopError) {
        self.onEvents = onEvents
        let poll = UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_poll_t.self)
        try LoopError.check(uv_poll_start(poll, Int32(UV_READABLE.rawValue), fileSystemWatcherReadable), "poll inotify")
    }

    /// Adds a watch on the directory at `path` (raw bytes, absolute). Returns its descriptor;
    /// adding the same directory twice returns the same descriptor. Throws `ENOSPC` when the
    /// user's inotify watch limit is reached, `ENOTDIR` when it is not a directory.
    public func addWatch(path: [UInt8]) throws(LoopError) -> Int32 {
        try registrar.addWatch(path: path)
    }

    /// A handle other threads may use to add watches.
    public var registrar: WatchRegistrar { WatchRegistrar(descriptor: descriptor) }

    /// Removes a watch. The kernel then sends a `watchRemoved` event for it.
    public func removeWatch(_ watch: Int32) {
        inotify_rm_watch(descriptor, watch)
    }

    override func willClose() { onEvents = nil }

    override func didClose() {
        Glibc.close(descriptor)
        buffer.deallocate()
    }

    fileprivate func readEvents() {
        var events: [FileSystemEvent] = []
        while true {
            let count = read(descriptor, buffer, 64 * 1024)
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            if count == 0 { break }
            var offset = 0
            while offset + 16 <= count {
                let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let cookie = buffer.load(fromByteOffset: offset + 8, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                var name: [UInt8] = []
                if length > 0 {
                    let start = (buffer + offset + 16).assumingMemoryBound(to: UInt8.self)
                    let bytes = UnsafeBufferPointer(start: start, count: length)
                    let end = bytes.firstIndex(of: 0) ?? length
                    name = Array(bytes[0..<end])
                }
                events.append(FileSystemEvent(watch: wd, kind: .init(rawValue: mask), cookie: cookie, name: name))
                offset += 16 + length
            }
        }
        if !events.isEmpty { onEvents?(events) }
    }
}

private func fileSystemWatcherReadable(_ handle: UnsafeMutablePointer<uv_poll_t>?, _ status: Int32, _ events: Int32) {
    owner(handle.map(UnsafeMutableRawPointer.init), as: FileSystemWatcher.self)?.readEvents()
}
