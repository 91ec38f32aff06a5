import MenudJSON

extension FileSnapshot {
    /// Writes the protocol's File object (every member). `FileObjectWriter` writes the same bytes
    /// from a `FileView`, faster, and can leave members out.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(encoded: FileObjectWriter.key_path)
        writer.writeString(path.displayString)
        if !path.isValidUTF8 {
            writer.key(encoded: FileObjectWriter.key_pathBase64)
            writer.writeString(path.base64)
        }
        writer.key(encoded: FileObjectWriter.key_size)
        writer.writeInt(size)
        writer.key(encoded: FileObjectWriter.key_sizeText)
        writer.writeString(sizeText)
        writer.key(encoded: FileObjectWriter.key_state)
        writer.writeString(state.rawValue)
        writer.key(encoded: FileObjectWriter.key_mtimeMs)
        writer.writeInt(mtimeMs)
        if let readyAtMs {
            writer.key(encoded: FileObjectWriter.key_readyAtMs)
            writer.writeInt(readyAtMs)
        }
        if let expiresAtMs {
            writer.key(encoded: FileObjectWriter.key_expiresAtMs)
            writer.writeInt(expiresAtMs)
        }
        writer.key(encoded: FileObjectWriter.key_reason)
        writer.writeString(reason)
        writer.key(encoded: FileObjectWriter.key_clock)
        writer.writeString(clock)
        writer.endObject()
    }

}
