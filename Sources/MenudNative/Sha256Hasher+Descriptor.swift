extension Sha256Hasher {
    /// Streams the open `file` through SHA-256 from its current offset to its end,
    /// `bufferSize` bytes at a time. Reading a descriptor, not a path: what is hashed is the file
    /// that was opened (and checked), whatever its name stands for meanwhile.
    ///
    /// After each chunk it calls `progress` with the number of bytes hashed so far, checks for
    /// cancellation (throwing `CancellationError`) and yields, so long files neither block other
    /// tasks nor outlive a cancelled action. `name` is how messages call the file.
    public static func digest(
        of file: FileDescriptor, name: String, bufferSize: Int = 1 << 20, progress: (Int64) -> Void = { _ in }
    ) async throws -> Sha256Digest {
        precondition(bufferSize > 0, "bufferSize must be positive")
        let hasher = try Sha256Hasher()
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        var total: Int64 = 0
        while true {
            let count: Int
            switch file.read(into: &buffer) {
            case .success(let got): count = got
            case .failure(let error): throw Sha256HasherError.readFailed(path: name, reason: error.message)
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
