import Foundation
import MenudNative
import MenudPluginAPI

extension FileActions {
    /// Move to Trash: moves each of `files` to the trash (see ``TrashCan``), continuing past
    /// failures and naming them at the end. Each file is reached through its folder opened
    /// beneath the root and checked to be the file the menu showed; the trash is chosen from
    /// that file's device. A file already in the Trash (when the trash lies inside the watched
    /// folder) is never moved again. With `sweep` (a directory-wide clean-up) such files, and
    /// files whose size or modification time is no longer what the action was given (written
    /// to since its start), are left where they are without failing the action.
    func moveToTrash(_ context: ActionContext, files: [TargetFile], sweep: Bool = false) async throws -> ActionOutcome {
        guard !files.isEmpty else {
            return ActionOutcome(message: "No files to move to the Trash")
        }
        let rootPath = Array(context.root.utf8)
        let rootDirectory = try context.openedRoot()
        let root = TrashRoot(path: rootPath, directory: rootDirectory)
        let can = TrashCan(locator: trashCan.locator.resolving(beneath: rootPath, root: rootDirectory), now: trashCan.now)
        var trashed: [TrashCan.Trashed] = []
        var failures: [String] = []
        var written: [String] = []
        var alreadyTrashed = 0
        for (index, file) in files.enumerated() {
            try context.checkCancellation()
            let absolutePath = TrashPaths.join(rootPath, file.pathBytes)
            do {
                let entry: TargetEntry
                do {
                    entry = try context.openParent(of: file)
                } catch {
                    throw FileActionError(error.failure("move \(file.absolutePath) to the Trash").message)
                }
                if sweep && !entry.isUnchanged {
                    written.append(file.path)
                    continue
                }
                let request = TrashCan.Request(
                    folder: entry.directory, name: entry.name, identity: entry.identity, absolutePath: absolutePath)
                trashed.append(try can.moveToTrash(request, device: entry.status.device, root: root))
                context.log.info("moved \(file.path) to the Trash")
            } catch let error as FileActionError {
                failures.append(error.message)
                context.log.warning(error.message)
            } catch let error as TrashCan.AlreadyInTrash {
                if sweep { alreadyTrashed += 1 } else { failures.append(error.message) }
            }
            if files.count > 1 {
                context.progress.report(fraction: Double(index + 1) / Double(files.count))
            }
        }
        if !failures.isEmpty {
            let done = trashed.isEmpty ? "" : "Moved \(trashed.count) of \(files.count) files to the Trash. "
            throw ActionFailure(done + FailureList.text(failures))
        }
        var message = trashed.count == 1 && files.count == 1
            ? "Moved \(files[0].name) to the Trash" : "Moved \(trashed.count) \(trashed.count == 1 ? "file" : "files") to the Trash"
        if !written.isEmpty {
            let shown = written.prefix(3).joined(separator: ", ") + (written.count > 3 ? ", …" : "")
            message += "; left \(written.count) being written to since the action started (\(shown))"
        }
        if alreadyTrashed > 0 {
            message += "; left \(alreadyTrashed) already in the Trash"
        }
        return ActionOutcome(message: message, output: trashed.map(\.trashedPath).joined(separator: "\n"))
    }
}
