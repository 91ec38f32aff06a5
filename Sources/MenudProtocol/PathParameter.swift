import MenudJSON
import MenudText

/// A path a client sent (`path`, `pathBase64` for a name that is not UTF-8, or an entry of
/// `target.paths`), checked by the rules every method shares. The checks here are lexical; the
/// daemon adds the one that needs the file system (a symlink that leads out of the root).
///
/// - A NUL byte is refused (no file name holds one): -32602.
/// - A trailing `/`, `/.` or `/..` is refused: POSIX takes it to name a folder, and a file's path
///   has none: -32602.
/// - An absolute path must start with one of the root's spellings, which is dropped; any other
///   absolute path is outside the root: -32011.
/// - Empty and `.` components are dropped and `..` removes the component before it; a `..` that
///   would climb above the root is outside it: -32011.
public struct PathParameter: Sendable, Equatable {
    /// The parameter's name in errors (`path`, `target.paths`).
    public let param: String
    /// The bytes as sent.
    public let raw: [UInt8]

    /// The path as sent, for messages.
    public var display: String { String(decoding: raw, as: UTF8.self) }

    /// Checks `raw` (the bytes of parameter `param`) for a NUL byte and a trailing slash.
    public init(raw: [UInt8], param: String) throws(RPCError) {
        if raw.contains(0) { throw .invalidParams(param: param, "\(param) must not contain a NUL byte") }
        if Self.namesFolder(raw) {
            let display = String(decoding: raw, as: UTF8.self)
            throw .invalidParams(param: param, "\(param) \"\(display)\" ends in \"/\", \"/.\" or \"/..\", which names a folder; give the file's path without it")
        }
        self.param = param
        self.raw = raw
    }

    /// The path in `object[key]`, or in `object[key + "Base64"]` as standard base64 of its bytes.
    public init(from object: JSONObject, key: String) throws(RPCError) {
        let raw: [UInt8]
        if let text = try object.optionalString(key) {
            raw = Array(text.utf8)
        } else if let encoded = try object.optionalString(key + "Base64") {
            guard let data = Base64.decode(encoded) else {
                throw .invalidParams(param: key + "Base64", "\(key)Base64 must be standard base64 of the path's bytes")
            }
            raw = data
        } else {
            throw .invalidParams(param: key, "\(key) is required: a path relative to the root (or \(key)Base64)")
        }
        try self.init(raw: raw, param: key)
    }

    /// The path relative to the root. `rootSpellings` are the root's absolute spellings a client
    /// may use (as configured, and through a link to it).
    public func relative(rootSpellings: [[UInt8]]) throws(RPCError) -> RelativePath {
        // Most paths are already in that form (`videos/intro.mp4`): taken as they are.
        if Self.isNormalRelative(raw) { return RelativePath(bytes: raw) }
        var bytes = raw[...]
        if bytes.first == Self.slash {
            guard let root = rootSpellings.first(where: { bytes.starts(with: $0) && (bytes.count == $0.count || bytes[bytes.startIndex + $0.count] == Self.slash) }) else {
                throw .outsideRoot(path: display)
            }
            bytes = bytes.dropFirst(root.count)
        }
        var components: [ArraySlice<UInt8>] = []
        for component in bytes.split(separator: Self.slash, omittingEmptySubsequences: true) {
            if component.elementsEqual([Self.dot]) { continue }
            if component.elementsEqual([Self.dot, Self.dot]) {
                if components.isEmpty { throw .outsideRoot(path: display) }
                components.removeLast()
                continue
            }
            components.append(component)
        }
        return RelativePath(bytes: Array(components.joined(separator: [Self.slash])))
    }

    /// Writes the path as `key` when it is UTF-8, as `key + "Base64"` otherwise (for clients).
    public func write(into object: inout JSONObject, key: String) {
        if let text = String(validating: raw, as: UTF8.self) {
            object[key] = .string(text)
        } else {
            object[key + "Base64"] = .string(Base64.encode(raw))
        }
    }

    /// True when `raw` is a relative path the rules of `relative(rootSpellings:)` leave as it
    /// is: not empty, no leading `/`, and no empty, `.` or `..` component.
    static func isNormalRelative(_ raw: [UInt8]) -> Bool {
        var length = 0  // of the current component
        var dots = 0  // dots in it
        for byte in raw {
            if byte == slash {
                if length == 0 || (length == dots && dots <= 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == dot { dots += 1 }
            }
        }
        return length > 0 && !(length == dots && dots <= 2)
    }

    /// True when `raw` (longer than one byte) ends in `/`, `/.` or `/..`. Read byte by byte:
    /// comparing suffixes with array literals built two arrays for every request's path.
    static func namesFolder(_ raw: [UInt8]) -> Bool {
        let count = raw.count
        guard count > 1 else { return false }
        if raw[count - 1] == slash { return true }
        guard raw[count - 1] == dot else { return false }
        if raw[count - 2] == slash { return true }
        return count > 2 && raw[count - 2] == dot && raw[count - 3] == slash
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
}
