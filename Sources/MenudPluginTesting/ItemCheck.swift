import MenudPluginAPI
import MenudNative

/// Checks a plugin's items the way the daemon does before it shows them: the item rules
/// (``MenuItem/problems(in:)``: ids, titles, shortcut keys) and the time limits (the menu-build
/// limit for `items(for:)`; for `immediateItems(for:)`, which runs on the daemon's event loop,
/// a few milliseconds).
public enum ItemCheck {
    /// The daemon's default `menuBuildTimeout`.
    public static let defaultBuildTimeoutMs: Int64 = 100
    /// What an `immediateItems` answer may take before the daemon asks the plugin elsewhere.
    public static let immediateLimitMs: Int64 = 2

    /// Every problem the daemon would find with `plugin`'s items for `target`, one sentence each.
    public static func problems(of plugin: any MenudPlugin, for target: MenuTarget,
                                buildTimeoutMs: Int64 = defaultBuildTimeoutMs) async -> [String] {
        var problems: [String] = []
        do {
            let started = MonotonicTime.nowMs()
            let immediate = try plugin.immediateItems(for: target)
            let elapsed = MonotonicTime.nowMs() - started
            if let immediate {
                if elapsed > immediateLimitMs {
                    problems.append("immediateItems took \(elapsed) ms; it runs on the daemon's event loop and must answer in well under \(immediateLimitMs) ms (or return nil)")
                }
                problems += MenuItem.problems(in: immediate).map { "immediateItems: \($0)" }
            }
        } catch {
            problems.append("immediateItems threw \(error); the plugin would be left out of the menu")
        }
        do {
            let started = MonotonicTime.nowMs()
            let items = try await plugin.items(for: target)
            let elapsed = MonotonicTime.nowMs() - started
            if elapsed > buildTimeoutMs {
                problems.append("items(for:) took \(elapsed) ms, more than the menu-build limit of \(buildTimeoutMs) ms; the plugin would be left out of the menu")
            }
            problems += MenuItem.problems(in: items)
        } catch {
            problems.append("items(for:) threw \(error); the plugin would be left out of the menu")
        }
        return problems
    }
}
