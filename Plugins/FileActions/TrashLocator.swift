import Foundation
import Glibc

/// Chooses the trash directory for a file, per the freedesktop.org Trash specification:
/// the home trash (`$XDG_DATA_HOME/Trash`, default `~/.local/share/Trash`) when the file is on
/// the same file system; otherwise a trash at the top of the file's own file system:
/// `$topdir/.Trash/$uid` when `$topdir/.Trash` is a real directory with the sticky bit, else
/// `$topdir/.Trash-$uid`. Files are never copied across file systems.
///
/// A configured trash directory (the `trashDirectory` setting) is used for every file; a file on
/// another file system than that directory is refused rather than copied.
struct TrashLocator: Sendable {
    /// Facts about one path, as `lstat` gives them (links are not followed).
    struct Node: Sendable {
        let device: UInt64
        let isDirectory: Bool
        let isSymbolicLink: Bool
        let isSticky: Bool
    }

    let homeTrash: String
    let isConfigured: Bool
    let uid: UInt32
    let inspect: @Sendable (String) -> Node?

    /// The locator for this process: home trash from the environment unless `configured`.
    static func system(configured: String?) -> TrashLocator {
        let environment = ProcessInfo.processInfo.environment
        let home: String
        if let configured {
            home = configured
        } else if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            home = dataHome + "/Trash"
        } else {
            home = NSHomeDirectory() + "/.local/share/Trash"
        }
        return TrashLocator(homeTrash: home, isConfigured: configured != nil, uid: getuid(), inspect: lstatNode)
    }

    /// `lstat` through Foundation.
    @Sendable static func lstatNode(_ path: String) -> Node? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value
        else { return nil }
        let type = attributes[.type] as? FileAttributeType
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        return Node(
            device: device, isDirectory: type == .typeDirectory, isSymbolicLink: type == .typeSymbolicLink,
            isSticky: permissions & 0o1000 != 0)
    }

    /// Where the file at `absolutePath` goes.
    func location(for absolutePath: String) throws -> TrashLocation {
        guard let file = inspect(absolutePath) else {
            throw FileActionError("Cannot move \(absolutePath) to the Trash: it no longer exists.")
        }
        let trashDevice = inspect(nearestExisting(homeTrash))?.device
        if trashDevice == file.device {
            return TrashLocation(directory: homeTrash, topDirectory: nil)
        }
        if isConfigured {
            throw FileActionError(
                "Cannot move \(absolutePath) to the Trash at \(homeTrash): they are on different file systems, "
                    + "and a trashed file is never copied. Set trashDirectory to a folder on the same file system.")
        }
        let top = topDirectory(of: absolutePath, device: file.device)
        let shared = join(top, ".Trash")
        if let node = inspect(shared), node.isDirectory, !node.isSymbolicLink, node.isSticky {
            return TrashLocation(directory: join(shared, String(uid)), topDirectory: top)
        }
        return TrashLocation(directory: join(top, ".Trash-\(uid)"), topDirectory: top)
    }

    /// The mount point holding `path`: the highest ancestor still on `device`.
    func topDirectory(of path: String, device: UInt64) -> String {
        var current = parent(of: path)
        while current != "/" {
            let up = parent(of: current)
            guard inspect(up)?.device == device else { break }
            current = up
        }
        return current
    }

    private func nearestExisting(_ path: String) -> String {
        var current = path
        while current != "/", inspect(current) == nil {
            current = parent(of: current)
        }
        return current
    }

    func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }
}
