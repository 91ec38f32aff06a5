import MenudCore

extension FileSnapshot {
    /// Writes the protocol's File object.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(encoded: FileSnapshot.key_path)
        writer.writeString(path.displayString)
        if !path.isValidUTF8 {
            writer.key(encoded: FileSnapshot.key_pathBase64)
            writer.writeString(path.base64)
        }
        writer.key(encoded: FileSnapshot.key_size)
        writer.writeInt(size)
        writer.key(encoded: FileSnapshot.key_sizeText)
        writer.writeString(sizeText)
        writer.key(encoded: FileSnapshot.key_state)
        writer.writeString(state.rawValue)
        writer.key(encoded: FileSnapshot.key_mtimeMs)
        writer.writeInt(mtimeMs)
        if let readyAtMs {
            writer.key(encoded: FileSnapshot.key_readyAtMs)
            writer.writeInt(readyAtMs)
        }
        if let expiresAtMs {
            writer.key(encoded: FileSnapshot.key_expiresAtMs)
            writer.writeInt(expiresAtMs)
        }
        writer.key(encoded: FileSnapshot.key_reason)
        writer.writeString(reason)
        writer.key(encoded: FileSnapshot.key_clock)
        writer.writeString(clock)
        writer.endObject()
    }

    // Member names, encoded once.
    static let key_clock: [UInt8] = Array(#""clock":"#.utf8)
    static let key_expiresAtMs: [UInt8] = Array(#""expiresAtMs":"#.utf8)
    static let key_mtimeMs: [UInt8] = Array(#""mtimeMs":"#.utf8)
    static let key_path: [UInt8] = Array(#""path":"#.utf8)
    static let key_pathBase64: [UInt8] = Array(#""pathBase64":"#.utf8)
    static let key_readyAtMs: [UInt8] = Array(#""readyAtMs":"#.utf8)
    static let key_reason: [UInt8] = Array(#""reason":"#.utf8)
    static let key_size: [UInt8] = Array(#""size":"#.utf8)
    static let key_sizeText: [UInt8] = Array(#""sizeText":"#.utf8)
    static let key_state: [UInt8] = Array(#""state":"#.utf8)
}
