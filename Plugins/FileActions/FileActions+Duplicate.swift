import MenudNative
import MenudPluginAPI

extension FileActions {
    /// Duplicate: copies each file next to itself as "name copy.ext", "name copy 2.ext", ...,
    /// never overwriting anything.
    func duplicate(_ context: ActionContext) async throws -> ActionOutcome {
        let files = context.files
        let totalBytes = max(1, files.reduce(Int64(0)) { $0 + $1.size })
        var doneBytes: Int64 = 0
        var created: [String] = []
        var failures: [String] = []
        for file in files {
            try context.checkCancellation()
            do {
                let copy = try await Self.duplicate(file, context: context) { copied in
                    context.progress.report(
                        fraction: Double(doneBytes + copied) / Double(totalBytes), message: "Copying \(file.name)")
                }
                created.append(copy)
            } catch let error as FileActionError {
                failures.append(error.message)
                context.log.warning(error.message)
            }
            doneBytes += file.size
        }
        for name in created { context.log.info("duplicated as \(name)") }
        if !failures.isEmpty {
            let done = created.isEmpty ? "" : "Duplicated \(created.count) of \(files.count) files. "
            throw ActionFailure(done + FailureList.text(failures))
        }
        if created.count == 1 {
            return ActionOutcome(message: "Duplicated \(files[0].name) as \(created[0])")
        }
        return ActionOutcome(message: "Duplicated \(created.count) files", output: created.joined(separator: "\n"))
    }

    /// Copies `file` to the first free duplicate name beside it and returns that name. The file
    /// is read through its folder's descriptor and the copy created in the same descriptor, so
    /// both stay in the folder the menu showed whatever happens to the path above it.
    static func duplicate(
        _ file: TargetFile, context: ActionContext, progress: (Int64) -> Void
    ) async throws -> String {
        let entry: TargetEntry
        let input: FileDescriptor
        do {
            entry = try context.openParent(of: file)
            input = try entry.openForReading()
        } catch {
            throw FileActionError(error.failure("duplicate \(file.name)").message)
        }
        // Written to since the action started: a copy would hold half a file (why Duplicate is
        // disabled while a file is pending).
        guard entry.isUnchanged else {
            throw FileActionError("Cannot duplicate \(file.name): it is being written to (it changed since the action started). Try again once it is ready.")
        }
        let mode = (try? input.status().get().mode) ?? entry.status.mode
        for attempt in 1...10_000 {
            let name = DuplicateNamer.candidate(for: entry.name, attempt: attempt)
            guard name.count <= NewNameRules.maxNameBytes else {
                throw FileActionError("Cannot duplicate \(file.name): the copy's name would be too long.")
            }
            let shown = String(decoding: name, as: UTF8.self)
            if try await FileCopier.copy(
                input, named: file.name, mode: mode, into: entry.directory, as: name, shownName: shown,
                unchangedFrom: (file.size, file.mtimeMs), progress: progress)
            {
                return shown
            }
        }
        throw FileActionError("Cannot duplicate \(file.name): 10000 copies already exist.")
    }
}
