import Glibc
import MenudNative

/// Chooses the trash directory for a file, per the freedesktop.org Trash specification:
/// the home trash (`$XDG_DATA_HOME/Trash`, default `~/.local/share/Trash`) when the file is on
/// the same file system; otherwise a trash at the top of the file's own file system:
/// `$topdir/.Trash/$uid` when `$topdir/.Trash` is a real directory with the sticky bit, else
/// `$topdir/.Trash-$uid`. Files are never copied across file systems.
///
/// A configured trash directory (the `trashDirectory` setting) is used for every file; a file on
/// another file system than that directory is refused rather than copied.
///
/// Paths are bytes. What the locator learns of a path comes from `inspect`; for an action,
/// ``resolving(beneath:root:)`` makes paths inside the watched root resolve through the root's
/// descriptor, never through a link.
struct TrashLocator: Sendable {
    /// Facts about one path, as `lstat` gives them (links are not followed).
    struct Node: Sendable {
        let device: UInt64
        let isDirectory: Bool
        let isSymbolicLink: Bool
        let isSticky: Bool

        init(device: UInt64, isDirectory: Bool, isSymbolicLink: Bool, isSticky: Bool) {
            self.device = device
            self.isDirectory = isDirectory
            self.isSymbolicLink = isSymbolicLink
            self.isSticky = isSticky
        }

        init(_ status: FileStatus) {
            self.init(
                device: status.device, isDirectory: status.kind == .directory, isSymbolicLink: status.kind == .symlink,
                isSticky: status.mode & 0o1000 != 0)
        }
    }

    let homeTrash: String
    let isConfigured: Bool
    let uid: UInt32
    let inspectBytes: @Sendable ([UInt8]) -> Node?

    init(homeTrash: String, isConfigured: Bool, uid: UInt32, inspectingBytes: @escaping @Sendable ([UInt8]) -> Node?) {
        self.homeTrash = homeTrash
        self.isConfigured = isConfigured
        self.uid = uid
        self.inspectBytes = inspectingBytes
    }

    /// A locator that learns about paths given as text.
    init(homeTrash: String, isConfigured: Bool, uid: UInt32, inspect: @escaping @Sendable (String) -> Node?) {
        self.init(homeTrash: homeTrash, isConfigured: isConfigured, uid: uid, inspectingBytes: { bytes in
            inspect(String(decoding: bytes, as: UTF8.self))
        })
    }

    /// The locator for this process: home trash from the environment unless `configured`.
    static func system(configured: String?) -> TrashLocator {
        let home: String
        if let configured {
            home = configured
        } else if let dataHome = ProcessEnvironment.value("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
            home = dataHome + "/Trash"
        } else {
            home = (ProcessEnvironment.value("HOME") ?? ProcessEnvironment.passwordDatabaseHome() ?? "/") + "/.local/share/Trash"
        }
        return TrashLocator(homeTrash: home, isConfigured: configured != nil, uid: getuid(), inspectingBytes: lstatBytes)
    }

    /// `lstat` of a path given as bytes.
    @Sendable static func lstatBytes(_ path: [UInt8]) -> Node? {
        guard case .success(let status) = FileStatus.lstat(path) else { return nil }
        return Node(status)
    }

    /// `lstat` of a path given as text.
    @Sendable static func lstatNode(_ path: String) -> Node? {
        lstatBytes(Array(path.utf8))
    }

    /// This locator, with the paths at and under `rootPath` resolved beneath `root` (their
    /// names never followed as links), the others as before.
    func resolving(beneath rootPath: [UInt8], root: DirectoryDescriptor) -> TrashLocator {
        let outside = inspectBytes
        return TrashLocator(homeTrash: homeTrash, isConfigured: isConfigured, uid: uid, inspectingBytes: { path in
            guard let relative = TrashPaths.relative(path, to: rootPath) else { return outside(path) }
            let status = relative.isEmpty ? root.status().mapError { PathAccessError.system($0) } : root.status(beneath: relative)
            guard case .success(let found) = status else { return nil }
            return Node(found)
        })
    }

    /// Where the file at `absolutePath` goes (its device as `lstat` gives it).
    func location(for absolutePath: String) throws -> TrashLocation {
        guard let file = inspectBytes(Array(absolutePath.utf8)) else {
            throw FileActionError("Cannot move \(absolutePath) to the Trash: it no longer exists.")
        }
        return try location(for: Array(absolutePath.utf8), device: file.device)
    }

    /// Where the file at `absolutePath`, on `device`, goes.
    func location(for absolutePath: [UInt8], device: UInt64) throws -> TrashLocation {
        let home = Array(homeTrash.utf8)
        if inspectBytes(nearestExisting(home))?.device == device {
            return TrashLocation(directoryBytes: home, topDirectoryBytes: nil)
        }
        if isConfigured {
            throw FileActionError(
                "Cannot move \(String(decoding: absolutePath, as: UTF8.self)) to the Trash at \(homeTrash): they are on "
                    + "different file systems, and a trashed file is never copied. Set trashDirectory to a folder on the "
                    + "same file system.")
        }
        let top = topDirectory(of: absolutePath, device: device)
        let shared = TrashPaths.join(top, Array(".Trash".utf8))
        if let node = inspectBytes(shared), node.isDirectory, !node.isSymbolicLink, node.isSticky {
            return TrashLocation(directoryBytes: TrashPaths.join(shared, Array(String(uid).utf8)), topDirectoryBytes: top)
        }
        return TrashLocation(directoryBytes: TrashPaths.join(top, Array(".Trash-\(uid)".utf8)), topDirectoryBytes: top)
    }

    /// The mount point holding `path`: the highest ancestor still on `device`.
    func topDirectory(of path: [UInt8], device: UInt64) -> [UInt8] {
        var current = TrashPaths.parent(of: path)
        while current != [0x2F] {
            let up = TrashPaths.parent(of: current)
            guard inspectBytes(up)?.device == device else { break }
            current = up
        }
        return current
    }

    /// The mount point holding `path`, as text.
    func topDirectory(of path: String, device: UInt64) -> String {
        String(decoding: topDirectory(of: Array(path.utf8), device: device), as: UTF8.self)
    }

    private func nearestExisting(_ path: [UInt8]) -> [UInt8] {
        var current = path
        while current != [0x2F], inspectBytes(current) == nil {
            current = TrashPaths.parent(of: current)
        }
        return current
    }
}
