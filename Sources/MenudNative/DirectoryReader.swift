import Glibc

/// Lists directories with `opendir`/`readdir`, keeping names as raw bytes.
public enum DirectoryReader {
    /// Every entry of the directory at `path` except `.` and `..`.
    public static func entries(of path: [UInt8]) -> Result<[DirectoryEntry], SystemError> {
        guard let dir = NativePath.withCString(path, { opendir($0) }) else {
            return .failure(.current("opendir"))
        }
        defer { closedir(dir) }
        return read(dir)
    }

    /// Reads the rest of an open directory stream.
    static func read(_ dir: OpaquePointer) -> Result<[DirectoryEntry], SystemError> {
        var result: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { return .failure(.current("readdir")) }
                break
            }
            let name: [UInt8] = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[0..<end])
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let kind: DirectoryEntry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            result.append(DirectoryEntry(name: name, kind: kind))
        }
        return .success(result)
    }
}
