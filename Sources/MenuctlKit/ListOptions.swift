/// `menuctl ls [--state S] [--glob G] [--json]`.
public struct ListOptions: Sendable, Equatable {
    public var filter: FileFilter
    /// Print the raw `files.list` result instead of the table.
    public var json: Bool

    public init(filter: FileFilter = FileFilter(), json: Bool = false) {
        self.filter = filter
        self.json = json
    }
}
