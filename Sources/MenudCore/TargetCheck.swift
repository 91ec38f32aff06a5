import MenudProtocol

/// The check made when an action is about to start (at dismissal, and again when a queued
/// action's turn comes): is each target still the file the menu showed?
///
/// A target passes when its exact name, resolved beneath the root without links, is a regular
/// file with the device and inode the menu saw, and the tracker still tracks it. What it gives
/// back is the file as it is now, with its current state; whether that state still allows the
/// action is decided by asking the item's plugin again (the runtime does that), except for the
/// runtime's own rule that a directory row of a pending file does nothing (`requireComplete`).
///
/// Pure: the file system is injected (``TargetFileSystem``), the tracker's knowledge is passed in.
public enum TargetCheck {
    /// Checks one target. `tracked` is what the tracker knows of its path now (`nil`: untracked).
    public static func check(
        _ shown: ShownFile, tracked: TrackedFile?, in fileSystem: some TargetFileSystem, requireComplete: Bool = false
    ) -> Result<CheckedFile, TargetChange> {
        let entry: PathEntry
        switch fileSystem.lookUp(shown.path) {
        case .found(let found): entry = found
        case .missing:
            return .failure(change(shown, .removed, "no longer exists"))
        case .notADirectory:
            return .failure(change(shown, .removed, "no longer exists (a folder on its way is no longer a folder)"))
        case .linkOnTheWay:
            return .failure(change(shown, .replaced, "is no longer reachable inside the watched folder (a folder on its way was replaced by a symbolic link)"))
        case .outOfDescriptors:
            return .failure(change(shown, .unreachable, TargetCheck.noDescriptorDetail))
        case .failed(let reason):
            return .failure(change(shown, .unreachable, "cannot be looked up (\(reason))"))
        }
        guard entry.kind == .file else {
            return .failure(change(shown, .type, "is now \(entry.kind.article), not the file the menu showed"))
        }
        guard let node = shown.node, node == entry.node else {
            return .failure(change(shown, .replaced, "was replaced by another file since the menu showed it"))
        }
        // The same numbers, but born later: a new file that got the inode of the removed one.
        if let seen = shown.birthNs, let now = entry.birthNs, seen != now {
            return .failure(change(shown, .replaced, "was replaced by another file since the menu showed it (a new file with the old one's inode number)"))
        }
        guard let tracked, tracked.path == shown.path else {
            return .failure(change(shown, .removed, "is no longer tracked"))
        }
        let state = current(tracked, on: entry)
        if requireComplete && state == .pending {
            return .failure(change(shown, .state, "is being written again (pending), so its row does nothing now"))
        }
        return .success(CheckedFile(path: shown.path, node: node, state: state, size: entry.facts.size, mtimeMs: entry.facts.mtimeMs,
                                    birthNs: shown.birthNs ?? entry.birthNs))
    }

    /// Checks every target in order; the first that changed stops the action.
    public static func checkAll(
        _ shown: [ShownFile], tracked: [TrackedFile?], in fileSystem: some TargetFileSystem, requireComplete: Bool = false
    ) -> Result<[CheckedFile], TargetChange> {
        precondition(shown.count == tracked.count, "one tracker entry (or nil) per shown file")
        var checked: [CheckedFile] = []
        checked.reserveCapacity(shown.count)
        for (file, known) in zip(shown, tracked) {
            switch check(file, tracked: known, in: fileSystem, requireComplete: requireComplete) {
            case .success(let current): checked.append(current)
            case .failure(let change): return .failure(change)
            }
        }
        return .success(checked)
    }

    /// The files a directory-wide action gets: every tracked file that is still a regular file
    /// under its name, with its state now. A name gone or no longer a regular file is left out
    /// (the tracker has not heard yet, and the file is not one it tracks any more); a file whose
    /// facts differ from the tracker's is being written and counts as pending. A name that
    /// cannot be looked up for want of a descriptor throws (`unreachable`): leaving it out would
    /// pass it over silently, as if it were gone.
    public static func currentFiles(_ tracked: [TrackedFile], in fileSystem: some TargetFileSystem) throws(TargetChange) -> [CheckedFile] {
        var files: [CheckedFile] = []
        files.reserveCapacity(tracked.count)
        for known in tracked {
            let lookup = fileSystem.lookUp(known.path)
            if lookup == .outOfDescriptors { throw TargetChange(path: known.path, kind: .unreachable, detail: noDescriptorDetail) }
            guard case .found(let entry) = lookup, entry.kind == .file else { continue }
            files.append(CheckedFile(path: known.path, node: entry.node, state: current(known, on: entry),
                                     size: entry.facts.size, mtimeMs: entry.facts.mtimeMs, birthNs: entry.birthNs))
        }
        return files
    }

    /// Why a look-up that found no descriptor free says nothing about the file.
    public static let noDescriptorDetail = "cannot be looked up now: the daemon has no file descriptor free (it is at its open-file limit), which says nothing about the file itself; try again once some actions have finished or some clients have left"

    /// The tracker's state, unless the disk shows a change the tracker has not seen yet.
    static func current(_ tracked: TrackedFile, on entry: PathEntry) -> FileState {
        entry.facts == tracked.facts ? tracked.state : .pending
    }

    private static func change(_ shown: ShownFile, _ kind: TargetChangeKind, _ detail: String) -> TargetChange {
        TargetChange(path: shown.path, kind: kind, detail: detail)
    }
}
