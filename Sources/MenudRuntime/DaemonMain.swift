import MenudNative
import MenudPluginAPI

/// `menud`'s entry point, called from its `main.swift`.
public enum DaemonMain {
    /// Runs the daemon; returns the exit code (0 clean stop, 1 start-up failure, 2 usage error).
    /// `extraPlugins` come after the shipped ones (a host program can add its own).
    public static func run(arguments: [String], extraPlugins: [PluginFactory] = []) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(Array(arguments.dropFirst()))
        } catch {
            StandardError.write("menud: \(error.message)\n")
            return 2
        }
        if options.showHelp {
            print(CommandLineOptions.usage)
            return 0
        }
        if options.showVersion {
            print("menud \(DaemonRoot.version)")
            return 0
        }
        let environment = ProcessEnvironment.variables()
        let bootstrapLog = Logger(level: options.logLevel ?? .info)
        let settings: DaemonSettings
        do {
            settings = try DaemonSettings.resolve(options: options, environment: environment)
        } catch {
            bootstrapLog.error("\(error)")
            return 1
        }
        let log = Logger(level: settings.logLevel)
        do {
            let daemon = try DaemonRoot(settings: settings, log: log, pluginFactories: PluginRegistry.factories + extraPlugins)
            return daemon.run(activatedSocket: SocketActivation.listeningDescriptor(environment: environment, log: log))
        } catch {
            log.error("could not start: \(error)")
            return 1
        }
    }
}
