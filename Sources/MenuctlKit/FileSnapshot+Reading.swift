import MenudJSON
import MenudProtocol

/// How `menuctl` reads File objects: tolerantly (``DecodingMode/tolerant``), passing over what
/// cannot be read, so that a newer or odd daemon's list still shows.
extension FileSnapshot {
    /// The files of a `files.list` result.
    static func listed(in result: JSONValue) -> [FileSnapshot] {
        guard let object = result.objectValue else { return [] }
        return (try? FilesListResult(from: object, mode: .tolerant).files) ?? []
    }

    /// One File object; nil when it lacks its path, size or state.
    static func tolerant(_ value: JSONValue) -> FileSnapshot? {
        value.objectValue.flatMap { try? FileSnapshot(from: $0, mode: .tolerant) }
    }
}
