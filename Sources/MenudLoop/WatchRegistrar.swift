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
        try add(path, mask: FileSystemWatcher.mask, shown: path)
    }

    /// Adds (or finds) the watch on the directory open as `fd`, named through
    /// `/proc/self/fd/<fd>`: the kernel resolves that to the open directory itself, so a folder
    /// on the way swapped for a link since it was opened cannot point the watch elsewhere.
    /// Without `/proc`, `path` (absolute) is watched without following its last name, then
    /// checked to still be the open directory (a narrow window remains there: a parent swapped
    /// and swapped back between the two calls).
    public func addWatch(openDirectory fd: Int32, path: @autoclosure () -> [UInt8]) throws(LoopError) -> Int32 {
        do {
            return try add(Array("/proc/self/fd/\(fd)".utf8), mask: FileSystemWatcher.mask, shown: path())
        } catch where error.code == -ENOENT && access("/proc/self/fd", F_OK) != 0 {
            let path = path()
            let wd = try add(path, mask: FileSystemWatcher.mask | UInt32(IN_DONT_FOLLOW), shown: path)
            var opened = stat()
            var named = stat()
            let same = fstat(fd, &opened) == 0
                && withCString(path, { lstat($0, &named) }) == 0
                && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
            guard same else {
                throw LoopError(code: -ELOOP, operation: "watch \(String(decoding: path, as: UTF8.self)) (it changed while it was watched)")
            }
            return wd
        }
    }

    private func add(_ target: [UInt8], mask: UInt32, shown: @autoclosure () -> [UInt8]) throws(LoopError) -> Int32 {
        let wd = withCString(target) { inotify_add_watch(descriptor, $0, mask) }
        if wd < 0 {
            let code = errno
            throw LoopError(code: -code, operation: "watch \(String(decoding: shown(), as: UTF8.self))")
        }
        return wd
    }

    private func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        var terminated = bytes
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }
}
