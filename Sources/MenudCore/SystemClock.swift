import Glibc

/// The real wall clock, in epoch milliseconds (the same time base as file modification times).
public struct SystemClock: Clock {
    public init() {}

    public func nowMs() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
