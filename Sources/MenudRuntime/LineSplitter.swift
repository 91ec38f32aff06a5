import MenudPluginAPI

/// Cuts a stream of bytes into lines (without their `\n`, a `\r` before it dropped); a line
/// longer than ``ProcessOutputLine/maxBytes`` is handed over in pieces of that size, so a
/// program that never prints a newline cannot make the daemon hold its whole output.
struct LineSplitter {
    private var pending: [UInt8] = []

    mutating func append(_ chunk: [UInt8]) -> [String] {
        var lines: [String] = []
        for byte in chunk {
            if byte == 0x0A {
                lines.append(Self.text(pending))
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
                if pending.count >= ProcessOutputLine.maxBytes {
                    lines.append(Self.text(pending))
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }

    /// The unfinished last line, if any.
    mutating func rest() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        return Self.text(pending)
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}
