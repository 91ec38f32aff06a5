import CLinux
import Glibc

extension DirectoryDescriptor {
    /// When entry `name` of this directory was created (nanoseconds since the epoch, from
    /// `statx`'s birth time, a link not followed); nil when the file system does not record it
    /// or the call fails. Device and inode alone do not tell files apart: ext4 gives a new file
    /// the inode number of one just removed.
    public func birthTime(ofEntry name: [UInt8]) -> Int64? {
        guard DirectoryDescriptor.isEntryName(name) else { return nil }
        var seconds: Int64 = 0
        var nanoseconds: UInt32 = 0
        let known = NativePath.withCString(name) { menud_birth_time(descriptor.number, $0, &seconds, &nanoseconds) }
        guard known == 1 else { return nil }
        return seconds &* 1_000_000_000 &+ Int64(nanoseconds)
    }
}
