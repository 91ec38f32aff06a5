/// Why a path from outside cannot be used as a path relative to the watched root.
public enum RelativePathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path starts with `/`.
    case absolute(String)
    /// The path has a `..` component, which could lead out of the root.
    case parentReference(String)
    /// The path contains a NUL byte, which no file name can hold.
    case containsNul(String)
    /// `pathBase64` was not valid standard base64.
    case invalidBase64(String)

    /// True when the problem is that the path points outside the root (protocol code -32011)
    /// rather than being malformed.
    public var escapesRoot: Bool {
        switch self {
        case .absolute, .parentReference: true
        case .containsNul, .invalidBase64: false
        }
    }

    public var description: String {
        switch self {
        case .absolute(let path):
            "the path \"\(path)\" is absolute; give it relative to the watched root, e.g. \"videos/intro.mp4\""
        case .parentReference(let path):
            "the path \"\(path)\" contains \"..\"; paths must stay inside the watched root"
        case .containsNul(let path):
            "the path \"\(path)\" contains a NUL byte, which no file name can hold"
        case .invalidBase64(let text):
            "pathBase64 \"\(text)\" is not valid base64; encode the path's bytes with standard base64"
        }
    }
}
