import MenudCore
import MenudJSON
import MenudProtocol
import MenudText

/// A tracked file as the daemon describes it (the protocol's File object), with the fields
/// `menuctl` shows.
public struct FileEntry: Sendable, Equatable {
    /// `path`: relative to the root; U+FFFD where the name is not valid UTF-8.
    public let path: String
    /// The exact bytes of the path (from `pathBase64` when present).
    public let relativePath: RelativePath
    public let size: Int64
    public let sizeText: String
    public let state: FileState
    public let reason: String?

    public init(path: String, relativePath: RelativePath? = nil, size: Int64, sizeText: String, state: FileState, reason: String? = nil) {
        self.path = path
        self.relativePath = relativePath ?? RelativePath(path)
        self.size = size
        self.sizeText = sizeText
        self.state = state
        self.reason = reason
    }

    /// Reads a File object; `nil` when `path`, `size` or `state` is missing or wrong.
    public init?(json: JSONValue) {
        guard let path = json["path"]?.stringValue,
              let size = json["size"]?.intValue,
              let stateText = json["state"]?.stringValue,
              let state = FileState(rawValue: stateText) else { return nil }
        let exact = json["pathBase64"]?.stringValue.flatMap(RelativePath.init(base64:))
        self.init(
            path: path, relativePath: exact, size: size,
            sizeText: json["sizeText"]?.stringValue ?? FileSizeText.format(size),
            state: state, reason: json["reason"]?.stringValue
        )
    }

    /// The files of a `files.list` result or a `files.changed` notification (`files: [File]`);
    /// entries that cannot be read are skipped.
    static func list(from value: JSONValue?) -> [FileEntry] {
        (value?["files"]?.arrayValue ?? []).compactMap(FileEntry.init(json:))
    }
}
