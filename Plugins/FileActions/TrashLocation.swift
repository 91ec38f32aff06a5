/// Where a file goes when trashed, per the freedesktop.org Trash specification. Paths are
/// bytes (a folder's name need not be valid UTF-8); the text forms are for messages and tests.
struct TrashLocation: Hashable, Sendable {
    /// The trash directory, holding `files/` and `info/`.
    let directoryBytes: [UInt8]
    /// For a trash at the top of another file system (`$topdir/.Trash/$uid` or
    /// `$topdir/.Trash-$uid`): `$topdir`, and the `Path=` key is relative to it. `nil` for the
    /// home trash (or a configured one), where `Path=` is absolute.
    let topDirectoryBytes: [UInt8]?

    init(directoryBytes: [UInt8], topDirectoryBytes: [UInt8]?) {
        self.directoryBytes = directoryBytes
        self.topDirectoryBytes = topDirectoryBytes
    }

    init(directory: String, topDirectory: String?) {
        self.init(directoryBytes: Array(directory.utf8), topDirectoryBytes: topDirectory.map { Array($0.utf8) })
    }

    var directory: String { String(decoding: directoryBytes, as: UTF8.self) }
    var topDirectory: String? { topDirectoryBytes.map { String(decoding: $0, as: UTF8.self) } }
    var filesDirectory: String { directory + "/files" }
    var infoDirectory: String { directory + "/info" }
}
