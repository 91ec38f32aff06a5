/// One page of a folder's files, in the bytewise order of their paths.
public struct TargetFilePage: Sendable {
    /// The files of the page: at most the query's `limit`, maybe fewer (none, even) when the
    /// page stopped early to keep the daemon responsive. Only ``next`` says whether more follow.
    public let files: [TargetFile]
    /// The query for the page after this one; nil when this was the last.
    public let next: TargetFileQuery?

    /// A page of `files`, followed by the page `next` asks for (nil: none).
    public init(files: [TargetFile], next: TargetFileQuery?) {
        self.files = files
        self.next = next
    }
}
