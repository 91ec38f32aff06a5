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
        let hex = String(random, radix: 16)
        rawValue = "m-\(counter)-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Same as ``rawValue``.
    public var description: String { rawValue }
}
