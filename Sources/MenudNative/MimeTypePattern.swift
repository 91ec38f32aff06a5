/// A MIME type pattern from the config: `"image/png"`, `"image/*"` or `"*/*"`.
public struct MimeTypePattern: Hashable, Sendable, CustomStringConvertible {
    /// The type part, lower-cased, or `"*"`.
    public let type: String
    /// The subtype part, lower-cased, or `"*"`.
    public let subtype: String

    /// Parses `text`; `nil` unless it is `type/subtype` where each part is `*` or a MIME token
    /// (letters, digits and `! # $ & - ^ _ . +`), and a `*` type has a `*` subtype.
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let type = String(parts[0])
        let subtype = String(parts[1])
        guard Self.isPart(type), Self.isPart(subtype), type != "*" || subtype == "*" else { return nil }
        self.type = type
        self.subtype = subtype
    }

    /// Whether `mimeType` (such as `"image/png"`, parameters after `;` ignored) matches.
    public func matches(_ mimeType: String) -> Bool {
        let essence = mimeType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let parts = essence.trimmingSpaces.lowercased().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return (type == "*" || type == parts[0]) && (subtype == "*" || subtype == parts[1])
    }

    /// `"type/subtype"`.
    public var description: String { "\(type)/\(subtype)" }

    private static func isPart(_ part: String) -> Bool {
        if part == "*" { return true }
        return !part.isEmpty && part.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "!#$&-^_.+".unicodeScalars.contains(scalar))
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
