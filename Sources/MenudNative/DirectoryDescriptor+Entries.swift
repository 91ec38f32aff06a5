import CLinux
import Glibc

extension DirectoryDescriptor {
    /// Creates the regular file `name` in this directory with permission bits `mode` (before
    /// the umask), open for writing; `nil` when something (even a dangling link) has that name.
    public func createFile(named name: [UInt8], mode: UInt32) -> Result<FileDescriptor?, PathAccessError> {
        guard DirectoryDescriptor.isEntryName(name) else { return .failure(.invalidName) }
        let number = NativePath.withCString(name) {
            openat(descriptor.number, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
        }
        if number >= 0 { return .success(FileDescriptor(owning: number)) }
        if errno == EEXIST { return .success(nil) }
        return .failure(.from(errno: errno, operation: "openat"))
    }

    /// Creates the directory `name` here; `false` when the name is taken.
    public func makeDirectory(named name: [UInt8], mode: UInt32) -> Result<Bool, PathAccessError> {
        guard DirectoryDescriptor.isEntryName(name) else { return .failure(.invalidName) }
        let result = NativePath.withCString(name) { mkdirat(descriptor.number, $0, mode_t(mode)) }
        if result == 0 { return .success(true) }
        if errno == EEXIST { return .success(false) }
        return .failure(.from(errno: errno, operation: "mkdirat"))
    }

    /// Moves entry `name` of this directory to `newName` in `target` (which may be this
    /// directory), never replacing anything: `renameat2(RENAME_NOREPLACE)`. `false` when
    /// `newName` is taken. Where the file system lacks `RENAME_NOREPLACE`: a hard link then
    /// unlink (a link fails atomically on a taken name); where it lacks hard links too, a check
    /// that `newName` is free just before a plain rename (the one window left, on such file
    /// systems only). The entry moved is whatever has the name at that instant: callers that
    /// checked which file it was check the moved entry again.
    public func move(entry name: [UInt8], to target: DirectoryDescriptor, as newName: [UInt8]) -> Result<Bool, PathAccessError> {
        guard DirectoryDescriptor.isEntryName(name), DirectoryDescriptor.isEntryName(newName) else { return .failure(.invalidName) }
        let result = NativePath.withCString(name) { old in
            NativePath.withCString(newName) { new in
                menud_renameat2(descriptor.number, old, target.descriptor.number, new, 1)
            }
        }
        if result == 0 { return .success(true) }
        switch errno {
        case EEXIST: return .success(false)
        case EINVAL, ENOSYS: return moveByLinking(entry: name, to: target, as: newName)
        // Another file system (a move never copies), not a path leading out.
        case EXDEV: return .failure(.system(.current("renameat2")))
        default: return .failure(.from(errno: errno, operation: "renameat2"))
        }
    }

    private func moveByLinking(entry name: [UInt8], to target: DirectoryDescriptor, as newName: [UInt8]) -> Result<Bool, PathAccessError> {
        switch link(entry: name, to: target, as: newName) {
        case .success(false):
            return .success(false)
        case .success(true):
            guard case .failure(let error) = removeEntry(name) else { return .success(true) }
            _ = target.removeEntry(newName)  // the file keeps its old name only, as before
            return .failure(error)
        case .failure(.system(let error)) where [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, ENOSYS].contains(error.errno):
            switch target.status(ofEntry: newName) {
            case .success: return .success(false)
            case .failure(.notFound): break
            case .failure(let error): return .failure(error)
            }
            let renamed = NativePath.withCString(name) { old in
                NativePath.withCString(newName) { new in renameat(descriptor.number, old, target.descriptor.number, new) }
            }
            return renamed == 0 ? .success(true) : .failure(.from(errno: errno, operation: "renameat"))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// A hard link `newName` in `target` to entry `name` here; `false` when `newName` is taken.
    public func link(entry name: [UInt8], to target: DirectoryDescriptor, as newName: [UInt8]) -> Result<Bool, PathAccessError> {
        guard DirectoryDescriptor.isEntryName(name), DirectoryDescriptor.isEntryName(newName) else { return .failure(.invalidName) }
        let result = NativePath.withCString(name) { old in
            NativePath.withCString(newName) { new in linkat(descriptor.number, old, target.descriptor.number, new, 0) }
        }
        if result == 0 { return .success(true) }
        if errno == EEXIST { return .success(false) }
        if errno == EXDEV { return .failure(.system(.current("linkat"))) }
        return .failure(.from(errno: errno, operation: "linkat"))
    }

    /// Removes the (non-directory) entry `name`.
    public func removeEntry(_ name: [UInt8]) -> Result<Void, PathAccessError> {
        guard DirectoryDescriptor.isEntryName(name) else { return .failure(.invalidName) }
        let result = NativePath.withCString(name) { unlinkat(descriptor.number, $0, 0) }
        return result == 0 ? .success(()) : .failure(.from(errno: errno, operation: "unlinkat"))
    }

    /// Every entry of this directory except `.` and `..`, names as raw bytes. The listing has
    /// a position of its own (the directory opened again as `.`, not a `dup`, which would share
    /// this descriptor's): one descriptor, such as the root's, held by the loop and lent to
    /// the crawler and to actions, can be listed from several threads at once.
    public func entries() -> Result<[DirectoryEntry], SystemError> {
        let copy = openat(descriptor.number, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0 else { return .failure(.current("openat")) }
        guard let stream = fdopendir(copy) else {
            Glibc.close(copy)
            return .failure(.current("fdopendir"))
        }
        defer { closedir(stream) }
        return DirectoryReader.read(stream)
    }

    /// Whether this directory has an entry besides `.` and `..`, from the first batch of its
    /// listing. It moves this descriptor's listing position, which nothing uses (``entries()``
    /// has its own).
    public func hasEntries() -> Result<Bool, SystemError> {
        switch menud_directory_has_entries(descriptor.number) {
        case 1: return .success(true)
        case 0: return .success(false)
        default: return .failure(.current("getdents64"))
        }
    }
}
