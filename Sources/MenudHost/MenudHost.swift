@_exported import MenudPluginAPI
import MenudRuntime

/// The daemon as a library, for a program that compiles its own plugins in rather than loading
/// them as modules: "your own menud in three lines".
///
///     import MenudHost
///     exit(MenudHost.run(plugins: [HelloPlugin.factory]))
///
/// The program takes `menud`'s command line, config and signals, and offers `plugins` after the
/// built-in ones (a name already taken is refused at start). It can still load modules only if
/// it exports the plugin API's symbols as `menud` does (docs/plugins.md, "How modules are loaded").
public enum MenudHost {
    /// Runs the daemon until it stops and returns its exit status.
    public static func run(arguments: [String] = CommandLine.arguments, plugins: [PluginFactory]) -> Int32 {
        DaemonMain.run(arguments: arguments, extraPlugins: plugins)
    }
}
