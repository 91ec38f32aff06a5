import CLinux
import Glibc

extension DirectoryDescriptor {
    /// `status(ofEntry:)` of entry `name` and its birth time (see `birthTime(ofEntry:)`) in one
    /// `statx` call: the menu and every action check a target's identity this way, and two
    /// system calls a check were a tenth of a closure's.
    public func statusAndBirth(ofEntry name: [UInt8]) -> Result<(status: FileStatus, birthNs: Int64?), PathAccessError> {
        guard DirectoryDescriptor.isEntryName(name) else { return .failure(.invalidName) }
        var info = menud_entry_status()
        let result = NativePath.withCString(name) { menud_entry_status(descriptor.number, $0, &info) }
        guard result == 0 else { return .failure(.from(errno: errno, operation: "statx")) }
        let status = FileStatus(mode: info.mode, size: info.size,
                                mtimeMs: info.mtime_sec * 1000 + Int64(info.mtime_nsec) / 1_000_000,
                                ctimeMs: info.ctime_sec * 1000 + Int64(info.ctime_nsec) / 1_000_000,
                                inode: info.inode, device: info.device, uid: info.uid)
        let birth = info.has_birth == 1 ? info.birth_sec &* 1_000_000_000 &+ Int64(info.birth_nsec) : nil
        return .success((status, birth))
    }
}
