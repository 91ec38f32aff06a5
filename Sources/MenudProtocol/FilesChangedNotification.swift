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
        try self.init(from: params, mode: .strict)
    }

    /// Reads the notification; tolerantly (``DecodingMode``) files that cannot be read are skipped.
    public init(from params: JSONObject, mode: DecodingMode) throws(RPCError) {
        files = try FileSnapshot.list(in: params, mode: mode)
    }
}
