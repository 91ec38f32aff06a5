extension JSONWriter {
    /// Hands over the bytes written so far and empties the buffer, keeping where the document
    /// is (the next value still gets its comma): a long document written out in pieces.
    public mutating func takeBytes() -> [UInt8] {
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        return taken
    }
}
