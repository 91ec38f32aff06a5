import Foundation

/// The real wall clock, in epoch milliseconds (the same time base as file modification times).
public struct SystemClock: Clock {
    public init() {}

    public func nowMs() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
