import MenudNative
import MenudPluginAPI

extension FileActions {
    /// Rename…: gives the file the name typed by the person, in the same directory, refusing
    /// names that would leave the directory and names already taken. The rename goes through
    /// the folder's descriptor (``ActionContext/openParent(of:)``) and never replaces a file.
    func rename(_ context: ActionContext) async throws -> ActionOutcome {
        let file = try Self.singleFile(of: context, action: "Rename")
        guard let newName = context.input else {
            throw ActionFailure("Rename needs the new name; send it as input with menu.dismissed.")
        }
        if let problem = NewNameRules.problem(with: newName) {
            throw ActionFailure(problem)
        }
        let newBytes = Array(newName.utf8)
        guard newBytes != file.nameBytes else {
            throw ActionFailure("\(file.name) already has that name; type a different name.")
        }
        let entry: TargetEntry
        do {
            entry = try context.openParent(of: file)
        } catch {
            throw error.failure("rename \(file.name)")
        }
        // Written to since the action started: renaming a file under its writer is why Rename
        // is disabled while a file is pending.
        guard entry.isUnchanged else {
            throw ActionFailure("Cannot rename \(file.name): it is being written to (it changed since the action started). Try again once it is ready.")
        }
        let folder = file.path.contains("/") ? String(file.path[..<file.path.lastIndex(of: "/")!]) + "/" : "the folder"
        switch CheckedMove.move(entry.name, in: entry.directory, identity: entry.identity, to: entry.directory, as: newBytes) {
        case .moved:
            break
        case .nameTaken:
            throw ActionFailure("A file named \(newName) already exists in \(folder); choose another name.")
        case .failed(let error):
            throw ActionFailure("Cannot rename \(file.name): \(error).")
        case .swapped(let putBack):
            throw ActionFailure("Cannot rename \(file.name): \(CheckedMove.swappedText(putBack: putBack, newName: newName)).")
        }
        context.log.info("renamed \(file.path) to \(newName)")
        return ActionOutcome(message: "Renamed \(file.name) to \(newName)")
    }
}
