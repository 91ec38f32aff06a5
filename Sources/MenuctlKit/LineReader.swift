import MenudNative

/// Reads lines (without `\n` and `\r`) from a descriptor, for `menuctl raw -`.
struct LineReader {
    let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var atEnd = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// The next line, or `nil` at end of input (a last line without `\n` still counts).
    mutating func nextLine() throws(MenuctlError) -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return buffer
            }
            do {
                if let bytes = try TerminalIO.read(fileDescriptor, maximum: 65536) {
                    buffer += bytes
                } else {
                    atEnd = true
                }
            } catch {
                throw .failure("reading standard input failed: \(error.description)")
            }
        }
    }
}
