/// Why libmagic could not name a file's type.
public enum MimeTypeDetectorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libmagic could not start or load its database.
    case unavailable(String)
    /// libmagic itself cannot be opened (the sentence says why and names the package).
    case libraryMissing(String)
    /// The file could not be examined (missing, unreadable).
    case cannotExamine(path: String, reason: String)

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .unavailable(let reason):
            "File type detection (libmagic) is unavailable: \(reason). Install the magic database (package libmagic-mgc)."
        case .libraryMissing(let reason):
            "File type detection needs libmagic: \(reason)."
        case .cannotExamine(let path, let reason):
            "Cannot determine the type of \(path): \(reason)."
        }
    }

    /// Same as ``message``.
    public var description: String { message }
}
