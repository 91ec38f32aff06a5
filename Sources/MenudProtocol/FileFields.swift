/// Which members of the protocol's File object an answer carries (`files.list`'s `fields`).
///
/// `pathBase64` is not a field of its own: it comes with `path` for a name that is not valid
/// UTF-8. `readyAtMs` and `expiresAtMs` appear, as always, only for files that have them.
public struct FileFields: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public static let path = FileFields(rawValue: 1 << 0)
    public static let size = FileFields(rawValue: 1 << 1)
    public static let sizeText = FileFields(rawValue: 1 << 2)
    public static let state = FileFields(rawValue: 1 << 3)
    public static let mtimeMs = FileFields(rawValue: 1 << 4)
    public static let readyAtMs = FileFields(rawValue: 1 << 5)
    public static let expiresAtMs = FileFields(rawValue: 1 << 6)
    public static let reason = FileFields(rawValue: 1 << 7)
    public static let clock = FileFields(rawValue: 1 << 8)

    /// Every member: the File object as `files.get` and notifications write it.
    public static let all: FileFields = [.path, .size, .sizeText, .state, .mtimeMs, .readyAtMs, .expiresAtMs, .reason, .clock]

    /// The member names, in the order the File object writes them.
    public static let names: [(name: String, field: FileFields)] = [
        ("path", .path), ("size", .size), ("sizeText", .sizeText), ("state", .state), ("mtimeMs", .mtimeMs),
        ("readyAtMs", .readyAtMs), ("expiresAtMs", .expiresAtMs), ("reason", .reason), ("clock", .clock),
    ]

    /// The field a member name stands for, or nil for a name the File object does not have.
    public static func named(_ name: String) -> FileFields? {
        names.first { $0.name == name }?.field
    }
}
