import Glibc

/// `CLOCK_MONOTONIC` in milliseconds.
public enum MonotonicTime {
    public static func nowMs() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
