import MenuLayout
import MenudCore
import MenudJSON
import MenudProtocol

/// The files `watch` shows, kept up to date from `files.changed` and `files.removed`
/// notifications: the result of one `files.list`, then changes only (no polling).
public struct WatchModel: Sendable, Equatable {
    public let filter: FileFilter
    private var files: [RelativePath: FileEntry] = [:]

    public init(filter: FileFilter, files: [FileEntry] = []) {
        self.filter = filter
        for file in files where filter.matches(file) { self.files[file.relativePath] = file }
    }

    /// The files, sorted by path bytewise (the daemon's order).
    public var sortedFiles: [FileEntry] {
        files.keys.sorted().compactMap { files[$0] }
    }

    public var count: Int { files.count }

    /// How many files are in `state`.
    public func count(_ state: FileState) -> Int {
        files.values.filter { $0.state == state }.count
    }

    /// Applies a notification; returns whether anything changed. A changed file that no longer
    /// passes the filter (a pending file turning ready under `--state pending`) leaves the list.
    @discardableResult
    public mutating func apply(_ notification: DaemonNotification) -> Bool {
        switch notification.method {
        case "files.changed":
            var changed = false
            for file in FileEntry.list(from: .object(notification.params)) {
                if filter.matches(file) {
                    if files[file.relativePath] != file {
                        files[file.relativePath] = file
                        changed = true
                    }
                } else if files.removeValue(forKey: file.relativePath) != nil {
                    changed = true
                }
            }
            return changed
        case "files.removed":
            var changed = false
            for path in Self.removedPaths(notification.params) where files.removeValue(forKey: path) != nil {
                changed = true
            }
            return changed
        default:
            return false
        }
    }

    /// The paths of a `files.removed` notification: `paths`, with the exact bytes from the parallel
    /// `pathsBase64` list where it has them; one path per entry of `paths`.
    static func removedPaths(_ params: JSONObject) -> [RelativePath] {
        (try? FilesRemovedNotification(from: params).paths) ?? []
    }

    /// The lines `watch` prints for a notification when it is not on a terminal, one per file:
    /// `changed STATE PATH SIZE` for changed files that pass the filter, `removed PATH` for removed
    /// files whose path passes the glob. Paths are shown in safe form.
    public static func eventLines(_ notification: DaemonNotification, filter: FileFilter) -> [String] {
        switch notification.method {
        case "files.changed":
            return FileEntry.list(from: .object(notification.params)).filter(filter.matches).map { file in
                "changed \(file.state.rawValue) \(DisplayWidth.safe(file.path)) \(file.sizeText)"
            }
        case "files.removed":
            let paths = notification.params["paths"]?.arrayValue ?? []
            return zip(paths, removedPaths(notification.params)).compactMap { shown, path in
                guard filter.matchesPath(path) else { return nil }
                return "removed \(DisplayWidth.safe(shown.stringValue ?? path.displayString))"
            }
        default:
            return []
        }
    }
}
