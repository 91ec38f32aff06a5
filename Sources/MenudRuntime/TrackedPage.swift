import MenudCore
import MenudPluginAPI

/// A page of tracked files, as ``DirectoryPager`` read it on the loop.
struct TrackedPage: Sendable {
    let files: [TrackedFile]
    /// Where the next page starts; nil after the last.
    let next: TargetFilePosition?
}
