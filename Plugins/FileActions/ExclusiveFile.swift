import Foundation
import Glibc

/// Creating a file only if nothing exists at its path (`O_CREAT | O_EXCL`): never overwrites.
enum ExclusiveFile {
    /// The result of an exclusive create.
    enum Outcome {
        /// Created; the handle is open for writing.
        case created(FileHandle)
        /// Something already exists at the path.
        case exists
    }

    /// Creates `path` with permission bits `mode` (before the umask) and opens it for writing.
    static func create(_ path: String, mode: mode_t) throws -> Outcome {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if descriptor >= 0 {
            return .created(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
        }
        let code = errno
        if code == EEXIST { return .exists }
        throw FileActionError("Cannot create \(path): \(SystemErrorText.describe(errno: code)).")
    }

    /// Whether anything (even a dangling symbolic link) is at `path`.
    static func exists(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)) != nil
    }
}
