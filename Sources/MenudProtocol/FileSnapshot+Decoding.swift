import MenudJSON

extension FileSnapshot {
    /// Reads a whole File object (as `files.get` and `files.changed` give it); a missing or
    /// mistyped member throws a -32602 that names it.
    public init(from object: JSONObject) throws(RPCError) {
        let text = try object.requiredString("path")
        if let encoded = try object.optionalString("pathBase64") {
            guard let exact = RelativePath(base64: encoded) else {
                throw .invalidParams(param: "pathBase64", "pathBase64 must be standard base64 of the path's bytes")
            }
            path = exact
        } else {
            path = RelativePath(text)
        }
        size = try object.requiredInt("size")
        sizeText = try object.requiredString("sizeText")
        let stateText = try object.requiredString("state")
        guard let state = FileState(rawValue: stateText) else {
            throw .invalidParams(param: "state", "state must be one of pending, ready, expired (got \"\(stateText)\")")
        }
        self.state = state
        mtimeMs = try object.requiredInt("mtimeMs")
        readyAtMs = try object.optionalInt("readyAtMs")
        expiresAtMs = try object.optionalInt("expiresAtMs")
        reason = try object.requiredString("reason")
        clock = try object.requiredString("clock")
    }
}
