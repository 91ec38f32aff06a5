import Foundation
import MenudNative
import MenudPluginAPI

extension FileActions {
    /// Inspect: the file's facts as output (path, size, state, modification time, type). Size,
    /// time and type come from the file opened beneath the root (``ActionContext/openForReading(_:)``),
    /// so they are the facts of the file the menu showed, not of whatever took its name.
    func inspect(_ context: ActionContext) async throws -> ActionOutcome {
        let file = try Self.singleFile(of: context, action: "Inspect")
        let opened: FileDescriptor
        let status: FileStatus
        do {
            opened = try context.openForReading(file)
        } catch {
            throw error.failure("inspect \(file.path)")
        }
        switch opened.status() {
        case .success(let found): status = found
        case .failure(let error): throw ActionFailure("Cannot inspect \(file.path): \(error.message).")
        }
        let sizeText = status.size == file.size
            ? file.sizeText : ByteCountFormatter.string(fromByteCount: status.size, countStyle: .file)
        let modified = Date(timeIntervalSince1970: Double(status.mtimeMs) / 1000)
        // A value-type format style: a new ISO8601DateFormatter per call costs ~100 us of ICU set-up.
        var lines = [
            "Path: \(file.path)",
            "Size: \(Self.sizeLine(status.size, sizeText: sizeText))",
            "State: \(file.state.rawValue)",
            "Modified: \(modified.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: .current)))",
        ]
        if let mimeTypes {
            do {
                lines.append("Type: \(try mimeTypes.mimeType(of: opened, name: file.path))")
            } catch {
                lines.append("Type: unknown (\(error.message))")
            }
        }
        return ActionOutcome(message: file.name, output: lines.joined(separator: "\n"))
    }

    /// `"2.1 MB (2,097,155 bytes)"`; the exact count alone when the short form is already
    /// exact (`"1 byte"`, `"512 bytes"`).
    static func sizeLine(_ size: Int64, sizeText: String) -> String {
        let exact = size == 1 ? "1 byte" : "\(size.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) bytes"
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
