import Foundation
import MenudPluginAPI

extension FileActions {
    /// Inspect: the file's facts as output (path, size, state, modification time, type).
    func inspect(_ context: ActionContext) async throws -> ActionOutcome {
        let file = try Self.singleFile(of: context, action: "Inspect")
        let modified = Date(timeIntervalSince1970: Double(file.mtimeMs) / 1000)
        // A value-type format style: a new ISO8601DateFormatter per call costs ~100 us of ICU set-up.
        var lines = [
            "Path: \(file.path)",
            "Size: \(file.sizeText) (\(file.size) bytes)",
            "State: \(file.state.rawValue)",
            "Modified: \(modified.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: .current)))",
        ]
        if let mimeTypes {
            do {
                lines.append("Type: \(try mimeTypes.mimeType(ofFileAt: file.absolutePath))")
            } catch {
                lines.append("Type: unknown (\(error.message))")
            }
        }
        return ActionOutcome(message: file.name, output: lines.joined(separator: "\n"))
    }

    /// The one file an action for a single file works on.
    static func singleFile(of context: ActionContext, action: String) throws -> TargetFile {
        guard context.files.count == 1 else {
            throw ActionFailure("\(action) works on one file, but \(context.files.count) were given; choose one file.")
        }
        return context.files[0]
    }
}
