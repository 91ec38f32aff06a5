import Foundation
import MenudPluginAPI

extension FileActions {
    /// Move to Trash: moves each of `files` to the trash (see ``TrashCan``), continuing past
    /// failures and naming them at the end.
    func moveToTrash(_ context: ActionContext, files: [TargetFile]) async throws -> ActionOutcome {
        guard !files.isEmpty else {
            return ActionOutcome(message: "No files to move to the Trash")
        }
        var trashed: [TrashCan.Trashed] = []
        var failures: [String] = []
        for (index, file) in files.enumerated() {
            try context.checkCancellation()
            do {
                trashed.append(try trashCan.moveToTrash(file.absolutePath))
                context.log.info("moved \(file.path) to the Trash")
            } catch let error as FileActionError {
                failures.append(error.message)
            }
            if files.count > 1 {
                context.progress.report(fraction: Double(index + 1) / Double(files.count))
            }
        }
        if !failures.isEmpty {
            let done = trashed.isEmpty ? "" : "Moved \(trashed.count) of \(files.count) files to the Trash. "
            throw ActionFailure(done + failures.joined(separator: " "))
        }
        let message = files.count == 1
            ? "Moved \(files[0].name) to the Trash" : "Moved \(files.count) files to the Trash"
        return ActionOutcome(message: message, output: trashed.map(\.trashedPath).joined(separator: "\n"))
    }
}
