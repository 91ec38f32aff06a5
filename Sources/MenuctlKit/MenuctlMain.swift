import Foundation
import MenudNative

/// `menuctl`'s entry point: parses the command line, runs the command, and turns every outcome
/// into an exit code (``MenuctlExitCode``). `main.swift` is `exit(MenuctlMain.run(arguments: CommandLine.arguments))`.
public enum MenuctlMain {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs `menuctl` with `arguments` (the program name first) and returns the exit code.
    public static func run(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        TerminalIO.ignoreBrokenPipes()
        let invocation: MenuctlInvocation
        do {
            invocation = try MenuctlInvocation.parse(Array(arguments.dropFirst()))
        } catch {
            TerminalIO.writeError(error.report)
            return error.exitCode
        }
        let console = Console(color: invocation.global.color, environment: environment)
        let socketPath = SocketLocation.resolve(option: invocation.global.socketPath, environment: environment)
        do {
            switch invocation.command {
            case .help(let topic):
                console.out(HelpText.page(for: topic))
                return MenuctlExitCode.success
            case .version:
                console.out("menuctl \(version)\n")
                return MenuctlExitCode.success
            case .status(let options):
                return try StatusCommand(options: options, console: console, socketPath: socketPath).run()
            case .list(let options):
                return try ListCommand(options: options, console: console, socketPath: socketPath).run()
            case .watch(let options):
                return try WatchCommand(options: options, console: console, socketPath: socketPath).run()
            case .menu(let options):
                return try MenuCommand(options: options, console: console, socketPath: socketPath).run()
            case .raw(let options):
                return try RawCommand(options: options, console: console, socketPath: socketPath).run()
            case .web(let options):
                return try WebCommand(options: options, console: console, socketPath: socketPath).run()
            case .plugin(let options):
                return try PluginCommand(options: options, console: console, socketPath: socketPath, environment: environment).run()
            }
        } catch {
            console.err(error.report)
            return error.exitCode
        }
    }
}
