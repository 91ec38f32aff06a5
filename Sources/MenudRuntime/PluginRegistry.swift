import ChecksumPlugin
import CommandActionsPlugin
import FileActionsPlugin
import MenudPluginAPI

/// Every plugin the daemon ships, in menu order. Adding a plugin means adding its module to
/// Package.swift and its factory here; the config's `plugins.NAME` enables, disables and
/// configures it.
enum PluginRegistry {
    static let factories: [PluginFactory] = [
        FileActions.factory,
        ChecksumActions.factory,
        CommandActions.factory,
    ]
}
