/// One command's arguments, split into options and positionals by ``ParsedArguments/parse(_:command:valued:flags:)``.
///
/// Rules: `--name value` and `--name=value` for options that take a value, `--name` for flags;
/// `-h` is `--help`; `--` ends the options (everything after it is positional); a lone `-` is a
/// positional (stdin). An option given twice keeps every value (``values(_:)``); ``value(_:)``
/// takes the last. An unknown option, a flag given a value or a missing value is a usage error.
public struct ParsedArguments: Sendable, Equatable {
    public private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var present: Set<String> = []

    public init() {}

    /// Splits `arguments` (the words after the command name) for `command` (named in errors),
    /// which knows the options in `valued` (taking a value) and `flags` (names without `--`).
    public static func parse(_ arguments: [String], command: String, valued: Set<String>, flags: Set<String>) throws(MenuctlError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        let shown = command.isEmpty ? "menuctl" : "menuctl \(command)"
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                result.positionals += arguments[index...]
                break
            }
            if word == "-h" {
                result.present.insert("help")
                continue
            }
            guard word.hasPrefix("--") else {
                if word.hasPrefix("-") && word != "-" && Int(word) == nil {
                    throw .usage("unknown option \(word) for \(shown).", command: command)
                }
                result.positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) || name == "help" {
                if inlineValue != nil {
                    throw .usage("--\(name) takes no value (got '\(word)').", command: command)
                }
                result.present.insert(name)
            } else if valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw .usage("--\(name) needs a value.", command: command)
                    }
                    value = arguments[index]
                    index += 1
                }
                result.present.insert(name)
                result.options[name, default: []].append(value)
            } else {
                let known = (valued.union(flags).union(["help"])).sorted().map { "--\($0)" }.joined(separator: ", ")
                throw .usage("unknown option --\(name) for \(shown); it takes \(known).", command: command)
            }
        }
        return result
    }

    /// Whether the flag or option `name` was given.
    public func has(_ name: String) -> Bool { present.contains(name) }

    /// The last value of option `name`.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// Every value of option `name`, in order.
    public func values(_ name: String) -> [String] { options[name] ?? [] }
}
