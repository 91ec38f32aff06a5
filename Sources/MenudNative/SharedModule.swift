import Glibc

/// A plugin module (`.so`) opened, judged and loaded the way sshd's StrictModes judges key files:
/// the file is opened once without following a symlink, its owner and mode are read from that
/// descriptor, and the loader maps that same descriptor (`/proc/self/fd/N`), so nothing can swap
/// the file between the check and the load. A module is never closed: code that other threads may
/// still run cannot be unmapped safely (`RTLD_NODELETE`).
public enum SharedModule {
    /// Why a module was not loaded, in words that name what to fix.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(String)
        case unsafe(String)
        case notLoadable(String)
        case noEntryPoint(String)
        /// The module has none of the entry points asked for but this one (another API version's).
        case otherEntryPoint(String)

        public var description: String {
            switch self {
            case .unreadable(let text), .unsafe(let text), .notLoadable(let text), .noEntryPoint(let text): return text
            case .otherEntryPoint(let name): return "the module's entry point is \(name)"
            }
        }
    }

    /// The file's identity when it was loaded: a later reload compares it to see a replaced file.
    public struct Identity: Sendable, Equatable {
        public let device: UInt64
        public let inode: UInt64
        public let mtimeMs: Int64
        public let size: Int64
    }

    /// The user the daemon runs as: modules and their folders must belong to it (or to root).
    public static var currentUser: UInt32 { UInt32(getuid()) }

    /// Judges `path` (a regular file, no symlink, owned by `owner` or root, writable by nobody
    /// else, in a folder that is the same) without loading it; returns its identity.
    public static func check(_ path: String, owner: UInt32 = currentUser) -> Result<Identity, Refusal> {
        switch open(path, owner: owner) {
        case .success(let opened):
            Glibc.close(opened.descriptor)
            return .success(opened.identity)
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// Loads `path` after the checks of ``check(_:owner:)`` and calls its C entry point named
    /// `entryPoint` (`void entryPoint(void)`), which hands the module's factory to the plugin API.
    /// Without it, the first of `otherEntryPoints` the module has is named in the refusal.
    public static func load(_ path: String, entryPoint: String, otherEntryPoints: [String] = [],
                            owner: UInt32 = currentUser) -> Result<Identity, Refusal> {
        let opened: (descriptor: Int32, identity: Identity)
        switch open(path, owner: owner) {
        case .success(let value): opened = value
        case .failure(let refusal): return .failure(refusal)
        }
        _ = dlerror()
        // The loader knows a module by its name, here /proc/self/fd/N: the descriptor of a loaded
        // module stays open for the life of the process, so N never names another file.
        guard let handle = dlopen("/proc/self/fd/\(opened.descriptor)", RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let text = dlerror().map { String(cString: $0) } ?? "unknown error"
            Glibc.close(opened.descriptor)
            return .failure(.notLoadable("\(path) could not be loaded: \(text)"))
        }
        guard let symbol = dlsym(handle, entryPoint) else {
            if let other = otherEntryPoints.first(where: { dlsym(handle, $0) != nil }) { return .failure(.otherEntryPoint(other)) }
            return .failure(.noEntryPoint("\(path) is not a menud plugin of this API: it has no entry point \(entryPoint)"))
        }
        typealias Entry = @convention(c) () -> Void
        unsafeBitCast(symbol, to: Entry.self)()
        return .success(opened.identity)
    }

    /// The open descriptor (the caller closes it) and the file's identity, once the file and
    /// its folder passed the checks.
    private static func open(_ path: String, owner: UInt32) -> Result<(descriptor: Int32, identity: Identity), Refusal> {
        let number = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard number >= 0 else {
            let error = SystemError.current("open")
            if error.errno == ELOOP { return .failure(.unsafe("\(path) is a symbolic link; install the module file itself")) }
            return .failure(.unreadable("\(path) cannot be opened: \(error.message)"))
        }
        var closeOnRefusal = true
        defer { if closeOnRefusal { Glibc.close(number) } }
        var info = Glibc.stat()
        guard fstat(number, &info) == 0 else { return .failure(.unreadable("\(path): \(SystemError.current("fstat"))")) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.unsafe("\(path) is not a regular file")) }
        if let problem = ownershipProblem(uid: UInt32(info.st_uid), mode: UInt32(info.st_mode), owner: owner, what: path) {
            return .failure(.unsafe(problem))
        }
        let folder = folderName(of: path)
        var folderInfo = Glibc.stat()
        guard stat(folder, &folderInfo) == 0 else { return .failure(.unreadable("\(folder): \(SystemError.current("stat"))")) }
        if let problem = ownershipProblem(uid: UInt32(folderInfo.st_uid), mode: UInt32(folderInfo.st_mode), owner: owner, what: "the folder \(folder)") {
            return .failure(.unsafe("\(path) is refused: \(problem)"))
        }
        if let problem = ancestorProblem(of: folder, owner: owner) {
            return .failure(.unsafe("\(path) is refused: \(problem)"))
        }
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                                mtimeMs: Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec) / 1_000_000,
                                size: Int64(info.st_size))
        closeOnRefusal = false
        return .success((number, identity))
    }

    private static func folderName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// What is wrong with the folders above `folder` (its real path, links resolved), nil when
    /// nothing is: whoever can rename one of them can put another folder, and other modules,
    /// in the module folder's place. Each must belong to the daemon's user or root and be
    /// writable by nobody else, except a sticky folder owned by root (such as /tmp), in which
    /// others can add names but not rename or remove ours.
    static func ancestorProblem(of folder: String, owner: UInt32) -> String? {
        guard case .success(let real) = NativePath.resolve(Array(folder.utf8)) else { return nil }
        var path = String(decoding: real, as: UTF8.self)
        while path != "/" {
            path = folderName(of: path)
            var info = Glibc.stat()
            guard stat(path, &info) == 0 else { return "\(path): \(SystemError.current("stat"))" }
            let mode = UInt32(info.st_mode)
            if UInt32(info.st_uid) == 0 && mode & UInt32(S_ISVTX) != 0 { continue }
            if let problem = ownershipProblem(uid: UInt32(info.st_uid), mode: mode, owner: owner, what: "the folder \(path) above it") {
                return problem
            }
        }
        return nil
    }

    /// What is wrong with a file or folder's owner and mode, nil when nothing is.
    static func ownershipProblem(uid: UInt32, mode: UInt32, owner: UInt32, what: String) -> String? {
        if uid != owner && uid != 0 {
            return "\(what) belongs to user \(uid), not to the daemon's user \(owner) (or root)"
        }
        if mode & 0o022 != 0 {
            let who = mode & 0o002 != 0 ? "anyone" : "its group"
            return "\(what) can be written by \(who) (mode \(String(mode & 0o7777, radix: 8))); chmod go-w it"
        }
        return nil
    }
}
