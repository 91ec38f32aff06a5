import MenudJSON
import MenudText

extension FileSnapshot {
    /// Reads a whole File object (as `files.get` and `files.changed` give it); a missing or
    /// mistyped member throws a -32602 that names it. Tolerantly (``DecodingMode``) only `path`,
    /// `size` and `state` are needed: a missing `sizeText` is written from the size, a `pathBase64`
    /// that is not base64 is passed over for `path`, and the other members take neutral values.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        let text = try object.requiredString("path")
        path = RelativePath(text)
        if let encoded = try mode.value(object.optionalString("pathBase64"), orElse: nil) {
            if let exact = RelativePath(base64: encoded) {
                path = exact
            } else if mode == .strict {
                throw .invalidParams(param: "pathBase64", "pathBase64 must be standard base64 of the path's bytes")
            }
        }
        size = try object.requiredInt("size")
        sizeText = try mode.value(object.requiredString("sizeText"), orElse: FileSizeText.format(size))
        let stateText = try object.requiredString("state")
        guard let state = FileState(rawValue: stateText) else {
            throw .invalidParams(param: "state", "state must be one of pending, ready, expired (got \"\(stateText)\")")
        }
        self.state = state
        mtimeMs = try mode.value(object.requiredInt("mtimeMs"), orElse: 0)
        readyAtMs = try mode.value(object.optionalInt("readyAtMs"), orElse: nil)
        expiresAtMs = try mode.value(object.optionalInt("expiresAtMs"), orElse: nil)
        reason = try mode.value(object.requiredString("reason"), orElse: "")
        clock = try mode.value(object.requiredString("clock"), orElse: "")
    }

    /// The File objects of a `files` list (a `files.list` result, a `files.changed`
    /// notification). Tolerantly a missing list is empty and an entry that cannot be read is
    /// skipped.
    static func list(in object: JSONObject, mode: DecodingMode) throws(RPCError) -> [FileSnapshot] {
        let entries = try mode.value(object.requiredList("files", of: "File objects"), orElse: [])
        var files: [FileSnapshot] = []
        files.reserveCapacity(entries.count)
        for entry in entries {
            guard let file = entry.objectValue else {
                if mode == .tolerant { continue }
                throw .invalidParams(param: "files", "every entry of files must be a File object")
            }
            guard let snapshot = try mode.value(FileSnapshot(from: file, mode: mode), orElse: nil) else { continue }
            files.append(snapshot)
        }
        return files
    }
}
