import CMagic
import Glibc
import Synchronization

/// Names a file's MIME type from its content (`"image/png"`, `"text/plain"`), with libmagic.
///
/// One libmagic handle is shared behind a lock (a handle is not safe to use from two threads at
/// once), so one detector serves every task. Symbolic links are not followed: the runtime only
/// hands over paths inside the watched root, and a link is reported as `"inode/symlink"`.
public final class MimeTypeDetector: Sendable {
    /// The `magic_t` handle; only touched with the lock held, closed in `deinit`.
    private let cookie: Mutex<OpaquePointer>

    /// What identifies a file's content well enough to reuse an answer: the same inode with
    /// the same size, modification and change times has not been rewritten.
    private struct ContentKey: Hashable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let mtimeMs: Int64
        let ctimeMs: Int64

        init(_ status: FileStatus) {
            device = status.device
            inode = status.inode
            size = status.size
            mtimeMs = status.mtimeMs
            ctimeMs = status.ctimeMs
        }
    }

    /// Answers for files seen recently (libmagic takes ~0.2 ms per file; an `lstat` ~1 us).
    private let cache = Mutex<[ContentKey: String]>([:])
    private static let cacheLimit = 4096

    /// Opens libmagic with its default database, or the database at `databasePath`.
    public init(databasePath: String? = nil) throws(MimeTypeDetectorError) {
        // libmagic is opened by the first detector, not linked (Sources/CSharedLibrary).
        if let reason = menud_magic_library_open() { throw .libraryMissing(String(cString: reason)) }
        guard let handle = menud_magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR) else {
            throw .unavailable("magic_open failed: \(String(cString: strerror(errno)))")
        }
        guard menud_magic_load(handle, databasePath) == 0 else {
            let reason = menud_magic_error(handle).map { String(cString: $0) } ?? "magic_load failed"
            menud_magic_close(handle)
            throw .unavailable(reason)
        }
        cookie = Mutex(handle)
    }

    deinit {
        cookie.withLock { menud_magic_close($0) }
    }

    /// The MIME type of the file at `path`, such as `"application/pdf"`; `"inode/x-empty"` for
    /// an empty file.
    public func mimeType(ofFileAt path: String) throws(MimeTypeDetectorError) -> String {
        var key: ContentKey?
        if case .success(let status) = FileStatus.lstat(Array(path.utf8)), status.kind == .file {
            key = ContentKey(status)
            if let key, let known = cache.withLock({ $0[key] }) { return known }
        }
        let type = try examine(path)
        if let key { remember(type, for: key) }
        return type
    }

    /// The MIME type of the open regular `file`, read from its current offset (the start, for a
    /// file just opened) and left there; `name` names it in messages. The content read is the
    /// file that was opened, whatever its name stands for now.
    public func mimeType(of file: FileDescriptor, name: String) throws(MimeTypeDetectorError) -> String {
        switch file.status() {
        case .success(let status): return try mimeType(of: file, status: status, name: name)
        case .failure(let error): throw .cannotExamine(path: name, reason: error.message)
        }
    }

    /// The same, with `status` what `fstat` said of `file` (as an open that checked it returns),
    /// so the descriptor is not asked again. Answers are cached by the status's device, inode,
    /// size and times, so `status` must be the descriptor's.
    public func mimeType(of file: FileDescriptor, status: FileStatus, name: String) throws(MimeTypeDetectorError) -> String {
        guard status.kind == .file else { throw .cannotExamine(path: name, reason: "it is \(status.kind.article)") }
        let key = ContentKey(status)
        if let known = cache.withLock({ $0[key] }) { return known }
        // libmagic names an empty file by its path only; from a descriptor it says
        // "application/x-empty". Keep the one answer for both.
        let type = status.size == 0 ? "inode/x-empty" : try examine(descriptor: file, name: name)
        remember(type, for: key)
        return type
    }

    private func remember(_ type: String, for key: ContentKey) {
        cache.withLock { cache in
            if cache.count >= MimeTypeDetector.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = type
        }
    }

    private func examine(descriptor file: FileDescriptor, name: String) throws(MimeTypeDetectorError) -> String {
        // magic_descriptor reads from the current offset and seeks back when done.
        let result: Result<String, MimeTypeDetectorError> = cookie.withLock { handle in
            guard let type = menud_magic_descriptor(handle, file.number) else {
                let reason = menud_magic_error(handle).map { String(cString: $0) } ?? "unknown error"
                return .failure(.cannotExamine(path: name, reason: reason))
            }
            return .success(String(cString: type))
        }
        return try result.get()
    }

    private func examine(_ path: String) throws(MimeTypeDetectorError) -> String {
        let result: Result<String, MimeTypeDetectorError> = cookie.withLock { handle in
            guard let type = menud_magic_file(handle, path) else {
                let reason = menud_magic_error(handle).map { String(cString: $0) } ?? "unknown error"
                return .failure(.cannotExamine(path: path, reason: reason))
            }
            return .success(String(cString: type))
        }
        return try result.get()
    }

    /// The MIME type of `bytes`, as if they were a file's content.
    public func mimeType(of bytes: [UInt8]) throws(MimeTypeDetectorError) -> String {
        let result: Result<String, MimeTypeDetectorError> = cookie.withLock { handle in
            let type = bytes.withUnsafeBytes { raw in menud_magic_buffer(handle, raw.baseAddress, raw.count) }
            guard let type else {
                let reason = menud_magic_error(handle).map { String(cString: $0) } ?? "unknown error"
                return .failure(.cannotExamine(path: "(buffer)", reason: reason))
            }
            return .success(String(cString: type))
        }
        return try result.get()
    }
}
