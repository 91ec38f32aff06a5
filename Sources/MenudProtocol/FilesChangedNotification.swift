import MenudJSON

/// `files.changed`: the File objects of files that appeared or changed. The daemon streams them
/// with `FileObjectWriter`; a client reads them here.
public struct FilesChangedNotification: RPCNotification, Equatable {
    public static let method = "files.changed"

    public var files: [FileSnapshot]

    public init(files: [FileSnapshot]) {
        self.files = files
    }

    public init(from params: JSONObject) throws(RPCError) {
        guard let entries = params["files"]?.arrayValue else {
            throw .invalidParams(param: "files", "files is required: a list of File objects")
        }
        var files: [FileSnapshot] = []
        files.reserveCapacity(entries.count)
        for entry in entries {
            guard let object = entry.objectValue else {
                throw .invalidParams(param: "files", "every entry of files must be a File object")
            }
            files.append(try FileSnapshot(from: object))
        }
        self.files = files
    }
}
