import MenudCore
import MenudNative
import MenudProtocol

extension MenuService {
    /// The watched folder opened for one menu's look-ups, and the folder's own device and inode:
    /// an action whose turn comes after the folder was moved away and its path pointed
    /// elsewhere is refused (see TargetCheck). Both `nil` while the root is gone. Throws -32040
    /// when no descriptor was free to open it: a menu that could not see its folder could never
    /// act, so none is shown.
    func openRootForMenu() throws -> (directory: DirectoryDescriptor?, node: FileNodeID?) {
        switch openRoot() {
        case .success(let opened): return (opened.directory, opened.node)
        case .failure(.outOfDescriptors): throw MenuService.outOfDescriptors
        case .failure(.gone): return (nil, nil)
        }
    }

    /// What a target's name stands for now, looked up beneath the root without following
    /// links: its device and inode and its birth time (ext4 gives a new file the inode number
    /// of one just removed, so device and inode alone would take the new file for the one
    /// shown). `nil` when the name is not a regular file: the action then never runs on it.
    /// Throws -32040 when no descriptor was free to look: that says nothing of the file, and a
    /// menu keeping no identity for it could only refuse its action later as a replacement.
    func identify(_ path: RelativePath, in fileSystem: BeneathRootFileSystem) throws -> (node: FileNodeID?, birthNs: Int64?) {
        switch fileSystem.lookUp(path) {
        case .found(let entry) where entry.kind == .file: return (entry.node, entry.birthNs)
        case .outOfDescriptors: throw MenuService.outOfDescriptors
        default: return (nil, nil)
        }
    }

    /// `menu.open` found no file descriptor free for its look-ups.
    static var outOfDescriptors: RPCError {
        .busy(limit: "openFiles", "the daemon has no file descriptor free to look up the menu's files (it is at its open-file limit), so no menu was opened; try again once some actions have finished or some clients have left, or raise the daemon's open-file limit (ulimit -n, LimitNOFILE= under systemd)")
    }
}
