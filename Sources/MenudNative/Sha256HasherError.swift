/// Why hashing failed.
public enum Sha256HasherError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libcrypto could not set up or run the digest (out of memory, broken provider).
    case crypto(String)
    /// libcrypto cannot be opened (the sentence says why and names the package).
    case libraryMissing(String)
    /// The file could not be opened; `reason` is the system's explanation (the hasher reads
    /// descriptors: this is for callers that open the file and keep the same wording).
    case cannotOpen(path: String, reason: String)
    /// Reading the file failed part way.
    case readFailed(path: String, reason: String)

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .crypto(let step):
            "SHA-256 is not available from libcrypto (\(step) failed); check the OpenSSL installation."
        case .libraryMissing(let reason):
            "SHA-256 needs libcrypto: \(reason)."
        case .cannotOpen(let path, let reason):
            "Cannot open \(path) for reading: \(reason)."
        case .readFailed(let path, let reason):
            "Reading \(path) failed: \(reason)."
        }
    }

    /// Same as ``message``.
    public var description: String { message }
}
