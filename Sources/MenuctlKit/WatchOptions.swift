/// `menuctl watch [--state S] [--glob G] [--json]`.
public struct WatchOptions: Sendable, Equatable {
    public var filter: FileFilter
    /// Not on a terminal: print each notification's params as one JSON line instead of one line
    /// per file.
    public var json: Bool

    public init(filter: FileFilter = FileFilter(), json: Bool = false) {
        self.filter = filter
        self.json = json
    }
}
