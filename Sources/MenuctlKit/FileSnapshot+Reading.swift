import MenudJSON
import MenudProtocol

/// How `menuctl` reads File objects: tolerantly (``DecodingMode/tolerant``), passing over what
/// cannot be read, so that a newer or odd daemon's list still shows.
extension FileSnapshot {
    /// A `files.list` result; nil when it is not an object.
    static func page(_ result: JSONValue) -> FilesListResult? {
        result.objectValue.flatMap { try? FilesListResult(from: $0, mode: .tolerant) }
    }

    /// One File object; nil when it lacks its path, size or state.
    static func tolerant(_ value: JSONValue) -> FileSnapshot? {
        value.objectValue.flatMap { try? FileSnapshot(from: $0, mode: .tolerant) }
    }
}
