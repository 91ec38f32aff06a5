/// The time source of ``MenuSessionTable``: milliseconds since 1970 (so `expiresAtMs` can go on
/// the wire as is). Tests inject a clock they move by hand.
public protocol MenuClock: Sendable {
    /// The current time in milliseconds since 1970.
    func nowMs() -> Int64
}
