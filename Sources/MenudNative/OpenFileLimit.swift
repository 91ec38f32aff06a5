import Glibc

/// The process's limit on open descriptors (`RLIMIT_NOFILE`) and how many are open.
public enum OpenFileLimit {
    /// The soft and hard limits now in force.
    public static func current() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return (clamp(limit.rlim_cur), clamp(limit.rlim_max))
    }

    /// Raises the soft limit to the hard one (the soft one is often 1024 while the hard one
    /// allows far more); returns the limits in force afterwards. A hard limit of "unlimited" is
    /// taken as the kernel's `nr_open`, the most a process can have.
    public static func raiseSoftToHard() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? rlim_t(kernelMaximum() ?? Int(limit.rlim_cur)) : limit.rlim_max
            if raised.rlim_cur > limit.rlim_cur {
                _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised)
            }
        }
        return current()
    }

    /// How many descriptors this process has open now (the entries of `/proc/self/fd`, less
    /// the one listing them); nil without `/proc`.
    public static func openCount() -> Int? {
        guard case .success(let entries) = DirectoryReader.entries(of: Array("/proc/self/fd".utf8)) else { return nil }
        return max(0, entries.count - 1)
    }

    /// `/proc/sys/fs/nr_open`: the most descriptors the kernel lets one process have.
    private static func kernelMaximum() -> Int? {
        guard let file = fopen("/proc/sys/fs/nr_open", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 32)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Int(text.filter(\.isNumber))
    }

    private static func clamp(_ value: rlim_t) -> Int {
        value >= rlim_t(Int.max) ? Int.max : Int(value)
    }
}
