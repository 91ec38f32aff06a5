import MenudJSON

/// `files.get`'s params: the file's `path` (or `pathBase64`).
public struct FilesGetParams: RPCParams, Equatable {
    public var path: PathParameter

    public init(path: PathParameter) {
        self.path = path
    }

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: Self.keys)
        path = try PathParameter(from: params, key: "path")
    }

    public var json: JSONObject {
        var object = JSONObject()
        path.write(into: &object, key: "path")
        return object
    }

    /// The params it takes, built once: an array literal here was built for every request.
    private static let keys = ["path", "pathBase64"]
}
