/// A menu's id on the wire: `"m-<counter>-<random>"`, such as `"m-12-9f3a0c1e"`.
///
/// The counter makes ids unique within a daemon run; the random part makes them hard to guess
/// (a menu also belongs to its connection, so guessing gains nothing, but ids are not reused
/// across restarts in a way a stale client could confuse).
public struct MenuID: Hashable, Sendable, CustomStringConvertible {
    /// The id as it appears on the wire.
    public let rawValue: String

    /// An id as received from a client; unknown ids are simply not found.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id for the `counter`-th menu with random part `random` (written as 8 hex digits).
    public init(counter: UInt64, random: UInt32) {
        // Spelled byte by byte: interpolation and padding cost more than the rest of opening a
        // menu's session.
        var bytes: [UInt8] = [UInt8(ascii: "m"), UInt8(ascii: "-")]
        bytes.reserveCapacity(31)
        bytes.append(contentsOf: String(counter).utf8)
        bytes.append(UInt8(ascii: "-"))
        for shift in stride(from: 28, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: random >> UInt32(shift)) & 0xF
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit)
        }
        rawValue = String(decoding: bytes, as: UTF8.self)
    }

    /// Same as ``rawValue``.
    public var description: String { rawValue }
}
