import MenudNative

extension ActionContext {
    /// Checks that `file` is still the file the menu showed: its name, resolved beneath the
    /// root with no symbolic link at any level, is a regular file with the same device and
    /// inode. Returns what `lstat` says of it now.
    @discardableResult
    public func verify(_ file: TargetFile) throws(ActionFailure) -> FileStatus {
        let status: FileStatus
        switch try openedRoot().status(beneath: file.pathBytes) {
        case .success(let found): status = found
        case .failure(let error): throw ActionFailure("Cannot use \(file.path): \(error).")
        }
        try check(status, against: file)
        return status
    }

    /// Opens `file` for reading, checked as ``verify(_:)`` checks it. The descriptor reads the
    /// file the menu showed even if its name changes afterwards; a FIFO swapped in never blocks.
    public func openForReading(_ file: TargetFile) throws(ActionFailure) -> FileDescriptor {
        let opened: FileDescriptor
        switch try openedRoot().openFile(beneath: file.pathBytes) {
        case .success(let descriptor): opened = descriptor
        case .failure(let error): throw ActionFailure("Cannot open \(file.path): \(error).")
        }
        switch opened.status() {
        case .success(let status): try check(status, against: file)
        case .failure(let error): throw ActionFailure("Cannot open \(file.path): \(error.message).")
        }
        return opened
    }

    /// The folder holding `file`, opened beneath the root with no link on the way, and the
    /// file's name in it, checked to still be the file the menu showed. Operations on the name
    /// through the folder's descriptor (rename, link, create beside it) stay in that folder
    /// whatever happens to the path above it.
    public func openParent(of file: TargetFile) throws(ActionFailure) -> (directory: DirectoryDescriptor, name: [UInt8]) {
        let parent: (directory: DirectoryDescriptor, name: [UInt8])
        switch try openedRoot().openParent(of: file.pathBytes) {
        case .success(let opened): parent = opened
        case .failure(let error): throw ActionFailure("Cannot use \(file.path): \(error).")
        }
        switch parent.directory.status(ofEntry: parent.name) {
        case .success(let status): try check(status, against: file)
        case .failure(let error): throw ActionFailure("Cannot use \(file.path): \(error).")
        }
        return parent
    }

    /// The root's descriptor (for operations beneath it), or the reason it could not be opened.
    public func openedRoot() throws(ActionFailure) -> DirectoryDescriptor {
        switch rootDirectory {
        case .success(let directory): return directory
        case .failure(let error): throw ActionFailure("Cannot open the watched folder \(root): \(error.message).")
        }
    }

    private func check(_ status: FileStatus, against file: TargetFile) throws(ActionFailure) {
        guard status.kind == .file else {
            throw ActionFailure("Cannot use \(file.path): it is now \(status.kind.article), not the file the menu showed.")
        }
        if let identity = file.identity, identity != FileIdentity(device: status.device, inode: status.inode) {
            throw ActionFailure("Cannot use \(file.path): another file has taken its name since the menu showed it.")
        }
    }
}
