/// What the file system says about a file; a change in any of these is a change to the file.
public struct FileFacts: Equatable, Hashable, Sendable {
    /// Size in bytes.
    public var size: Int64
    /// Last modification, epoch milliseconds.
    public var mtimeMs: Int64
    /// Inode number: a file replaced by another under the same name changes it.
    public var inode: UInt64
    /// Last status change (rename, chmod, write), epoch milliseconds.
    public var ctimeMs: Int64

    public init(size: Int64, mtimeMs: Int64, inode: UInt64, ctimeMs: Int64) {
        self.size = size
        self.mtimeMs = mtimeMs
        self.inode = inode
        self.ctimeMs = ctimeMs
    }
}
