import MenudProtocol
import MenudCore

/// A rescanned subtree (after an inotify overflow) being compared, a slice per loop turn, with
/// what its crawl saw: a tracked file the crawl did not see may be gone, and is `lstat`ed again.
struct RescanSweep {
    let directory: RelativePath
    /// The files the rescan's crawl reported.
    let seen: Set<RelativePath>
    /// The last path compared (nil before the first slice).
    var after: RelativePath?
}
