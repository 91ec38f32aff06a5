import Foundation
import Glibc
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
        let taken = ActionFailure("A file named \(newName) already exists in \(folder); choose another name.")
        guard !ExclusiveFile.exists(destination) else { throw taken }
        do {
            try Self.moveWithoutReplacing(file.absolutePath, to: destination)
        } catch let error as CocoaError where error.code == .fileWriteFileExists {
            throw taken
        } catch {
            throw ActionFailure("Cannot rename \(file.name): \(SystemErrorText.describe(error)).")
        }
        context.log.info("renamed \(file.path) to \(newName)")
        return ActionOutcome(message: "Renamed \(file.name) to \(newName)")
    }

    /// Moves `source` to `destination` within one directory, never replacing an existing file:
    /// a hard link to the new name (which fails atomically if the name is taken), then removing
    /// the old name. File systems without hard links fall back to `moveItem`, which checks for an
    /// existing destination just before renaming.
    static func moveWithoutReplacing(_ source: String, to destination: String) throws {
        let manager = FileManager.default
        do {
            try manager.linkItem(atPath: source, toPath: destination)
        } catch let error as CocoaError where error.code != .fileWriteFileExists && !hasHardLinks(error) {
            try manager.moveItem(atPath: source, toPath: destination)
            return
        }
        try manager.removeItem(atPath: source)
    }

    /// `false` when `error` says the file system cannot make hard links here.
    private static func hasHardLinks(_ error: CocoaError) -> Bool {
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        else { return true }
        let noLinks: Set<Int32> = [EPERM, EXDEV, ENOTSUP, EOPNOTSUPP, EMLINK, ENOSYS]
        return !noLinks.contains(Int32(underlying.code))
    }
}
