import MenudCore
import MenudProtocol

/// Hears the tree watch's changes to the tracked files, after the tracker has them.
protocol FileChangeListener: AnyObject {
    /// Files that appeared, changed or moved to another state (sorted or not).
    func filesChanged(_ paths: [RelativePath])
    /// Files that are gone.
    func filesRemoved(_ paths: [RelativePath])
}
