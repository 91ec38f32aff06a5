import MenudCore
import MenudProtocol
import MenudLoop
import MenudPluginAPI

/// Reads pages of the tracked files for directory views (``TargetDirectory``), on the loop:
/// plugins and actions on other threads ask through ``pages`` and wait for the answer, one
/// bounded page per hop, so a walk through a million files never holds the loop for long.
final class DirectoryPager: DaemonService {
    /// Files looked at in one hop at most: a page of a sparse filter stops there, short.
    static let maxVisitsPerPage = 10_000

    let name = "directory pages"
    let files: any TrackedFiles
    private let loop: EventLoop
    private(set) var pages: DirectoryPages?

    init(files: any TrackedFiles, loop: EventLoop) {
        self.files = files
        self.loop = loop
    }

    func start() throws {
        pages = DirectoryPages(inbox: try LoopInbox(loop: loop, target: self))
    }

    func reload(_ configuration: DaemonConfiguration) {}

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) { done() }

    /// One page of `query` as the tracker knows the files now, with what a check on disk
    /// compares them with.
    func read(_ query: TargetFileQuery) -> Result<TrackedPage, ActionFailure> {
        var fileQuery = FileQuery(limit: query.limit)
        fileQuery.state = query.state.flatMap { MenudProtocol.FileState(rawValue: $0.rawValue) }
        if let glob = query.glob {
            do {
                fileQuery.glob = try GlobPattern(glob)
            } catch {
                return .failure(ActionFailure("The pattern \(glob) cannot list the folder's files: \(error)."))
            }
        }
        let from = query.position.map { FilePagePosition(key: $0.key, inclusive: $0.inclusive) }
        var tracked: [TrackedFile] = []
        tracked.reserveCapacity(min(query.limit, 256))
        let files = self.files
        do {
            let next = try files.page(fileQuery, from: from, maxVisits: Self.maxVisitsPerPage) { view in
                let path = RelativePath(bytes: view.pathBytes)
                guard let facts = files.facts(of: path) else { return }
                tracked.append(TrackedFile(path: path, facts: facts, state: view.state))
            }
            return .success(TrackedPage(files: tracked, next: next.map { TargetFilePosition(key: $0.key, inclusive: $0.inclusive) }))
        } catch {
            return .failure(ActionFailure("The folder's files cannot be listed: \(error)."))
        }
    }
}
