import CLinux
import Glibc
import Synchronization

/// Random 32-bit words from the kernel's generator (`getrandom`), fetched 64 at a time.
///
/// `UInt32.random(in:)` asks the kernel for 8 bytes on every call: one system call for every
/// menu id, which costs more than the rest of making the id. The words are as unpredictable as
/// the kernel's; what changes is only when they are fetched. Each word is handed out once.
public final class RandomWords: Sendable {
    /// The process's words (menu ids take theirs from here).
    public static let shared = RandomWords()

    private static let batch = 64

    private struct State {
        var words: [UInt32] = []
        var next = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// The next unused word.
    public func next() -> UInt32 {
        state.withLock { state in
            if state.next >= state.words.count {
                state.words = Self.fetch()
                state.next = 0
            }
            defer { state.next += 1 }
            return state.words[state.next]
        }
    }

    /// `batch` words from `getrandom`; should the kernel refuse (it does not on any kernel this
    /// daemon runs on), the standard library's generator fills them instead.
    private static func fetch() -> [UInt32] {
        var words = [UInt32](repeating: 0, count: batch)
        let filled = words.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let got = getrandom(buffer.baseAddress! + done, buffer.count - done, 0)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            return true
        }
        if !filled {
            for index in words.indices { words[index] = UInt32.random(in: .min ... .max) }
        }
        return words
    }
}
