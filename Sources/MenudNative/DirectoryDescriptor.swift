import CLinux
import Glibc

/// An open directory that paths are resolved from, never through a symbolic link and never
/// above it: every lookup below goes through `openat2` with `RESOLVE_BENEATH |
/// RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS`, so swapping a file or any folder on its way
/// for a link cannot lead out. Paths are plain: names joined by single `/`, no `.`, no `..`, no
/// leading `/` (anything else is refused before the kernel sees it). Names of entries are
/// single components, handled with the `*at` calls on this descriptor.
public final class DirectoryDescriptor: Sendable {
    public let descriptor: FileDescriptor

    init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// Opens the directory at the absolute `path`. Symbolic links on the way are followed
    /// (this is how the root itself, a home folder or a mount point are opened); with
    /// `followingLinkAtEnd: false` a link as the last name is refused (`ELOOP`).
    public static func open(path: [UInt8], followingLinkAtEnd: Bool = true) -> Result<DirectoryDescriptor, SystemError> {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | (followingLinkAtEnd ? 0 : O_NOFOLLOW)
        let number = NativePath.withCString(path) { Glibc.open($0, flags) }
        guard number >= 0 else { return .failure(.current("open")) }
        return .success(DirectoryDescriptor(descriptor: FileDescriptor(owning: number)))
    }

    static let beneath = MENUD_RESOLVE_BENEATH | MENUD_RESOLVE_NO_SYMLINKS | MENUD_RESOLVE_NO_MAGICLINKS

    /// `openat2` of the relative `path` beneath this directory. An empty path is the
    /// directory itself.
    func openBeneath(_ path: [UInt8], flags: Int32, mode: UInt32 = 0) -> Result<FileDescriptor, PathAccessError> {
        if let problem = DirectoryDescriptor.problem(with: path) { return .failure(problem) }
        let relative = path.isEmpty ? [0x2E] : path
        let number = NativePath.withCString(relative) {
            menud_openat2(descriptor.number, $0, UInt64(UInt32(bitPattern: flags | O_CLOEXEC)), UInt64(mode), DirectoryDescriptor.beneath)
        }
        guard number >= 0 else { return .failure(.from(errno: errno, operation: "openat2")) }
        return .success(FileDescriptor(owning: number))
    }

    /// The directory at the relative `path` beneath this one ("" is this one again). A FIFO or
    /// anything else that is not a directory is refused without being opened (`O_DIRECTORY`).
    /// No `O_NOFOLLOW` here: with `O_DIRECTORY` it turns a link as the last name into `ENOTDIR`;
    /// without it `RESOLVE_NO_SYMLINKS` refuses that link too, and says so (`ELOOP`).
    public func openDirectory(beneath path: [UInt8]) -> Result<DirectoryDescriptor, PathAccessError> {
        // The directory itself (the folder of a top-level file): this descriptor serves.
        if path.isEmpty { return .success(self) }
        return openBeneath(path, flags: O_RDONLY | O_DIRECTORY | O_NONBLOCK).map(DirectoryDescriptor.init(descriptor:))
    }

    /// The regular file at the relative `path` beneath this directory, for reading (or, with
    /// `writing`, for reading and writing). Opened with `O_NONBLOCK` so a FIFO swapped in
    /// cannot block, checked with `fstat` to be a regular file, then set back to blocking.
    public func openFile(beneath path: [UInt8], writing: Bool = false) -> Result<FileDescriptor, PathAccessError> {
        openCheckedFile(beneath: path, writing: writing).map(\.descriptor)
    }

    /// `openFile(beneath:writing:)`, and what `fstat` said of the descriptor when it was checked.
    public func openCheckedFile(beneath path: [UInt8], writing: Bool = false) -> Result<(descriptor: FileDescriptor, status: FileStatus), PathAccessError> {
        let access = writing ? O_RDWR : O_RDONLY
        let flags = access | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY
        let opened: FileDescriptor
        switch openBeneath(path, flags: flags) {
        case .failure(.system(let error)) where error.errno == EISDIR: return .failure(.wrongKind(.directory))
        // A socket, or a FIFO opened for writing with no reader: nothing a regular file gives.
        case .failure(.system(let error)) where error.errno == ENXIO: return .failure(.wrongKind(.other))
        case .failure(let error): return .failure(error)
        case .success(let file): opened = file
        }
        let status: FileStatus
        switch opened.status() {
        case .failure(let error): return .failure(.system(error))
        case .success(let found) where found.kind != .file: return .failure(.wrongKind(found.kind))
        case .success(let found): status = found
        }
        // The flags it was opened with, less O_NONBLOCK (F_SETFL changes only that among
        // them), so no F_GETFL is needed.
        guard menud_fcntl_setfl(opened.number, flags & ~O_NONBLOCK) == 0 else {
            return .failure(.system(.current("fcntl")))
        }
        return .success((opened, status))
    }

    /// The parent directory of the relative `path` (opened beneath this one) and the last name.
    public func openParent(of path: [UInt8]) -> Result<(directory: DirectoryDescriptor, name: [UInt8]), PathAccessError> {
        if let problem = DirectoryDescriptor.problem(with: path) { return .failure(problem) }
        guard !path.isEmpty else { return .failure(.invalidName) }
        let last = path.lastIndex(of: 0x2F).map { Array(path[($0 + 1)...]) } ?? path
        let parent = Array(path.prefix(max(0, path.count - last.count - 1)))
        return openDirectory(beneath: parent).map { ($0, last) }
    }

    /// `lstat` of the relative `path` beneath this directory: its parents resolved without
    /// links, the last name not followed.
    public func status(beneath path: [UInt8]) -> Result<FileStatus, PathAccessError> {
        openParent(of: path).flatMap { parent in parent.directory.status(ofEntry: parent.name) }
    }

    /// `fstatat` of one entry of this directory, not following a link.
    public func status(ofEntry name: [UInt8]) -> Result<FileStatus, PathAccessError> {
        guard DirectoryDescriptor.isEntryName(name) else { return .failure(.invalidName) }
        var info = Glibc.stat()
        let result = NativePath.withCString(name) { fstatat(descriptor.number, $0, &info, AT_SYMLINK_NOFOLLOW) }
        guard result == 0 else { return .failure(.from(errno: errno, operation: "fstatat")) }
        return .success(FileStatus(info))
    }

    /// `fstat` of this directory.
    public func status() -> Result<FileStatus, SystemError> {
        descriptor.status()
    }

    /// True for a name that can be one entry: not empty, not `.` or `..`, no `/` and no NUL.
    public static func isEntryName(_ name: [UInt8]) -> Bool {
        !name.isEmpty && name != [0x2E] && name != [0x2E, 0x2E] && !name.contains(0x2F) && !name.contains(0)
    }

    /// Why `path` is not "" (the directory itself) or entry names joined by single `/`:
    /// `.outsideRoot` for a leading `/` or a `..` (refused even where it would come back
    /// down: no lookup here ever goes up), `.invalidName` for `.`, an empty name or a NUL.
    static func problem(with path: [UInt8]) -> PathAccessError? {
        guard !path.isEmpty else { return nil }
        if path.first == 0x2F { return .outsideRoot }
        let names = path.split(separator: 0x2F, omittingEmptySubsequences: false)
        if names.contains(where: { $0.elementsEqual([0x2E, 0x2E]) }) { return .outsideRoot }
        return names.allSatisfy { isEntryName(Array($0)) } ? nil : .invalidName
    }
}
