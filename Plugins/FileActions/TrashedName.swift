/// Names for a file in the trash: its own name, then `stem.2.ext`, `stem.3.ext`, ... on clashes.
/// Bytes, like the name itself.
struct TrashedName: Sendable {
    let original: [UInt8]

    init(_ name: [UInt8]) {
        original = name
    }

    /// The name as text, for messages.
    var shown: String { String(decoding: original, as: UTF8.self) }

    /// The `attempt`-th name (1-based).
    func candidate(_ attempt: Int) -> [UInt8] {
        guard attempt > 1 else { return original }
        let (stem, ext) = DuplicateNamer.split(original)
        return stem + Array(".\(attempt)".utf8) + ext
    }
}
