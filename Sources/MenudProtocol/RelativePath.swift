import MenudText

/// A path relative to the watched root, kept as the exact bytes the file system gave us.
///
/// Components are separated by a single `/`; there is no leading or trailing `/`, no empty,
/// `.` or `..` component. The empty path is the root itself. File names on Linux are byte
/// strings, not text: a name that is not valid UTF-8 is kept exactly, shown with U+FFFD in
/// `displayString`, and carried on the wire as `base64`.
///
/// Ordering is bytewise (the order of `files.list`), which keeps every path under a directory
/// `d` (all sharing the prefix `d/`) in one contiguous run.
public struct RelativePath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The exact bytes of the path.
    public let bytes: [UInt8]

    /// The root directory itself (no components).
    public static let root = RelativePath(bytes: [])

    /// Wraps bytes that are already a well-formed relative path (as produced by the directory
    /// walker, which joins names with `/`). Use `init(validating:)` for paths from clients.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Wraps the UTF-8 bytes of a well-formed relative path such as `"videos/intro.mp4"`.
    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// Decodes the exact bytes of a path from standard base64 (the wire's `pathBase64`), or
    /// returns nil when `base64` is not valid base64. The bytes are taken as they are; use
    /// `init(validating:)` to check and normalize them.
    public init?(base64: String) {
        guard let data = Base64.decode(base64) else { return nil }
        self.init(bytes: data)
    }

    /// True for the root (the empty path).
    public var isRoot: Bool { bytes.isEmpty }

    /// The path as text, with every invalid UTF-8 sequence replaced by U+FFFD.
    public var displayString: String {
        String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { displayString }

    /// True when the bytes are valid UTF-8, so `displayString` is exact.
    public var isValidUTF8: Bool {
        // ASCII paths (nearly all) need no String to be built.
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// The bytes in standard base64. Only needed on the wire when `isValidUTF8` is false.
    public var base64: String {
        Base64.encode(bytes)
    }

    /// The names along the path, as bytes (empty for the root).
    public var components: [[UInt8]] {
        if bytes.isEmpty { return [] }
        return bytes.split(separator: RelativePath.separator, omittingEmptySubsequences: false).map(Array.init)
    }

    /// The directory holding this path: the root for a top-level name, nil for the root itself.
    public var parent: RelativePath? {
        if bytes.isEmpty { return nil }
        guard let slash = bytes.lastIndex(of: RelativePath.separator) else { return .root }
        return RelativePath(bytes: Array(bytes[..<slash]))
    }

    /// The last name of the path as bytes (empty for the root).
    public var lastComponent: [UInt8] {
        Array(lastComponentBytes)
    }

    /// The last name as a slice of `bytes`, without copying.
    public var lastComponentBytes: ArraySlice<UInt8> {
        if let slash = bytes.lastIndex(of: RelativePath.separator) {
            return bytes[(slash + 1)...]
        }
        return bytes[...]
    }

    /// This path with one more name appended. `name` must not contain `/`.
    public func appending(component name: [UInt8]) -> RelativePath {
        if bytes.isEmpty { return RelativePath(bytes: name) }
        var joined = bytes
        joined.reserveCapacity(bytes.count + 1 + name.count)
        joined.append(RelativePath.separator)
        joined.append(contentsOf: name)
        return RelativePath(bytes: joined)
    }

    /// This path with one more name appended. `name` must not contain `/`.
    public func appending(_ name: String) -> RelativePath {
        appending(component: Array(name.utf8))
    }

    /// True when this path lies strictly inside the directory `directory` (the root contains
    /// every other path).
    public func isInside(_ directory: RelativePath) -> Bool {
        if directory.bytes.isEmpty { return !bytes.isEmpty }
        let prefixCount = directory.bytes.count
        return bytes.count > prefixCount
            && bytes[prefixCount] == RelativePath.separator
            && bytes.starts(with: directory.bytes)
    }

    public static func < (lhs: RelativePath, rhs: RelativePath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    @inlinable public static var separator: UInt8 { UInt8(ascii: "/") }
}
