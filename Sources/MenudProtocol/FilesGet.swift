/// `files.get`: one tracked file's File object.
public enum FilesGet: RPCMethod {
    public typealias Params = FilesGetParams
    public static let name = "files.get"
}
