import Glibc

/// Helpers for paths kept as raw bytes (Linux names are bytes, not necessarily UTF-8).
public enum NativePath {
    /// Calls `body` with a NUL-terminated copy of `path`.
    public static func withCString<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        // On the stack for a path of a usual length: a crawl calls this for every file.
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: path.count + 1) { buffer in
            path.withUnsafeBytes { bytes in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            }
            buffer[path.count] = 0
            return try body(UnsafePointer(buffer.baseAddress!))
        }
    }

    /// The canonical absolute path (`realpath`), symlinks resolved.
    public static func resolve(_ path: [UInt8]) -> Result<[UInt8], SystemError> {
        let resolved: UnsafeMutablePointer<CChar>? = withCString(path) { realpath($0, nil) }
        guard let resolved else { return .failure(.current("realpath")) }
        defer { free(resolved) }
        let length = strlen(resolved)
        return .success(resolved.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        })
    }

    /// `unlink`.
    public static func unlink(_ path: [UInt8]) -> Result<Void, SystemError> {
        withCString(path) { Glibc.unlink($0) } == 0 ? .success(()) : .failure(.current("unlink"))
    }
}
