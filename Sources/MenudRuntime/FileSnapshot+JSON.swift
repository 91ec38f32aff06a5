import MenudCore

extension FileSnapshot {
    /// Writes the protocol's File object.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("path")
        writer.writeString(path.displayString)
        if !path.isValidUTF8 {
            writer.key("pathBase64")
            writer.writeString(path.base64)
        }
        writer.key("size")
        writer.writeInt(size)
        writer.key("sizeText")
        writer.writeString(sizeText)
        writer.key("state")
        writer.writeString(state.rawValue)
        writer.key("mtimeMs")
        writer.writeInt(mtimeMs)
        if let readyAtMs {
            writer.key("readyAtMs")
            writer.writeInt(readyAtMs)
        }
        if let expiresAtMs {
            writer.key("expiresAtMs")
            writer.writeInt(expiresAtMs)
        }
        writer.key("reason")
        writer.writeString(reason)
        writer.key("clock")
        writer.writeString(clock)
        writer.endObject()
    }
}
