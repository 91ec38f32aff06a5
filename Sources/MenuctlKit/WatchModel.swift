import MenuLayout
import MenudCore
import MenudClient
import MenudJSON
import MenudProtocol

/// The files `watch` shows, kept up to date from `files.changed` and `files.removed`
/// notifications: the result of one `files.list`, then changes only (no polling).
public struct WatchModel: Sendable, Equatable {
    public let filter: FileFilter
    private var files: [RelativePath: FileSnapshot] = [:]

    public init(filter: FileFilter, files: [FileSnapshot] = []) {
        self.filter = filter
        for file in files where filter.matches(file) { self.files[file.path] = file }
    }

    /// The files, sorted by path bytewise (the daemon's order).
    public var sortedFiles: [FileSnapshot] {
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
    public mutating func apply(_ notification: ServerNotification) -> Bool {
        switch notification.method {
        case "files.changed":
            var changed = false
            for file in Self.changedFiles(notification.params) {
                if filter.matches(file) {
                    if files[file.path] != file {
                        files[file.path] = file
                        changed = true
                    }
                } else if files.removeValue(forKey: file.path) != nil {
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

    /// The files of a `files.changed` notification, read tolerantly: a file that cannot be read is
    /// passed over.
    static func changedFiles(_ params: JSONObject) -> [FileSnapshot] {
        (try? FilesChangedNotification(from: params, mode: .tolerant).files) ?? []
    }

    /// The paths of a `files.removed` notification: `paths`, with the exact bytes from the parallel
    /// `pathsBase64` list where it has them; one path per entry of `paths`.
    static func removedPaths(_ params: JSONObject) -> [RelativePath] {
        (try? FilesRemovedNotification(from: params).paths) ?? []
    }

    /// The lines `watch` prints for a notification when it is not on a terminal, one per file:
    /// `changed STATE PATH SIZE` for changed files that pass the filter, `removed PATH` for removed
    /// files whose path passes the glob. Paths are shown in safe form.
    public static func eventLines(_ notification: ServerNotification, filter: FileFilter) -> [String] {
        switch notification.method {
        case "files.changed":
            return changedFiles(notification.params).filter(filter.matches).map { file in
                "changed \(file.state.rawValue) \(DisplayWidth.safe(file.path.displayString)) \(file.sizeText)"
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
