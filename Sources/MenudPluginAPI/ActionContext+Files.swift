import MenudNative

/// How actions reach their files: every call resolves the file's exact path bytes
/// (``TargetFile/pathBytes``) beneath the root's descriptor with `openat2(RESOLVE_BENEATH |
/// RESOLVE_NO_SYMLINKS)`, so no symbolic link at any level, no `..` and no swap of a folder
/// leads out of the root, a FIFO never blocks, and a name that now stands for another file
/// than the menu showed (``TargetFile/identity``) is refused with a ``FileAccessFailure``.
extension ActionContext {
    /// Checks that `file` is still the file the menu showed: its name, resolved beneath the
    /// root with no symbolic link at any level, is a regular file with the same device and
    /// inode. Returns what `lstat` says of it now. (A check only: the name may change right
    /// after; act through ``openForReading(_:)`` or ``openParent(of:)`` where you can.)
    @discardableResult
    public func verify(_ file: TargetFile) throws(FileAccessFailure) -> FileStatus {
        try openParent(of: file).status
    }

    /// Opens `file` for reading, checked as ``verify(_:)`` checks it. The descriptor reads the
    /// file the menu showed even if its name changes afterwards; a FIFO swapped in never blocks.
    public func openForReading(_ file: TargetFile) throws(FileAccessFailure) -> FileDescriptor {
        // Through the parent, so a name that now stands for a link, a folder or a FIFO is
        // reported as such (not as "a link on the way").
        try openParent(of: file).openForReading()
    }

    /// ``openForReading(_:)``, and what `fstat` said of the descriptor once it was open (the
    /// size, time and mode of the file it reads), so the action need not ask again.
    public func openForReadingWithStatus(_ file: TargetFile) throws(FileAccessFailure) -> (descriptor: FileDescriptor, status: FileStatus) {
        try openParent(of: file).openForReadingWithStatus()
    }

    /// The folder holding `file`, opened beneath the root with no link on the way, and the
    /// file's name in it, checked to still be the file the menu showed. Operations on the name
    /// through the folder's descriptor (rename, link, create beside it) stay in that folder
    /// whatever happens to the path above it.
    public func openParent(of file: TargetFile) throws(FileAccessFailure) -> TargetEntry {
        let root = try root(for: file)
        let parent: (directory: DirectoryDescriptor, name: [UInt8])
        switch root.openParent(of: file.pathBytes) {
        case .success(let opened): parent = opened
        case .failure(let error): throw FileAccessFailure(file: file, problem: .unreachable(error))
        }
        switch parent.directory.statusAndBirth(ofEntry: parent.name) {
        case .success(let (status, birth)):
            try check(status, against: file)
            if let born = file.birthNs, let now = birth, now != born {
                throw FileAccessFailure(file: file, problem: .replaced)  // a new file under a reused inode number
            }
            return TargetEntry(file: file, directory: parent.directory, name: parent.name, status: status)
        case .failure(let error):
            throw FileAccessFailure(file: file, problem: .unreachable(error))
        }
    }

    /// The root's descriptor (for operations beneath it), or the reason it could not be opened.
    /// The daemon holds it between requests and lends it to every action: go through its calls
    /// (each listing has a position of its own); never close its number.
    public func openedRoot() throws(ActionFailure) -> DirectoryDescriptor {
        switch rootDirectory {
        case .success(let directory): return directory
        case .failure(let error): throw ActionFailure("Cannot open the watched folder \(root): \(error.message).")
        }
    }

    private func root(for file: TargetFile) throws(FileAccessFailure) -> DirectoryDescriptor {
        switch rootDirectory {
        case .success(let directory): return directory
        case .failure(let error): throw FileAccessFailure(file: file, problem: .rootUnavailable(error))
        }
    }

    private func check(_ status: FileStatus, against file: TargetFile) throws(FileAccessFailure) {
        guard status.kind == .file else { throw FileAccessFailure(file: file, problem: .notARegularFile(status.kind)) }
        if let identity = file.identity, identity != FileIdentity(device: status.device, inode: status.inode) {
            throw FileAccessFailure(file: file, problem: .replaced)
        }
    }
}
