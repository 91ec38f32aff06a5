/// Which file a name stands for: the device and inode the kernel gave it. A file replaced under
/// the same name (by another file, a link, a folder) has another one.
public struct FileNodeID: Hashable, Sendable, CustomStringConvertible {
    /// `st_dev`.
    public let device: UInt64
    /// `st_ino`.
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    public var description: String { "\(device):\(inode)" }
}
