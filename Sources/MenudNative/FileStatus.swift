import Glibc

/// What `lstat` says about a path, reduced to what the daemon needs.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case file, directory, symlink, other }

    public let kind: Kind
    public let size: Int64
    public let mtimeMs: Int64
    public let ctimeMs: Int64
    public let inode: UInt64
    public let device: UInt64
    public let mode: UInt32
    public let uid: UInt32

    /// `lstat` of a path given as raw bytes (it need not be valid UTF-8).
    public static func lstat(_ path: [UInt8]) -> Result<FileStatus, SystemError> {
        var info = Glibc.stat()
        let result = NativePath.withCString(path) { Glibc.lstat($0, &info) }
        if result != 0 { return .failure(.current("lstat")) }
        return .success(FileStatus(info))
    }

    /// `stat` (following symlinks).
    public static func follow(_ path: [UInt8]) -> Result<FileStatus, SystemError> {
        var info = Glibc.stat()
        let result = NativePath.withCString(path) { fstatat(AT_FDCWD, $0, &info, 0) }
        if result != 0 { return .failure(.current("stat")) }
        return .success(FileStatus(info))
    }

    init(_ info: Glibc.stat) {
        self.init(mode: info.st_mode, size: Int64(info.st_size),
                  mtimeMs: Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec) / 1_000_000,
                  ctimeMs: Int64(info.st_ctim.tv_sec) * 1000 + Int64(info.st_ctim.tv_nsec) / 1_000_000,
                  inode: UInt64(info.st_ino), device: UInt64(info.st_dev), uid: info.st_uid)
    }

    init(mode: UInt32, size: Int64, mtimeMs: Int64, ctimeMs: Int64, inode: UInt64, device: UInt64, uid: UInt32) {
        switch mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        self.size = size
        self.mtimeMs = mtimeMs
        self.ctimeMs = ctimeMs
        self.inode = inode
        self.device = device
        self.mode = mode
        self.uid = uid
    }
}
