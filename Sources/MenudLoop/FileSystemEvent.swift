import CLibUV

/// One inotify event, with its raw name bytes (names need not be valid UTF-8).
public struct FileSystemEvent: Sendable, Equatable {
    /// The watch descriptor `FileSystemWatcher.addWatch` returned for the directory.
    public let watch: Int32
    public let kind: Kind
    /// Pairs a `movedFrom` with its `movedTo`.
    public let cookie: UInt32
    /// The entry's name inside the watched directory; empty for events about the directory itself.
    public let name: [UInt8]

    public init(watch: Int32, kind: Kind, cookie: UInt32, name: [UInt8]) {
        self.watch = watch
        self.kind = kind
        self.cookie = cookie
        self.name = name
    }

    /// inotify's event mask, named.
    public struct Kind: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let modified = Kind(rawValue: UInt32(IN_MODIFY))
        public static let attributes = Kind(rawValue: UInt32(IN_ATTRIB))
        public static let closedAfterWrite = Kind(rawValue: UInt32(IN_CLOSE_WRITE))
        public static let movedFrom = Kind(rawValue: UInt32(IN_MOVED_FROM))
        public static let movedTo = Kind(rawValue: UInt32(IN_MOVED_TO))
        public static let created = Kind(rawValue: UInt32(IN_CREATE))
        public static let deleted = Kind(rawValue: UInt32(IN_DELETE))
        public static let selfDeleted = Kind(rawValue: UInt32(IN_DELETE_SELF))
        public static let selfMoved = Kind(rawValue: UInt32(IN_MOVE_SELF))
        /// The kernel dropped events: everything may have changed.
        public static let overflow = Kind(rawValue: UInt32(IN_Q_OVERFLOW))
        /// The watch is gone (its directory was deleted, or it was removed).
        public static let watchRemoved = Kind(rawValue: UInt32(IN_IGNORED))
        public static let isDirectory = Kind(rawValue: UInt32(IN_ISDIR))
        public static let unmounted = Kind(rawValue: UInt32(IN_UNMOUNT))
    }
}
