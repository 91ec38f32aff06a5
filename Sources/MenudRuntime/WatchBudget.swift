import Glibc
import MenudLoop
import Synchronization

/// The inotify watches the daemon holds and how many more it may take: at most `maxWatches`
/// (the config), and no more than the kernel allowed when it last refused one (`ENOSPC` from
/// `inotify_add_watch`: the user's `fs.inotify.max_user_watches`, shared with every other
/// program of that user). The crawler takes watches on its threads; the loop gives them back
/// when the kernel says a watch ended (`IN_IGNORED`), so a directory polled for want of a
/// watch gets one on a later poll once others are gone; each poll round asks the kernel again
/// (`askKernelAgain`), for watches other programs gave back.
///
/// Watches are counted by number: the kernel hands the same number out again for a directory
/// watched twice, so a second `addWatch` of one directory does not count twice.
final class WatchBudget: Sendable {
    private struct State {
        var held: Set<Int32> = []
        var configured: Int?
        var kernel: Int?
        var limit: Int? {
            switch (configured, kernel) {
            case (let a?, let b?): min(a, b)
            case (let a?, nil): a
            case (nil, let b?): b
            case (nil, nil): nil
            }
        }
    }

    private let state: Mutex<State>
    private let registrar: WatchRegistrar

    init(registrar: WatchRegistrar, maxWatches: Int?) {
        self.registrar = registrar
        state = Mutex(State(configured: maxWatches))
    }

    /// The most watches the daemon takes now (nil: no limit known yet).
    var limit: Int? { state.withLock { $0.limit } }

    /// Whether the limit in force is the config's `maxWatches` (false: the kernel's).
    var limitIsConfigured: Bool {
        state.withLock { state in state.configured != nil && state.limit == state.configured }
    }

    /// A reload's `maxWatches`. A lower cap keeps the watches already held (they end with their
    /// directories); a higher one lets polled directories take watches on their next poll.
    func update(maxWatches: Int?) {
        state.withLock { $0.configured = maxWatches }
    }

    /// Watches the directory open as `fd` (see `WatchRegistrar.addWatch(openDirectory:path:)`)
    /// when the limit leaves room. Throws `ENOSPC` when it does not, or when the kernel refused
    /// (whose limit is then the count held).
    func addWatch(openDirectory fd: Int32, path: @autoclosure () -> [UInt8]) throws(LoopError) -> Int32 {
        let outcome = state.withLock { state -> Result<Int32, LoopError> in
            if let limit = state.limit, state.held.count >= limit {
                return .failure(LoopError(code: -ENOSPC, operation: "watch \(String(decoding: path(), as: UTF8.self)) (\(limit) watches taken)"))
            }
            do throws(LoopError) {
                let watch = try registrar.addWatch(openDirectory: fd, path: path())
                state.held.insert(watch)
                return .success(watch)
            } catch {
                if error.isNoSpace { state.kernel = state.held.count }
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Forgets the kernel's limit learned from its last refusal, so the next watch asks the
    /// kernel again: other programs of the user may have given watches back since. A refusal
    /// sets it again (one failed call per poll round).
    func askKernelAgain() {
        state.withLock { $0.kernel = nil }
    }

    /// The kernel ended `watch` (its directory was deleted, or the daemon removed it).
    func release(_ watch: Int32) {
        _ = state.withLock { $0.held.remove(watch) }
    }
}
