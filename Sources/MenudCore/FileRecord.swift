/// What the tracker keeps about one file.
struct FileRecord {
    let path: RelativePath
    var facts: FileFacts
    /// When the file last changed, as the readiness rules count it.
    var lastChangeMs: Int64
    /// The configured partial-download suffix the name ends with, if any.
    var partialSuffix: String?
    var state: FileState
    /// The tracker's change counter at this file's last change.
    var changeCounter: UInt64
    /// The next scheduled transition and the generation of its queue entry (0: none).
    var deadlineMs: Int64?
    var deadlineGeneration: UInt64
}
