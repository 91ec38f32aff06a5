/// Which file a name stood for when a menu showed it: the device and inode the kernel gave it.
/// A file replaced under the same name (by another file, a link, a folder) has another identity.
public struct FileIdentity: Sendable, Hashable {
    /// `st_dev`.
    public let device: UInt64
    /// `st_ino`.
    public let inode: UInt64

    /// The identity of the file with these numbers.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
