/// The exit codes of `menuctl`.
public enum MenuctlExitCode {
    /// It worked (a cancelled menu too: nothing was asked to run).
    public static let success: Int32 = 0
    /// The action failed, the daemon answered an error, or the menu was invalidated.
    public static let failure: Int32 = 1
    /// The command line is wrong; the message says how, `--help` says what is right.
    public static let usage: Int32 = 2
    /// No daemon answers on the socket.
    public static let noDaemon: Int32 = 3
}
