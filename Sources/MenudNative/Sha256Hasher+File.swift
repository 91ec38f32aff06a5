import Glibc

extension Sha256Hasher {
    /// Streams the file at `path` through SHA-256, `bufferSize` bytes at a time.
    ///
    /// After each chunk it calls `progress` with the number of bytes hashed so far, checks for
    /// cancellation (throwing `CancellationError`) and yields, so long files neither block other
    /// tasks nor outlive a cancelled action.
    public static func digest(
        ofFileAt path: String, bufferSize: Int = 1 << 20, progress: (Int64) -> Void = { _ in }
    ) async throws -> Sha256Digest {
        precondition(bufferSize > 0, "bufferSize must be positive")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Sha256HasherError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let hasher = try Sha256Hasher()
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        var total: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                var result: Int
                repeat {
                    result = read(descriptor, raw.baseAddress, raw.count)
                } while result < 0 && errno == EINTR
                return result
            }
            if count < 0 {
                throw Sha256HasherError.readFailed(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try buffer.withUnsafeBytes { raw in
                try hasher.update(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
            }
            total += Int64(count)
            progress(total)
            try Task.checkCancellation()
            await Task.yield()
        }
        return try hasher.finalize()
    }
}
