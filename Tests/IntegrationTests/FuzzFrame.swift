/// One line the fuzz test sends, how it is cut into writes, and what must come back.
struct FuzzFrame {
    /// The line, ending in `\n` (or `\r\n`).
    var bytes: [UInt8]
    /// Offsets at which the line is split into separate writes (ascending, inside the line).
    var splits: [Int]
    var expectation: FuzzExpectation
    /// What the generator made, for failure messages.
    var kind: String
}
