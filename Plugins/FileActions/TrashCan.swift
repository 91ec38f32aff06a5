import MenudNative
import MenudPluginAPI

/// Moves files to the trash per the freedesktop.org Trash specification.
///
/// For each file: choose the trash (``TrashLocator``, from the device of the checked file);
/// open the trash's `files/` and `info/` as descriptors (``TrashFolders``: created with mode
/// 0700, never through a link); reserve a name by creating `NAME.trashinfo` in `info/`
/// exclusively (on a clash, try `NAME.2.ext`, `NAME.3.ext`, ...), also making sure `files/NAME`
/// is free; write `[Trash Info]`, `Path=` and `DeletionDate=`; then move the file from its
/// folder's descriptor to `files/NAME` without replacing anything (``CheckedMove``). If the move
/// fails, the info file is removed again and the file stays where it was. Nothing is ever
/// deleted outright.
struct TrashCan: Sendable {
    /// Where a trashed file went.
    struct Trashed: Hashable, Sendable {
        /// The file's new path inside `files/`.
        let trashedPath: String
        /// Its `.trashinfo` file.
        let infoPath: String
    }

    /// One file to trash: its name in its open folder, the identity it was checked to have,
    /// and its absolute path (for `Path=`, and to find the trash on its file system).
    struct Request {
        let folder: DirectoryDescriptor
        let name: [UInt8]
        let identity: FileIdentity
        let absolutePath: [UInt8]

        var shownPath: String { String(decoding: absolutePath, as: UTF8.self) }
    }

    /// The file asked for is already in the Trash (or is one of its `.trashinfo` files).
    struct AlreadyInTrash: Error {
        let shownPath: String

        var message: String { "\(shownPath) is already in the Trash; it was left there." }
    }

    let locator: TrashLocator
    let now: @Sendable () -> CalendarTime

    /// Moves the file known only by its absolute path (its folder opened by that path) to the
    /// trash. Actions use ``moveToTrash(_:root:)`` with the folder opened beneath the root.
    func moveToTrash(_ absolutePath: String) throws -> Trashed {
        let path = Array(absolutePath.utf8)
        guard let node = locator.inspectBytes(path) else {
            throw FileActionError("Cannot move \(absolutePath) to the Trash: it no longer exists.")
        }
        let folder: DirectoryDescriptor
        switch DirectoryDescriptor.open(path: TrashPaths.parent(of: path)) {
        case .success(let opened): folder = opened
        case .failure(let error): throw FileActionError("Cannot move \(absolutePath) to the Trash: \(error.message).")
        }
        let name = TrashPaths.lastName(of: path)
        guard case .success(let status) = folder.status(ofEntry: name) else {
            throw FileActionError("Cannot move \(absolutePath) to the Trash: it no longer exists.")
        }
        guard status.kind == .file else {
            throw FileActionError("Cannot move \(absolutePath) to the Trash: it is \(status.kind.article).")
        }
        let request = Request(
            folder: folder, name: name, identity: FileIdentity(device: status.device, inode: status.inode), absolutePath: path)
        return try moveToTrash(request, device: node.device, root: nil)
    }

    /// Moves the checked file of `request`, on `device`, to the trash; trash folders inside the
    /// watched `root` are reached beneath its descriptor.
    func moveToTrash(_ request: Request, device: UInt64, root: TrashRoot?) throws -> Trashed {
        let location = try locator.location(for: request.absolutePath, device: device)
        let folders = try TrashFolders.open(location, root: root, inspect: locator.inspectBytes)
        if TrashPaths.relative(request.absolutePath, to: location.directoryBytes) != nil || folders.holds(request.folder) {
            throw AlreadyInTrash(shownPath: request.shownPath)
        }
        let name = TrashedName(request.name)
        let recordedPath = location.topDirectoryBytes.flatMap { TrashPaths.relative(request.absolutePath, to: $0) }
            ?? request.absolutePath
        let contents = Array(TrashInfo.contents(path: recordedPath, deletedAt: now()).utf8)
        for attempt in 1...10_000 {
            let candidate = name.candidate(attempt)
            let infoName = candidate + Array(".trashinfo".utf8)
            let shownCandidate = String(decoding: candidate, as: UTF8.self)
            let infoPath = location.infoDirectory + "/" + shownCandidate + ".trashinfo"
            let trashedPath = location.filesDirectory + "/" + shownCandidate
            let info: FileDescriptor
            switch folders.info.createFile(named: infoName, mode: 0o600) {
            case .failure(let error): throw FileActionError("Cannot create \(infoPath): \(error). Nothing was moved.")
            case .success(nil): continue
            case .success(let created?): info = created
            }
            if case .success = folders.files.status(ofEntry: candidate) {  // a leftover without info: leave it
                _ = folders.info.removeEntry(infoName)
                continue
            }
            if case .failure(let error) = info.write(contents) {
                _ = folders.info.removeEntry(infoName)
                throw FileActionError("Cannot write \(infoPath): \(error.message). Nothing was moved.")
            }
            let outcome = CheckedMove.move(
                request.name, in: request.folder, identity: request.identity, to: folders.files, as: candidate)
            if outcome != .moved { _ = folders.info.removeEntry(infoName) }
            switch outcome {
            case .moved:
                return Trashed(trashedPath: trashedPath, infoPath: infoPath)
            case .nameTaken:
                continue
            case .failed(let error):
                throw FileActionError(
                    "Cannot move \(request.shownPath) to the Trash: \(error). The file was left where it was.")
            case .swapped(let putBack):
                throw FileActionError(
                    "Cannot move \(request.shownPath) to the Trash: "
                        + CheckedMove.swappedText(putBack: putBack, newName: trashedPath) + ".")
            }
        }
        throw FileActionError("The Trash already holds 10000 files named like \(name.shown); empty it and try again.")
    }
}
