import Foundation
import Glibc

/// Moves files to the trash per the freedesktop.org Trash specification.
///
/// For each file: choose the trash (``TrashLocator``); create `files/` and `info/` (mode 0700);
/// reserve a name by creating `info/NAME.trashinfo` with `O_EXCL` (on a clash, try `NAME.2.ext`,
/// `NAME.3.ext`, ...), also making sure `files/NAME` is free; write `[Trash Info]`, `Path=` and
/// `DeletionDate=`; then `rename` the file to `files/NAME`. If the rename fails, the info file is
/// removed again and the file stays where it was. Nothing is ever deleted outright.
struct TrashCan: Sendable {
    /// Where a trashed file went.
    struct Trashed: Hashable, Sendable {
        /// The file's new path inside `files/`.
        let trashedPath: String
        /// Its `.trashinfo` file.
        let infoPath: String
    }

    let locator: TrashLocator
    let now: @Sendable () -> Date

    /// Moves the file at `absolutePath` to the trash.
    func moveToTrash(_ absolutePath: String) throws -> Trashed {
        let location = try locator.location(for: absolutePath)
        try prepare(location)
        let name = TrashedName(absolutePath)
        let recordedPath: String
        if let top = location.topDirectory {
            recordedPath = top == "/" ? String(absolutePath.dropFirst()) : String(absolutePath.dropFirst(top.count + 1))
        } else {
            recordedPath = absolutePath
        }
        let contents = Data(TrashInfo.contents(path: recordedPath, deletedAt: now()).utf8)
        for attempt in 1...10_000 {
            let candidate = name.candidate(attempt)
            let infoPath = location.infoDirectory + "/" + candidate + ".trashinfo"
            let trashedPath = location.filesDirectory + "/" + candidate
            let handle: FileHandle
            switch try ExclusiveFile.create(infoPath, mode: 0o600) {
            case .exists: continue
            case .created(let created): handle = created
            }
            if ExclusiveFile.exists(trashedPath) {  // a leftover without info: leave it, pick another name
                try? handle.close()
                try? FileManager.default.removeItem(atPath: infoPath)
                continue
            }
            do {
                try handle.write(contentsOf: contents)
                try handle.close()
            } catch {
                try? FileManager.default.removeItem(atPath: infoPath)
                throw FileActionError("Cannot write \(infoPath): \(SystemErrorText.describe(error)). Nothing was moved.")
            }
            guard rename(absolutePath, trashedPath) == 0 else {
                let reason = SystemErrorText.describe(errno: errno)
                try? FileManager.default.removeItem(atPath: infoPath)
                throw FileActionError("Cannot move \(absolutePath) to the Trash: \(reason). The file was left where it was.")
            }
            return Trashed(trashedPath: trashedPath, infoPath: infoPath)
        }
        throw FileActionError("The Trash already holds 10000 files named like \(name.original); empty it and try again.")
    }

    /// Creates the trash directory and its `files/` and `info/` (mode 0700), refusing symbolic links.
    private func prepare(_ location: TrashLocation) throws {
        let manager = FileManager.default
        for directory in [location.directory, location.filesDirectory, location.infoDirectory] {
            if let node = locator.inspect(directory) {
                guard node.isDirectory, !node.isSymbolicLink else {
                    throw FileActionError("\(directory) is not a directory; the Trash cannot be used until it is.")
                }
                continue
            }
            do {
                // Only the home trash may need its parents made; a top-level trash sits in $topdir.
                try manager.createDirectory(
                    atPath: directory, withIntermediateDirectories: location.topDirectory == nil,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw FileActionError("Cannot create the Trash folder \(directory): \(SystemErrorText.describe(error)).")
            }
        }
    }
}
