import MenudNative

/// A target file reached beneath the root: the folder holding it, open, and its exact name
/// there, checked to be the file the menu showed. Whatever happens to the path above the
/// folder afterwards (renamed, swapped for a link), operations through ``directory`` stay in
/// that folder: create beside the file with `directory.createFile(named:mode:)`, rename with
/// `directory.move(entry: name, to:, as:)`, read with ``openForReading()``.
public struct TargetEntry: Sendable {
    /// The file, as the menu showed it.
    public let file: TargetFile
    /// The folder holding it.
    public let directory: DirectoryDescriptor
    /// Its name in ``directory``: the exact bytes.
    public let name: [UInt8]
    /// What `lstat` said of the name when it was checked: a regular file, the one the menu showed.
    public let status: FileStatus

    /// The device and inode checked.
    public var identity: FileIdentity { FileIdentity(device: status.device, inode: status.inode) }

    /// Opens the file for reading through ``directory``, checked again (a FIFO swapped in never
    /// blocks; another file under the name is refused).
    public func openForReading() throws(FileAccessFailure) -> FileDescriptor {
        try openForReadingWithStatus().descriptor
    }

    /// ``openForReading()``, and what `fstat` said of the descriptor once it was open.
    public func openForReadingWithStatus() throws(FileAccessFailure) -> (descriptor: FileDescriptor, status: FileStatus) {
        switch directory.openCheckedFile(beneath: name) {
        case .success(let (opened, now)):
            guard FileIdentity(device: now.device, inode: now.inode) == identity else {
                throw FileAccessFailure(file: file, problem: .replaced)
            }
            return (opened, now)
        case .failure(.wrongKind(let kind)): throw FileAccessFailure(file: file, problem: .notARegularFile(kind))
        case .failure(let error): throw FileAccessFailure(file: file, problem: .unreachable(error))
        }
    }

    /// Whether the file still has the size and modification time the action was given
    /// (``TargetFile/size``, ``TargetFile/mtimeMs``): false once it is written to again, when
    /// its state would be pending.
    public var isUnchanged: Bool { status.size == file.size && status.mtimeMs == file.mtimeMs }

    /// Whether `name` in `folder` is still this file (after a rename moved it there).
    public func isStill(named name: [UInt8], in folder: DirectoryDescriptor) -> Bool {
        guard case .success(let now) = folder.status(ofEntry: name) else { return false }
        return now.kind == .file && FileIdentity(device: now.device, inode: now.inode) == identity
    }
}
