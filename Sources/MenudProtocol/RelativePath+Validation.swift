/// Checking and normalizing paths that come from outside (clients, configuration).
extension RelativePath {
    /// Normalizes `bytes` into a relative path: empty and `.` components are dropped (so
    /// `./a//b/` becomes `a/b`). Throws for an absolute path, a `..` component, or a NUL byte,
    /// none of which name something inside the root.
    public init(validating bytes: [UInt8]) throws(RelativePathError) {
        if bytes.first == RelativePath.separator {
            throw .absolute(RelativePath(bytes: bytes).displayString)
        }
        if bytes.contains(0) {
            throw .containsNul(RelativePath(bytes: bytes).displayString)
        }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        for component in bytes.split(separator: RelativePath.separator, omittingEmptySubsequences: true) {
            if component.count == 1 && component.first == UInt8(ascii: ".") { continue }
            if component.count == 2 && component.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                throw .parentReference(RelativePath(bytes: bytes).displayString)
            }
            if !normalized.isEmpty { normalized.append(RelativePath.separator) }
            normalized.append(contentsOf: component)
        }
        self.init(bytes: normalized)
    }

    /// Normalizes a textual path; see `init(validating: [UInt8])`.
    public init(validating string: String) throws(RelativePathError) {
        try self.init(validating: Array(string.utf8))
    }

    /// Decodes base64 (the wire's `pathBase64`) and normalizes the bytes; see
    /// `init(validating: [UInt8])`.
    public init(validatingBase64 text: String) throws(RelativePathError) {
        guard let raw = RelativePath(base64: text) else { throw .invalidBase64(text) }
        try self.init(validating: raw.bytes)
    }
}
