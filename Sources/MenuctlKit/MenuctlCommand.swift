/// What `menuctl` was asked to do.
public enum MenuctlCommand: Sendable, Equatable {
    case status(StatusOptions)
    case list(ListOptions)
    case watch(WatchOptions)
    case menu(MenuOptions)
    case raw(RawOptions)
    case web(WebOptions)
    case plugin(PluginOptions)
    /// `--help`: the help of a command (`""` for the overview).
    case help(String)
    case version
}
