/// The terminal's answer to "where is the cursor?" (`ESC [ 6 n`): `ESC [ row ; col R`, 1-based.
/// `KeyDecoder` hands it over as ``KeyEvent/unknown(_:)``.
public enum CursorPositionReport {
    /// The question.
    public static let request = AnsiSequence.csi + "6n"

    /// The 0-based cell of a report, or `nil` when `bytes` are not one.
    public static func parse(_ bytes: [UInt8]) -> (col: Int, row: Int)? {
        guard bytes.count >= 6, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "["), bytes.last == UInt8(ascii: "R") else { return nil }
        let fields = String(decoding: bytes[2..<(bytes.count - 1)], as: UTF8.self).split(separator: ";")
        guard fields.count == 2, let row = Int(fields[0]), let col = Int(fields[1]), row >= 1, col >= 1 else { return nil }
        return (col - 1, row - 1)
    }
}
