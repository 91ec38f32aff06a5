/// A `files.list` answer read in slices: `ReadinessTracker.openListing(_:)` opens it,
/// `next(_:maxFiles:_:)` visits the next files, `close(_:)` gives it up early.
///
/// The answer is the one a listing at `clock` would have given, however the files change
/// between slices: the tracker keeps, for each open cursor, the version as of `clock` of every
/// file that changes or goes away before the cursor reaches it (see `ListingRun`). Files are
/// shown with the settings and the time of the moment the cursor opened (`settings`, `nowMs`:
/// write them with a `FileObjectWriter` made from `settings`).
///
/// Known when it opens: `clock`, `fresh`, and `knownTotal` when the query has no `glob` and
/// no usable `since` (then `total` is a count the tracker keeps). Known at the end: `summary`,
/// with `total` and `removed`.
public struct ListingCursor: Sendable {
    /// Names the tracker's side of the cursor.
    public let id: Int
    /// The change clock the answer is consistent with.
    public let clock: String
    /// True when `since` could not be honoured: the answer is the complete list.
    public let fresh: Bool
    /// The settings the files are shown with (during a reload applied in slices, the previous
    /// ones too, for files it has not reached).
    public let settings: ReadinessSettingsEpoch
    /// The time the files' reasons are counted from.
    public let nowMs: Int64
    /// `total`, when it is known before the files are visited.
    public let knownTotal: Int?
    /// The rest of the answer, once every file has been visited.
    public internal(set) var summary: FileListSummary?

    public var isFinished: Bool { summary != nil }
}
