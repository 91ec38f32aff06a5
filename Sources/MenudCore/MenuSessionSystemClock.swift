import Foundation

/// The real wall clock, for the running daemon.
public struct SystemMenuClock: MenuClock {
    /// The wall clock.
    public init() {}

    /// `Date()` in milliseconds since 1970.
    public func nowMs() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
