import MenudText
import MenudNative
import MenudPluginAPI

extension FileActions {
    /// Inspect: the file's facts as output (path, size, state, modification time, type). Size,
    /// time and type come from the file opened beneath the root
    /// (``ActionContext/openForReadingWithStatus(_:)``), so they are the facts of the file the
    /// menu showed, not of whatever took its name.
    func inspect(_ context: ActionContext) async throws -> ActionOutcome {
        let file = try Self.singleFile(of: context, action: "Inspect")
        let opened: FileDescriptor
        let status: FileStatus
        do {
            (opened, status) = try context.openForReadingWithStatus(file)
        } catch {
            throw error.failure("inspect \(file.path)")
        }
        let sizeText = status.size == file.size
            ? file.sizeText : FileSizeText.format(status.size)
        // Whole seconds, rounded down (also before 1970), in the local time zone.
        let seconds = status.mtimeMs >= 0 ? status.mtimeMs / 1000 : (status.mtimeMs - 999) / 1000
        let modified = CalendarTime.local(epochSeconds: seconds)
        var lines = [
            "Path: \(file.path)",
            "Size: \(Self.sizeLine(status.size, sizeText: sizeText))",
            "State: \(file.state.rawValue)",
            "Modified: \(modified.iso8601)",
        ]
        if let mimeTypes {
            do {
                lines.append("Type: \(try mimeTypes.mimeType(of: opened, status: status, name: file.path))")
            } catch {
                lines.append("Type: unknown (\(error.message))")
            }
        }
        return ActionOutcome(message: file.name, output: lines.joined(separator: "\n"))
    }

    /// `"2.1 MB (2,097,155 bytes)"`; the exact count alone when the short form is already
    /// exact (`"1 byte"`, `"512 bytes"`).
    static func sizeLine(_ size: Int64, sizeText: String) -> String {
        let exact = size == 1 ? "1 byte" : "\(FileSizeText.groupedDigits(size)) bytes"
        return sizeText == exact ? exact : "\(sizeText) (\(exact))"
    }

    /// The one file an action for a single file works on.
    static func singleFile(of context: ActionContext, action: String) throws -> TargetFile {
        guard context.files.count == 1 else {
            throw ActionFailure("\(action) works on one file, but \(context.files.count) were given; choose one file.")
        }
        return context.files[0]
    }
}
