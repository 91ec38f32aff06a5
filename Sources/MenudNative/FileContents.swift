import Glibc

/// A whole small file read by path (a config file, a token file), without Foundation's `Data`.
public enum FileContents {
    /// The bytes of the file at `path`, refusing one larger than `limit` bytes (`EFBIG`) so that
    /// a wrong path (a device, a huge log) cannot exhaust memory.
    public static func read(path: [UInt8], limit: Int = 16 << 20) -> Result<[UInt8], SystemError> {
        let number = NativePath.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
        guard number >= 0 else { return .failure(.current("open")) }
        let file = FileDescriptor(owning: number)
        var contents: [UInt8] = []
        while true {
            switch file.read(upTo: 65536) {
            case .failure(let error): return .failure(error)
            case .success(let chunk):
                if chunk.isEmpty { return .success(contents) }
                contents.append(contentsOf: chunk)
                if contents.count > limit { return .failure(SystemError(errno: EFBIG, operation: "read")) }
            }
        }
    }

    /// True when something is at `path` (links followed).
    public static func exists(_ path: String) -> Bool {
        if case .success = FileStatus.follow(Array(path.utf8)) { return true }
        return false
    }

    /// True when `path` (links followed) is a regular file.
    public static func isRegularFile(_ path: String) -> Bool {
        if case .success(let status) = FileStatus.follow(Array(path.utf8)) { return status.kind == .file }
        return false
    }

    /// True when `path` (links followed) is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        if case .success(let status) = FileStatus.follow(Array(path.utf8)) { return status.kind == .directory }
        return false
    }
}
