/// Why libmagic could not name a file's type.
public enum MimeTypeDetectorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libmagic could not start or load its database.
    case unavailable(String)
    /// The file could not be examined (missing, unreadable).
    case cannotExamine(path: String, reason: String)

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .unavailable(let reason):
            "File type detection (libmagic) is unavailable: \(reason). Install the magic database (package libmagic-mgc)."
        case .cannotExamine(let path, let reason):
            "Cannot determine the type of \(path): \(reason)."
        }
    }

    /// Same as ``message``.
    public var description: String { message }
}
