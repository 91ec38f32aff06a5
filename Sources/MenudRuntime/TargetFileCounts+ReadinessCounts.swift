import MenudCore
import MenudPluginAPI

/// The plugin API's counts of the tracker's.
extension TargetFileCounts {
    init(_ counts: ReadinessCounts) {
        self.init(pending: counts.pending, ready: counts.ready, expired: counts.expired)
    }
}
