import CLibUV
import Glibc

/// Adds inotify watches to a `FileSystemWatcher` from any thread (the crawler adds the watch
/// for a directory right before listing it, so nothing created in between is missed).
/// `inotify_add_watch` is a plain system call on the watcher's descriptor; the owner stops
/// crawling before it closes the watcher.
public struct WatchRegistrar: Sendable {
    let descriptor: Int32

    /// Adds (or finds) the watch on the directory at `path`; see `FileSystemWatcher.addWatch`.
    public func addWatch(path: [UInt8]) throws(LoopError) -> Int32 {
        var terminated = path
        terminated.append(0)
        let wd = terminated.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                inotify_add_watch(descriptor, $0, FileSystemWatcher.mask)
            }
        }
        if wd < 0 {
            throw LoopError(code: -errno, operation: "watch \(String(decoding: path, as: UTF8.self))")
        }
        return wd
    }
}
