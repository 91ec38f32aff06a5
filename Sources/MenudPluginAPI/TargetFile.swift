import Foundation

/// One tracked file, as the runtime knew it when the menu opened.
public struct TargetFile: Sendable, Hashable {
    /// Path relative to the root, `/`-separated, as displayed (`"videos/intro.mp4"`).
    public let path: String
    /// Absolute path of the file on disk.
    public let absolutePath: String
    /// Pending, ready or expired.
    public let state: FileState
    /// Size in bytes.
    public let size: Int64
    /// The size as `ByteCountFormatter` writes it in its `.file` style: `"2.4 MB"`.
    public let sizeText: String
    /// Last modification time, milliseconds since 1970.
    public let mtimeMs: Int64

    /// A file record. When `sizeText` is omitted it is computed from `size`.
    public init(
        path: String, absolutePath: String, state: FileState, size: Int64, sizeText: String? = nil,
        mtimeMs: Int64
    ) {
        self.path = path
        self.absolutePath = absolutePath
        self.state = state
        self.size = size
        self.sizeText = sizeText ?? ByteCountFormatter.string(fromByteCount: size, countStyle: .file)
        self.mtimeMs = mtimeMs
    }

    /// The last path component: `"intro.mp4"`.
    public var name: String {
        guard let slash = absolutePath.lastIndex(of: "/") else { return absolutePath }
        return String(absolutePath[absolutePath.index(after: slash)...])
    }

    /// The absolute path of the directory holding the file.
    public var directoryPath: String {
        guard let slash = absolutePath.lastIndex(of: "/") else { return "." }
        return slash == absolutePath.startIndex ? "/" : String(absolutePath[..<slash])
    }
}
