import MenudText

/// One tracked file, as the runtime knew it when the menu opened.
public struct TargetFile: Sendable, Hashable {
    /// Path relative to the root, `/`-separated, as displayed (`"videos/intro.mp4"`). A name
    /// that is not valid UTF-8 shows U+FFFD here; ``pathBytes`` has the exact name.
    public let path: String
    /// The exact bytes of the path relative to the root: what file operations use.
    public let pathBytes: [UInt8]
    /// The device and inode the file had when the menu showed it; the file operations of
    /// ``ActionContext`` refuse a name that now stands for another file. `nil` when unknown.
    public let identity: FileIdentity?
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
    /// When the file the menu showed was created (nanoseconds since 1970), where the file
    /// system records it: ext4 reuses inode numbers at once, so ``identity`` alone can match a
    /// new file; ``ActionContext``'s file operations compare this too. `nil` when unknown.
    public let birthNs: Int64?

    /// A file record. When `sizeText` is omitted it is computed from `size`; `pathBytes`
    /// defaults to the UTF-8 of `path`.
    public init(
        path: String, pathBytes: [UInt8]? = nil, absolutePath: String, state: FileState, size: Int64,
        sizeText: String? = nil, mtimeMs: Int64, identity: FileIdentity? = nil, birthNs: Int64? = nil
    ) {
        self.path = path
        self.pathBytes = pathBytes ?? Array(path.utf8)
        self.identity = identity
        self.absolutePath = absolutePath
        self.state = state
        self.size = size
        self.sizeText = sizeText ?? FileSizeText.format(size)
        self.mtimeMs = mtimeMs
        self.birthNs = birthNs
    }

    /// The last name's exact bytes.
    public var nameBytes: [UInt8] {
        guard let slash = pathBytes.lastIndex(of: 0x2F) else { return pathBytes }
        return Array(pathBytes[(slash + 1)...])
    }

    /// The last path component: `"intro.mp4"`.
    public var name: String {
        // The last `/` byte, found on the UTF-8 bytes: a search by Character costs a grapheme
        // break check per character. With ASCII on both sides that byte is a Character of its
        // own, and so the last "/" the Character search would find; otherwise (a combining mark
        // after it, a prepended mark before it) the Character search decides, as it always did.
        let utf8 = absolutePath.utf8
        guard let slash = utf8.lastIndex(of: 0x2F) else { return absolutePath }
        let after = utf8.index(after: slash)
        let asciiAfter = after == utf8.endIndex || utf8[after] < 0x80
        let asciiBefore = slash == utf8.startIndex || utf8[utf8.index(before: slash)] < 0x80
        if asciiAfter && asciiBefore {
            return String(Substring(absolutePath.utf8[after...]))
        }
        guard let characterSlash = absolutePath.lastIndex(of: "/") else { return absolutePath }
        return String(absolutePath[absolutePath.index(after: characterSlash)...])
    }

    /// The absolute path of the directory holding the file.
    public var directoryPath: String {
        guard let slash = absolutePath.lastIndex(of: "/") else { return "." }
        return slash == absolutePath.startIndex ? "/" : String(absolutePath[..<slash])
    }
}
