import MenudCore
import MenudNative
import MenudProtocol

extension MenuService {
    /// The watched folder opened for one menu's look-ups, and the folder's own device and inode:
    /// an action whose turn comes after the folder was moved away and its path pointed
    /// elsewhere is refused (see TargetCheck). Both `nil` while the root is gone.
    func openRootForMenu() -> (directory: DirectoryDescriptor?, node: FileNodeID?) {
        let directory = openRoot()
        let node = directory.flatMap { try? $0.status().get() }.map { FileNodeID(device: $0.device, inode: $0.inode) }
        return (directory, node)
    }

    /// What a target's name stands for now, looked up beneath the root without following
    /// links: its device and inode and its birth time (ext4 gives a new file the inode number
    /// of one just removed, so device and inode alone would take the new file for the one
    /// shown). `nil` when the name is not a regular file: the action then never runs on it.
    func identify(_ path: RelativePath, in fileSystem: BeneathRootFileSystem) -> (node: FileNodeID?, birthNs: Int64?) {
        guard case .found(let entry) = fileSystem.lookUp(path), entry.kind == .file else { return (nil, nil) }
        return (entry.node, entry.birthNs)
    }
}
