import Foundation
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
                let copy = try await Self.duplicate(file) { copied in
                    context.progress.report(
                        fraction: Double(doneBytes + copied) / Double(totalBytes), message: "Copying \(file.name)")
                }
                created.append(copy)
            } catch let error as FileActionError {
                failures.append(error.message)
            }
            doneBytes += file.size
        }
        for name in created { context.log.info("duplicated as \(name)") }
        if !failures.isEmpty {
            let done = created.isEmpty ? "" : "Duplicated \(created.count) of \(files.count) files. "
            throw ActionFailure(done + failures.joined(separator: " "))
        }
        if created.count == 1 {
            return ActionOutcome(message: "Duplicated \(files[0].name) as \(created[0])")
        }
        return ActionOutcome(message: "Duplicated \(created.count) files", output: created.joined(separator: "\n"))
    }

    /// Copies `file` to the first free duplicate name and returns that name.
    static func duplicate(_ file: TargetFile, progress: (Int64) -> Void) async throws -> String {
        for attempt in 1...10_000 {
            let name = DuplicateNamer.candidate(for: file.name, attempt: attempt)
            guard name.utf8.count <= NewNameRules.maxNameBytes else {
                throw FileActionError("Cannot duplicate \(file.name): the copy's name would be too long.")
            }
            let destination = file.directoryPath == "/" ? "/" + name : file.directoryPath + "/" + name
            if try await FileCopier.copy(file.absolutePath, to: destination, progress: progress) {
                return name
            }
        }
        throw FileActionError("Cannot duplicate \(file.name): 10000 copies already exist.")
    }
}
