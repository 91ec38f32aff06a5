/// The process on the other end of a Unix socket, as the kernel reports it.
public struct PeerCredentials: Sendable, Equatable {
    public let pid: Int32
    public let uid: UInt32
    public let gid: UInt32
}
