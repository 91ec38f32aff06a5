/// Strings a parse returns as they are given instead of making them again from the input: the
/// member names and values a reader expects in nearly every message (`"jsonrpc"`, `"2.0"`,
/// `"method"`). Making a Swift string from bytes (validating them, then building it) costs
/// several times more than comparing the bytes with the few known strings of their length, and
/// a long known string is shared instead of allocated.
///
/// Only strings written without escapes are looked up; the result is the same string either way.
public struct JSONStringTable: Sendable {
    /// Strings longer than this are never looked up.
    static let longest = 24

    private struct Entry: Sendable {
        let bytes: [UInt8]
        let string: String
    }

    /// The known strings by byte count.
    private let byCount: [[Entry]]

    public init(_ strings: [String]) {
        var byCount = Array(repeating: [Entry](), count: Self.longest + 1)
        for string in strings {
            let bytes = Array(string.utf8)
            if bytes.count <= Self.longest, !byCount[bytes.count].contains(where: { $0.bytes == bytes }) {
                byCount[bytes.count].append(Entry(bytes: bytes, string: string))
            }
        }
        self.byCount = byCount
    }

    /// The known string whose UTF-8 is `bytes`, or nil.
    public func string(for bytes: ArraySlice<UInt8>) -> String? {
        let count = bytes.count
        guard count <= Self.longest else { return nil }
        for entry in byCount[count] where Self.equal(entry.bytes, bytes) {
            return entry.string
        }
        return nil
    }

    private static func equal(_ known: [UInt8], _ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        for byte in known {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }
}
