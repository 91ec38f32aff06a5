import MenudClient

/// What woke an interactive loop (see ``EventPump``).
public enum LoopEvent: Sendable, Equatable {
    /// Keys and mouse reports from the terminal.
    case keys([KeyEvent])
    /// Notifications from the daemon.
    case notification(ServerNotification)
    /// A signal arrived: `SIGWINCH`, `SIGINT`, `SIGTERM`, `SIGHUP`.
    case signal(Int32)
    /// The daemon closed the connection.
    case daemonClosed
}
