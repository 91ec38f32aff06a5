import MenudNative
import MenudPluginAPI

/// The MIME types of one menu's files, each read once, through a descriptor opened beneath the
/// root: a name swapped for a link leading out is not followed, and one swapped for a FIFO is
/// opened without blocking and refused (a menu build must never wait on a file).
struct MimeTypeCache {
    private let rootPath: String
    private let detector: MimeTypeDetector?
    private var root: DirectoryDescriptor??
    private var known: [[UInt8]: String?] = [:]

    init(root: String, detector: MimeTypeDetector?) {
        rootPath = root
        self.detector = detector
    }

    /// The type of `file`, or nil when it cannot be read as the regular file the menu shows.
    mutating func type(of file: TargetFile) -> String? {
        if let type = known[file.pathBytes] { return type }
        let type = examine(file)
        known[file.pathBytes] = .some(type)
        return type
    }

    private mutating func examine(_ file: TargetFile) -> String? {
        guard let detector else { return nil }
        if root == nil { root = .some(try? DirectoryDescriptor.open(path: Array(rootPath.utf8)).get()) }
        guard let directory = root ?? nil, case .success(let opened) = directory.openFile(beneath: file.pathBytes) else {
            return nil
        }
        if let identity = file.identity, case .success(let status) = opened.status(),
           identity != FileIdentity(device: status.device, inode: status.inode) {
            return nil
        }
        return try? detector.mimeType(of: opened, name: file.path)
    }
}
