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
        var run = try TrashRun(trashCan: trashCan, context: context, expected: files.count, sweep: sweep)
        for file in files { try run.trash(file) }
        return try run.outcome()
    }

    /// Move Expired Files to Trash: the files expired as the action runs, asked of the folder a
    /// page at a time (each file looked up beneath the root as its page is read, with the
    /// identity it has then), each trashed as ``moveToTrash(_:files:)`` trashes it. A file
    /// written again since the menu opened is pending, not expired, and stays; so does one
    /// written while the action runs, and one already in the Trash.
    func moveExpiredToTrash(_ context: ActionContext) async throws -> ActionOutcome {
        guard let directory = context.directory else {
            throw ActionFailure("Move Expired Files to Trash works on the whole folder; open the folder's menu to use it.")
        }
        var run = try TrashRun(trashCan: trashCan, context: context, expected: directory.counts.expired, sweep: true)
        var next: TargetFileQuery? = TargetFileQuery(state: .expired)
        while let query = next {
            let page = try await directory.page(query)
            for file in page.files where file.state == .expired { try run.trash(file) }
            next = page.next
        }
        guard run.attempted > 0 else {
            return ActionOutcome(message: "No files to move to the Trash")
        }
        return try run.outcome()
    }
}
