/// A source of wall-clock time in epoch milliseconds.
///
/// Pure logic in MenudCore never reads the time itself; it asks a `Clock`, so tests can drive
/// time with a `ManualClock` and the daemon passes a `SystemClock`.
public protocol Clock: Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    func nowMs() -> Int64
}
