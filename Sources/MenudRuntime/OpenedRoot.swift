import MenudCore
import MenudNative

/// The watched root opened for one use, and its device and inode, checked when it was opened:
/// a descriptor's file never changes, so whoever holds it need not `fstat` it again.
struct OpenedRoot: Sendable {
    let directory: DirectoryDescriptor
    let node: FileNodeID
}
