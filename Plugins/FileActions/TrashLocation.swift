/// Where a file goes when trashed, per the freedesktop.org Trash specification.
struct TrashLocation: Hashable, Sendable {
    /// The trash directory, holding `files/` and `info/`.
    let directory: String
    /// For a trash at the top of another file system (`$topdir/.Trash/$uid` or
    /// `$topdir/.Trash-$uid`): `$topdir`, and the `Path=` key is relative to it. `nil` for the
    /// home trash (or a configured one), where `Path=` is absolute.
    let topDirectory: String?

    var filesDirectory: String { directory + "/files" }
    var infoDirectory: String { directory + "/info" }
}
