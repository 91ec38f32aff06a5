import MenudJSON

/// `files.removed`: paths no longer tracked. `pathsBase64` (an entry per path, null for the
/// UTF-8 ones) comes along only when some name is not UTF-8.
public struct FilesRemovedNotification: RPCNotification, RPCNotificationWriting, Equatable {
    public static let method = "files.removed"

    public var paths: [RelativePath]

    public init(paths: [RelativePath]) {
        self.paths = paths
    }

    public init(from params: JSONObject) throws(RPCError) {
        let texts = try params.optionalStringArray("paths") ?? []
        let exact = params["pathsBase64"]?.arrayValue
        if let exact, exact.count != texts.count {
            throw .invalidParams(param: "pathsBase64", "pathsBase64 must have one entry per path")
        }
        paths = texts.indices.map { index in
            exact?[index].stringValue.flatMap(RelativePath.init(base64:)) ?? RelativePath(texts[index])
        }
    }

    public func writeParams(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "paths")
        writer.beginArray()
        for path in paths { writer.writeString(path.displayString) }
        writer.endArray()
        if paths.contains(where: { !$0.isValidUTF8 }) {
            writer.key(ascii: "pathsBase64")
            writer.beginArray()
            for path in paths { if path.isValidUTF8 { writer.write(.null) } else { writer.writeString(path.base64) } }
            writer.endArray()
        }
        writer.endObject()
    }
}
