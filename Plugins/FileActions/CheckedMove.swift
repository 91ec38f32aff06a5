import MenudNative
import MenudPluginAPI

/// A move of one checked file through folder descriptors that never replaces anything and
/// makes sure the thing moved is the file that was checked.
///
/// `renameat2` moves whatever has the name at that instant: if the file was swapped (for a
/// folder, a link, another file) between the check and the move, the moved entry has another
/// identity. It is then moved back, and the move counts as refused.
enum CheckedMove {
    enum Outcome: Equatable {
        /// The file has its new name.
        case moved
        /// Something already has the new name; nothing moved.
        case nameTaken
        /// The move failed; nothing moved.
        case failed(PathAccessError)
        /// Something else than the checked file had the name and was moved; it was put back
        /// (`putBack`), or could not be and kept the new name.
        case swapped(putBack: Bool)
    }

    /// Moves `name` in `folder` (checked as `identity`) to `newName` in `target`.
    static func move(
        _ name: [UInt8], in folder: DirectoryDescriptor, identity: FileIdentity, to target: DirectoryDescriptor,
        as newName: [UInt8]
    ) -> Outcome {
        switch folder.move(entry: name, to: target, as: newName) {
        case .failure(let error): return .failed(error)
        case .success(false): return .nameTaken
        case .success(true): break
        }
        if case .success(let moved) = target.status(ofEntry: newName), moved.kind == .file,
            FileIdentity(device: moved.device, inode: moved.inode) == identity
        {
            return .moved
        }
        return .swapped(putBack: (try? target.move(entry: newName, to: folder, as: name).get()) == true)
    }

    /// The end of a sentence for `.swapped`: what happened to what was moved by mistake.
    static func swappedText(putBack: Bool, newName: String) -> String {
        "another file took its name at that very moment"
            + (putBack ? "; that one was put back and nothing was moved" : ", and it could not be put back: it is now \(newName)")
    }
}
