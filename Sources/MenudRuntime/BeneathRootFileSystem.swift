import MenudCore
import MenudNative
import MenudProtocol

/// ``TargetFileSystem`` over the root's descriptor: each path's folder is opened beneath the
/// root with `openat2` (no symbolic link at any level, never above the root), then its last name
/// is `fstatat`-ed without following it.
///
/// Paths come sorted more often than not (menus, the tracker's list), so the last folder opened
/// is kept for the next path in it. One instance serves one thread at a time.
final class BeneathRootFileSystem: TargetFileSystem {
    private let root: DirectoryDescriptor?
    private var lastFolder: (path: [UInt8], opened: Result<DirectoryDescriptor, PathAccessError>)?

    init(root: DirectoryDescriptor?) {
        self.root = root
    }

    func lookUp(_ path: RelativePath) -> PathLookup {
        guard let root else { return .failed("the watched folder is not open (it was removed or moved away)") }
        let folder = path.parent?.bytes ?? []
        let opened: Result<DirectoryDescriptor, PathAccessError>
        if let last = lastFolder, last.path == folder {
            opened = last.opened
        } else {
            opened = root.openDirectory(beneath: folder)
            lastFolder = (folder, opened)
        }
        switch opened.flatMap({ $0.statusAndBirth(ofEntry: path.lastComponent) }) {
        case .success(let (status, born)):
            let birth = status.kind == .file ? born : nil
            return .found(PathEntry(kind: PathEntryKind(status.kind), node: FileNodeID(device: status.device, inode: status.inode),
                                    facts: FileFacts(status), birthNs: birth))
        case .failure(.notFound): return .missing
        case .failure(.notADirectory): return whatBlocks(path, in: root)
        case .failure(.symbolicLink), .failure(.outsideRoot): return .linkOnTheWay
        case .failure(let error) where error.isOutOfDescriptors: return .outOfDescriptors
        case .failure(let error): return .failed("\(error)")
        }
    }
}

extension BeneathRootFileSystem {
    /// A folder on the way is not a folder: say whether it became a link (a swap that would
    /// lead elsewhere) or something else. Only asked after a failure, so the extra look-ups cost
    /// nothing in the usual case.
    private func whatBlocks(_ path: RelativePath, in root: DirectoryDescriptor) -> PathLookup {
        var folder = RelativePath.root
        for component in path.components.dropLast() {
            folder = folder.appending(component: component)
            if case .success(let status) = root.status(beneath: folder.bytes), status.kind != .directory {
                return status.kind == .symlink ? .linkOnTheWay : .notADirectory
            }
        }
        return .notADirectory
    }
}

extension PathEntryKind {
    init(_ kind: FileStatus.Kind) {
        switch kind {
        case .file: self = .file
        case .directory: self = .directory
        case .symlink: self = .symlink
        case .other: self = .other
        }
    }
}
