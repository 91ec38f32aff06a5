import Foundation
import MenudPluginAPI

extension FileActions {
    /// Rename…: gives the file the name typed by the person, in the same directory, refusing
    /// names that would leave the directory and names already taken.
    func rename(_ context: ActionContext) async throws -> ActionOutcome {
        let file = try Self.singleFile(of: context, action: "Rename")
        guard let newName = context.input else {
            throw ActionFailure("Rename needs the new name; send it as input with menu.dismissed.")
        }
        if let problem = NewNameRules.problem(with: newName) {
            throw ActionFailure(problem)
        }
        guard newName != file.name else {
            throw ActionFailure("\(file.name) already has that name; type a different name.")
        }
        let directory = file.directoryPath
        let destination = directory == "/" ? "/" + newName : directory + "/" + newName
        let folder = file.path.contains("/") ? String(file.path[..<file.path.lastIndex(of: "/")!]) + "/" : "the folder"
        // Checked first for a clear message; moveItem refuses an existing destination as well.
        guard !ExclusiveFile.exists(destination) else {
            throw ActionFailure("A file named \(newName) already exists in \(folder); choose another name.")
        }
        do {
            try FileManager.default.moveItem(atPath: file.absolutePath, toPath: destination)
        } catch let error as CocoaError where error.code == .fileWriteFileExists {
            throw ActionFailure("A file named \(newName) already exists in \(folder); choose another name.")
        } catch {
            throw ActionFailure("Cannot rename \(file.name): \(SystemErrorText.describe(error)).")
        }
        context.log.info("renamed \(file.path) to \(newName)")
        return ActionOutcome(message: "Renamed \(file.name) to \(newName)")
    }
}
