/// A parsed command line: the command and the options every command shares.
public struct MenuctlInvocation: Sendable, Equatable {
    public var global: GlobalOptions
    public var command: MenuctlCommand

    public init(global: GlobalOptions, command: MenuctlCommand) {
        self.global = global
        self.command = command
    }

    /// The commands, in the order the overview lists them; `list` is an alias of `ls`.
    public static let commandNames = ["status", "ls", "watch", "menu", "raw", "web", "plugin"]

    /// Parses `arguments` (without the program name). Global options may come before the command
    /// or among its options; `menuctl help [COMMAND]` is `--help`.
    public static func parse(_ arguments: [String]) throws(MenuctlError) -> MenuctlInvocation {
        var global = GlobalOptions()
        var index = 0
        // Options before the command name.
        var leading: [String] = []
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-" {
            let word = arguments[index]
            leading.append(word)
            index += 1
            let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : word
            if GlobalOptions.valued.contains(name), index < arguments.count {
                leading.append(arguments[index])
                index += 1
            }
        }
        let top = try ParsedArguments.parse(leading, command: "", valued: GlobalOptions.valued, flags: ["version"])
        global = try global.updated(from: top, command: "")
        if top.has("version") { return MenuctlInvocation(global: global, command: .version) }
        guard index < arguments.count else {
            if top.has("help") { return MenuctlInvocation(global: global, command: .help("")) }
            throw .usage("say what to do: \(commandNames.joined(separator: ", ")).", command: "")
        }
        var name = arguments[index]
        let rest = Array(arguments[(index + 1)...])
        if name == "list" { name = "ls" }
        if top.has("help") { return MenuctlInvocation(global: global, command: .help(commandNames.contains(name) ? name : "")) }
        if name == "help" {
            let topic = rest.first.map { $0 == "list" ? "ls" : $0 } ?? ""
            guard topic.isEmpty || commandNames.contains(topic) else {
                throw .usage("there is no command '\(topic)'; the commands are \(commandNames.joined(separator: ", ")).", command: "")
            }
            return MenuctlInvocation(global: global, command: .help(topic))
        }

        let valued: Set<String>
        let flags: Set<String>
        switch name {
        case "status": (valued, flags) = ([], ["json"])
        case "ls", "watch": (valued, flags) = (["state", "glob"], ["json"])
        case "menu": (valued, flags) = (["row", "pick", "input", "viewport", "at", "width"], ["background", "json"])
        case "raw": (valued, flags) = ([], [])
        case "web": (valued, flags) = ([], ["open"])
        case "plugin": (valued, flags) = (["menud"], [])
        default:
            throw .usage("there is no command '\(name)'; the commands are \(commandNames.joined(separator: ", ")).", command: "")
        }
        let parsed = try ParsedArguments.parse(rest, command: name, valued: valued.union(GlobalOptions.valued), flags: flags)
        global = try global.updated(from: parsed, command: name)
        if parsed.has("help") { return MenuctlInvocation(global: global, command: .help(name)) }

        let command: MenuctlCommand
        switch name {
        case "status":
            try expectNoPositionals(parsed, command: name)
            command = .status(StatusOptions(json: parsed.has("json")))
        case "ls":
            try expectNoPositionals(parsed, command: name)
            command = .list(ListOptions(filter: try FileFilter(arguments: parsed, command: name), json: parsed.has("json")))
        case "watch":
            try expectNoPositionals(parsed, command: name)
            command = .watch(WatchOptions(filter: try FileFilter(arguments: parsed, command: name), json: parsed.has("json")))
        case "menu":
            command = .menu(try MenuOptions(arguments: parsed))
        case "web":
            try expectNoPositionals(parsed, command: name)
            command = .web(WebOptions(open: parsed.has("open")))
        case "plugin":
            command = .plugin(try PluginOptions.parse(parsed))
        default:
            guard parsed.positionals.count == 1 else {
                throw .usage("raw takes one JSON message, or - to read messages from standard input, one per line.", command: name)
            }
            let argument = parsed.positionals[0]
            command = .raw(RawOptions(source: argument == "-" ? .standardInput : .message(argument)))
        }
        return MenuctlInvocation(global: global, command: command)
    }

    private static func expectNoPositionals(_ parsed: ParsedArguments, command: String) throws(MenuctlError) {
        if let extra = parsed.positionals.first {
            throw .usage("\(command) takes no argument '\(extra)'.", command: command)
        }
    }
}
