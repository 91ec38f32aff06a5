import MenudCore
import MenudNative
import MenudProtocol

/// The crawler's work, shared by its threads: the jobs waiting, and the directories of the
/// walk under way that no thread has listed yet. Jobs run one at a time, in order. Every
/// thread takes part in a walk (each lists a directory, then takes the next one, so a wide
/// tree keeps them all busy); a poll runs on one thread alone (its batches are compared as a
/// whole, in order).
///
/// A walk ends with one report that says `finished`, after every other report of it: a
/// thread that finds no directory left posts what it holds, then leaves (`leave()`); the last
/// to leave posts the final report. A thread alone in a walk with nothing left to list is the
/// last already (`isAlone`), and its final report carries its batch, as one thread did before.
final class CrawlQueue: @unchecked Sendable {
    enum Task {
        /// List this directory of this walk (the thread is one of its walkers now).
        case list(CrawlJob, RelativePath, IgnoreRules)
        case poll(CrawlJob, IgnoreRules)
        case stop
    }

    enum Leaving {
        /// Another directory came in meanwhile: list it.
        case more(RelativePath)
        case left
        /// The last walker: post the walk's final report, then `finishWalk()`.
        case last
    }

    private let condition = NativeCondition()
    // Everything below is guarded by `condition`.
    private var jobs: [CrawlJob] = []
    private var rules: IgnoreRules
    private var walk: CrawlJob?
    private var walkRules = IgnoreRules.none
    private var directories: [RelativePath] = []
    private var walkers = 0
    private var polling = false
    private var stopped = false

    init(ignore: IgnoreRules) {
        rules = ignore
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// Rules for the jobs that start from now on (a walk under way keeps those it began with).
    func updateIgnoreRules(_ ignore: IgnoreRules) {
        locked { rules = ignore }
    }

    func enqueue(_ job: CrawlJob) {
        locked {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Every thread's next `take()` says `stop`.
    func stop() {
        locked {
            stopped = true
            condition.broadcast()
        }
    }

    /// Waits until there is work for a thread that has none: a directory of the walk under way,
    /// or the next job once the one before has finished.
    func take() -> Task {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped { return .stop }
            if let walk, let directory = directories.popLast() {
                walkers += 1
                return .list(walk, directory, walkRules)
            }
            if walk == nil, !polling, !jobs.isEmpty {
                let job = jobs.removeFirst()
                if job.reason == .poll {
                    polling = true
                    return .poll(job, rules)
                }
                walk = job
                walkRules = rules
                walkers = 1
                return .list(job, job.directory, rules)
            }
            condition.wait()
        }
    }

    /// Adds the subdirectories a walker found and gives it the next directory to list (the
    /// deepest first, so a walk holds few directories at a time), or nil when none is left.
    func next(after found: [RelativePath]) -> RelativePath? {
        locked {
            directories.append(contentsOf: found)
            let directory = directories.popLast()
            // One more waits: a thread with nothing to do can take it.
            if !directories.isEmpty { condition.signal() }
            return directory
        }
    }

    /// True when the calling walker is the walk's only one and no directory is left: nobody
    /// else can add to the walk, so the walker's next report is its last.
    var isAlone: Bool {
        locked { walkers == 1 && directories.isEmpty }
    }

    /// The calling walker has posted what it held.
    func leave() -> Leaving {
        locked {
            if let directory = directories.popLast() { return .more(directory) }
            walkers -= 1
            return walkers == 0 ? .last : .left
        }
    }

    /// The walk's final report is posted: the next job may start.
    func finishWalk() {
        locked {
            walk = nil
            walkers = 0
            directories = []
            condition.broadcast()
        }
    }

    func finishPoll() {
        locked {
            polling = false
            condition.broadcast()
        }
    }
}
