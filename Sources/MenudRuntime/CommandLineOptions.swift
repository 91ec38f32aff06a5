import MenudCore

/// `menud`'s command line. Flags override the config file.
public struct CommandLineOptions: Sendable, Equatable {
    public var root: String?
    public var socket: String?
    public var config: String?
    public var settleMs: Int64?
    /// `.some(nil)` when `--expire-after off` turns expiry off.
    public var expireAfterMs: Int64??
    public var logLevel: LogLevel?
    /// `--web ADDR`: serve the web page there (overrides the config's `web.listen`).
    public var web: String?
    /// `--web-documents DIR`: the page's folder (overrides the config's `web.documents`).
    public var webDocuments: String?
    /// `--plugin FILE`, repeatable: plugin modules to load (for development).
    public var pluginFiles: [String] = []
    public var showVersion = false
    public var showHelp = false

    public init() {}

    public static let usage = """
        Usage: menud [--root DIR] [--socket PATH] [--config FILE] [--settle DURATION]
                     [--expire-after DURATION|off] [--log-level debug|info|warning|error]
                     [--web ADDR] [--web-documents DIR] [--plugin FILE]... [--version] [--help]

        Watches DIR (default: the config's root, else the current directory), tracks which
        files are pending, ready or expired, and serves them and their context menus over a
        Unix socket (JSON-RPC 2.0, one message per line).

          --root DIR               directory to watch
          --socket PATH            socket path (default $XDG_RUNTIME_DIR/menud/menud.sock,
                                   else /tmp/menud-$UID/menud.sock)
          --config FILE            JSON5 config (default $XDG_CONFIG_HOME/menud/config.json5
                                   when it exists)
          --settle DURATION        unchanged this long = ready (default 2s)
          --expire-after DURATION  ready this long = expired (default off)
          --log-level LEVEL        debug, info, warning or error (default info)
          --web ADDR               serve the web page and its WebSocket on ADDR, such as
                                   127.0.0.1:7780 (loopback only, unless the config sets
                                   web.allowNonLoopback); `menuctl web` prints its URL
          --web-documents DIR      the page's folder (default: PREFIX/share/menud/web as
                                   installed, else the source tree's clients/web)
          --plugin FILE            load the plugin module FILE (a .so; repeatable), besides
                                   $XDG_DATA_HOME/menud/plugins, PREFIX/lib/menud/plugins
                                   and the config's pluginPaths
          --version                print the version and exit
          --help                   print this help and exit

        Durations read like 300ms, 2s, 10m, 1h, 7d. SIGHUP reloads the config;
        SIGTERM or SIGINT stops the daemon cleanly.
        """

    public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var index = 0
        func value(for flag: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("\(flag) needs a value; see menud --help") }
            return arguments[index]
        }
        func duration(_ flag: String, _ text: String) throws(UsageError) -> Int64 {
            do { return try DurationText.parse(text) } catch {
                throw UsageError("\(flag) \(text): \(error); durations read like 300ms, 2s, 10m, 1h, 7d")
            }
        }
        while index < arguments.count {
            let argument = arguments[index]
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch flag {
            case "--root": options.root = try value(for: flag, inline: inline)
            case "--socket": options.socket = try value(for: flag, inline: inline)
            case "--config": options.config = try value(for: flag, inline: inline)
            case "--settle": options.settleMs = try duration(flag, try value(for: flag, inline: inline))
            case "--expire-after":
                let text = try value(for: flag, inline: inline)
                options.expireAfterMs = (text == "off" || text == "0") ? .some(nil) : .some(try duration(flag, text))
            case "--log-level":
                let text = try value(for: flag, inline: inline)
                guard let level = LogLevel(rawValue: text) else {
                    throw UsageError("--log-level \(text): use one of debug, info, warning, error")
                }
                options.logLevel = level
            case "--web": options.web = try value(for: flag, inline: inline)
            case "--web-documents": options.webDocuments = try value(for: flag, inline: inline)
            case "--plugin": options.pluginFiles.append(try value(for: flag, inline: inline))
            case "--version", "-V": options.showVersion = true
            case "--help", "-h": options.showHelp = true
            default:
                throw UsageError("unknown argument \"\(argument)\"; see menud --help")
            }
            index += 1
        }
        return options
    }
}
