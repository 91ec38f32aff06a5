/// One name in a directory listing, as raw bytes, with the kind `readdir` reported.
public struct DirectoryEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case file, directory, symlink, other, unknown }
    public let name: [UInt8]
    public let kind: Kind

    public init(name: [UInt8], kind: Kind) {
        self.name = name
        self.kind = kind
    }
}
