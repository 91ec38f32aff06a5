import MenudNative
import MenudPluginAPI

/// One Move to Trash over several files, one at a time: what went, what failed and why, and
/// the progress reported on the way. A file already in the Trash (when the trash lies inside
/// the watched folder) is never moved again. A `sweep` (a directory-wide clean-up) leaves such
/// files, and files written to since they were looked up, where they are without failing.
struct TrashRun {
    private let context: ActionContext
    private let can: TrashCan
    private let root: TrashRoot
    private let rootPath: [UInt8]
    /// How many files are expected, for the progress fraction (a walk may find more or fewer).
    private let expected: Int
    private let sweep: Bool
    private(set) var attempted = 0
    private var firstName = ""
    private var trashed: [TrashCan.Trashed] = []
    private var failures: [String] = []
    private var written: [String] = []
    private var alreadyTrashed = 0

    init(trashCan: TrashCan, context: ActionContext, expected: Int, sweep: Bool = false) throws {
        self.context = context
        self.expected = expected
        self.sweep = sweep
        rootPath = Array(context.root.utf8)
        let rootDirectory = try context.openedRoot()
        root = TrashRoot(path: rootPath, directory: rootDirectory)
        can = TrashCan(locator: trashCan.locator.resolving(beneath: rootPath, root: rootDirectory), now: trashCan.now)
    }

    /// Moves `file` to the trash, reached through its folder beneath the root and checked to be
    /// the file the menu (or the folder's page) showed; a failure is kept for the end.
    mutating func trash(_ file: TargetFile) throws {
        try context.checkCancellation()
        if attempted == 0 { firstName = file.name }
        attempted += 1
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
                return
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
        reportProgress()
    }

    private func reportProgress() {
        if expected > 1 {
            context.progress.report(fraction: Double(attempted) / Double(expected))
        }
    }

    /// What the person reads: the files moved, or an ``ActionFailure`` naming each that was not.
    func outcome() throws -> ActionOutcome {
        if !failures.isEmpty {
            let done = trashed.isEmpty ? "" : "Moved \(trashed.count) of \(attempted) files to the Trash. "
            throw ActionFailure(done + FailureList.text(failures))
        }
        var message = trashed.count == 1 && attempted == 1
            ? "Moved \(firstName) to the Trash" : "Moved \(trashed.count) \(trashed.count == 1 ? "file" : "files") to the Trash"
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
