import MenudCore
import MenudProtocol

/// The readiness tracker as every service but the tree watch sees it: read only.
protocol TrackedFiles: AnyObject {
    /// The settings files are shown with (the previous ones too while a reload is applied).
    var settingsEpoch: ReadinessSettingsEpoch { get }
    var instanceId: String { get }
    var count: Int { get }
    var counts: ReadinessCounts { get }
    var currentClock: String { get }
    /// What `currentClock` counts: it changes whenever the clock does.
    var changeCounter: UInt64 { get }
    func contains(_ path: RelativePath) -> Bool
    func snapshot(of path: RelativePath) -> FileSnapshot?
    func view(of path: RelativePath) -> FileView?
    func facts(of path: RelativePath) -> FileFacts?
    func state(of path: RelativePath) -> FileState?
    func list(_ query: FileQuery) throws(ReadinessQueryError) -> FileListPage
    func forEachFile(_ query: FileQuery, _ body: (FileView) -> Void) throws(ReadinessQueryError) -> FileListSummary
    func openListing(_ query: FileQuery) throws(ReadinessQueryError) -> ListingCursor
    func next(_ cursor: inout ListingCursor, maxFiles: Int, _ body: (FileView) -> Void)
    func close(_ cursor: ListingCursor)
    func page(_ query: FileQuery, from position: FilePagePosition?, maxVisits: Int,
              _ body: (FileView) -> Void) throws(ReadinessQueryError) -> FilePagePosition?
}

extension ReadinessTracker: TrackedFiles {}
