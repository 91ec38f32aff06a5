import Foundation
import MenudPluginAPI

/// Copies a file's bytes to a new file that must not exist yet, in chunks, with progress and
/// cancellation. A copy that fails or is cancelled is removed.
enum FileCopier {
    static let chunkBytes = 1 << 20

    /// Copies `source` to `destination` if nothing is at `destination`; returns `false` (and
    /// copies nothing) if something is. `progress` gets the bytes copied so far.
    static func copy(
        _ source: String, to destination: String, progress: (Int64) -> Void
    ) async throws -> Bool {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: source)
        } catch {
            throw FileActionError("Cannot read \(source): \(SystemErrorText.describe(error)).")
        }
        let mode = ((attributes[.posixPermissions] as? NSNumber)?.uint32Value ?? 0o644) & 0o777
        let output: FileHandle
        switch try ExclusiveFile.create(destination, mode: mode) {
        case .exists: return false
        case .created(let handle): output = handle
        }
        do {
            let input: FileHandle
            do {
                input = try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
            } catch {
                throw FileActionError("Cannot read \(source): \(SystemErrorText.describe(error)).")
            }
            defer { try? input.close() }
            var copied: Int64 = 0
            while true {
                try Task.checkCancellation()
                let chunk: Data?
                do {
                    chunk = try input.read(upToCount: chunkBytes)
                } catch {
                    throw FileActionError("Reading \(source) failed: \(SystemErrorText.describe(error)).")
                }
                guard let chunk, !chunk.isEmpty else { break }
                do {
                    try output.write(contentsOf: chunk)
                } catch {
                    throw FileActionError("Writing \(destination) failed: \(SystemErrorText.describe(error)).")
                }
                copied += Int64(chunk.count)
                progress(copied)
                await Task.yield()
            }
            try output.close()
            return true
        } catch {
            try? output.close()
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
    }
}
