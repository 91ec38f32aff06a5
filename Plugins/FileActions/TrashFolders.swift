import Glibc
import MenudNative

/// The watched root for the trash: its path, and its descriptor that paths inside it resolve
/// beneath.
struct TrashRoot: Sendable {
    let path: [UInt8]
    let directory: DirectoryDescriptor
}

/// A trash's `files/` and `info/`, opened as descriptors. The trash directory and these two
/// are created (mode 0700) when missing and never opened through a symbolic link; the folder
/// they hang from is the mount point (`$topdir`) or the nearest existing folder above the home
/// trash, opened by its path, or beneath the root's descriptor when it lies inside the root.
/// The shared `$topdir/.Trash` is never created and must have the sticky bit. Every other
/// folder of the trash (the trash directory itself, `files/`, `info/`) must belong to this
/// process's user and not be writable by everyone: on a shared file system another user can
/// create `.Trash-$uid` or `files/` before us, and a trashed file moved there would be theirs.
struct TrashFolders {
    /// The trash directory itself, which holds `files/` and `info/`.
    let directory: DirectoryDescriptor
    let files: DirectoryDescriptor
    let info: DirectoryDescriptor

    /// Whether `folder` is one of this trash's own folders: a file there is already in the
    /// Trash (or is its bookkeeping), which happens when the trash lies inside the watched
    /// folder (a watched home, or a watched drive with its `.Trash-$uid` at the top).
    func holds(_ folder: DirectoryDescriptor) -> Bool {
        guard case .success(let status) = folder.status() else { return false }
        return [directory, files, info].contains { own in
            guard case .success(let ownStatus) = own.status() else { return false }
            return ownStatus.device == status.device && ownStatus.inode == status.inode
        }
    }

    static func open(_ location: TrashLocation, root: TrashRoot?, inspect: ([UInt8]) -> TrashLocator.Node?) throws -> TrashFolders {
        let directory = location.directoryBytes
        var base = location.topDirectoryBytes ?? TrashPaths.parent(of: directory)
        if location.topDirectoryBytes == nil, let root, TrashPaths.relative(directory, to: root.path) != nil {
            base = root.path
        } else if location.topDirectoryBytes == nil {
            while base != [0x2F], inspect(base) == nil { base = TrashPaths.parent(of: base) }
        }
        var current = try openBase(base, root: root)
        var path = base
        let names = (TrashPaths.relative(directory, to: base) ?? []).split(separator: 0x2F).map { Array($0) }
        for (index, name) in names.enumerated() {
            path = TrashPaths.join(path, name)
            let isShared = location.topDirectoryBytes != nil && names.count == 2 && index == 0
            current = try step(into: name, of: current, path: path, create: !isShared, owned: !isShared)
            if isShared {
                guard case .success(let status) = current.status(), status.mode & 0o1000 != 0 else {
                    throw FileActionError("\(shown(path)) lost its sticky bit; the Trash cannot be used until it has it back.")
                }
            }
        }
        return TrashFolders(
            directory: current,
            files: try step(into: Array("files".utf8), of: current, path: TrashPaths.join(path, Array("files".utf8)), create: true),
            info: try step(into: Array("info".utf8), of: current, path: TrashPaths.join(path, Array("info".utf8)), create: true))
    }

    private static func openBase(_ base: [UInt8], root: TrashRoot?) throws -> DirectoryDescriptor {
        if let root, let relative = TrashPaths.relative(base, to: root.path) {
            switch root.directory.openDirectory(beneath: relative) {
            case .success(let opened): return opened
            case .failure(let error): throw FileActionError("Cannot open the Trash's folder \(shown(base)): \(error).")
            }
        }
        switch DirectoryDescriptor.open(path: base) {
        case .success(let opened): return opened
        case .failure(let error): throw FileActionError("Cannot open the Trash's folder \(shown(base)): \(error.message).")
        }
    }

    /// Opens (creating it first, with `create`) the folder `name` of `parent`, refusing a link
    /// and, with `owned`, a folder of another user or one others can write to.
    private static func step(
        into name: [UInt8], of parent: DirectoryDescriptor, path: [UInt8], create: Bool, owned: Bool = true
    ) throws -> DirectoryDescriptor {
        if create, case .failure(let error) = parent.makeDirectory(named: name, mode: 0o700) {
            throw FileActionError("Cannot create the Trash folder \(shown(path)): \(error).")
        }
        switch parent.openDirectory(beneath: name) {
        case .success(let opened):
            if owned { try checkOwned(opened, path: path) }
            return opened
        case .failure(.symbolicLink), .failure(.notADirectory):
            throw FileActionError("\(shown(path)) is not a directory; the Trash cannot be used until it is.")
        case .failure(let error):
            throw FileActionError("Cannot open the Trash folder \(shown(path)): \(error).")
        }
    }

    /// Refuses a trash folder that is not this user's alone (the freedesktop.org specification
    /// asks implementations to check that `.Trash-$uid` is the user's; `files/` and `info/` get
    /// the same check, since whoever controls them controls what is moved in).
    private static func checkOwned(_ folder: DirectoryDescriptor, path: [UInt8]) throws {
        let status: FileStatus
        switch folder.status() {
        case .success(let found): status = found
        case .failure(let error): throw FileActionError("Cannot check the Trash folder \(shown(path)): \(error.message). Nothing was moved.")
        }
        let user = geteuid()
        guard status.uid == user else {
            throw FileActionError(
                "\(shown(path)) belongs to another user (uid \(status.uid)), so the Trash there cannot be used: a file moved in "
                    + "would be theirs. Nothing was moved. Remove that folder, or set trashDirectory to a folder of yours.")
        }
        // Writable by all is refused; writable by the group is left alone, since with the usual
        // umask 002 and a group of one's own every folder is, and the specification asks only
        // for the owner.
        guard status.mode & 0o002 == 0 else {
            throw FileActionError(
                "\(shown(path)) can be written by other users, so the Trash there cannot be used: they could take what is moved in. "
                    + "Nothing was moved. Run chmod o-w on it, then try again.")
        }
    }

    static func shown(_ path: [UInt8]) -> String { String(decoding: path, as: UTF8.self) }
}
