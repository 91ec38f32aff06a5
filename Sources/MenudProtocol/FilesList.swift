/// `files.list`: a page of the tracked files, optionally filtered.
public enum FilesList: RPCMethod {
    public typealias Params = FilesListParams
    public static let name = "files.list"
}
