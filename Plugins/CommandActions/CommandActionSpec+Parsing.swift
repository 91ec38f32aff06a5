import MenudNative
import MenudPluginAPI
import MenudText

extension CommandActionSpec {
    /// Parses `commands[index]`, strictly: unknown keys, wrong types and broken placeholders are
    /// errors naming the exact key (`"commands[2].argv[0]"`).
    public static func parse(_ value: PluginValue, index: Int) throws -> CommandActionSpec {
        let settings = try PluginSettings(value, path: "commands[\(index)]")
        try settings.rejectUnknownKeys(allowed: allowedKeys)

        let title = try settings.requiredString("title")
        guard !title.allSatisfy(\.isWhitespace) else {
            throw PluginSettingsError(key: settings.keyPath("title"), problem: "must not be empty")
        }
        let icon = try settings.string("icon")
        let key = try parseKey(settings)
        let argv = try parseArgv(settings)
        let (inputPrompt, inputDefault) = try parseInput(settings, argv: argv)
        let isDestructive = try settings.bool("destructive", default: false)
        let timeoutMs = try parseTimeout(settings)

        let usesPaths = argv.contains(.allPaths)
        let usesPerFile = argv.contains { argument in
            if case .template(let template) = argument { return template.placeholders.contains(where: \.isPerFile) }
            return false
        }
        if usesPaths && usesPerFile {
            throw PluginSettingsError(
                key: settings.keyPath("argv"),
                problem: "mixes {paths} with {path}, {name} or {dir}; use {paths} for several files or the others for one")
        }
        let scope: CommandScope = usesPaths ? .files : usesPerFile ? .singleFile : .directory
        let match = try parseMatch(settings, scope: scope)
        var spec = CommandActionSpec(
            index: index, title: title, icon: icon, key: key, match: match, argv: argv, inputPrompt: inputPrompt,
            inputDefault: inputDefault, isDestructive: isDestructive, timeoutMs: timeoutMs)
        if let progress = try settings.string("progress") {
            guard progress == "percent" else {
                throw PluginSettingsError(key: settings.keyPath("progress"), problem: "\"\(progress)\" is not a progress source; the one there is: \"percent\" (each NN% the program prints)")
            }
            spec.reportsPercent = true
        }
        return spec
    }

    private static func parseKey(_ settings: PluginSettings) throws -> Character? {
        guard let text = try settings.string("key") else { return nil }
        guard text.count == 1, let character = text.first, !character.isWhitespace else {
            throw PluginSettingsError(
                key: settings.keyPath("key"), problem: "must be exactly one visible character, not \"\(text)\"")
        }
        return character
    }

    private static func parseArgv(_ settings: PluginSettings) throws -> [CommandArgument] {
        guard let elements = try settings.stringArray("argv") else {
            throw settings.missing("argv", expected: "an array of strings: the program and its arguments")
        }
        guard !elements.isEmpty else {
            throw PluginSettingsError(
                key: settings.keyPath("argv"), problem: "must not be empty; its first element is the program to run")
        }
        return try elements.enumerated().map { position, element in
            let key = "\(settings.keyPath("argv"))[\(position)]"
            if element.utf8.contains(0) {
                throw PluginSettingsError(
                    key: key, problem: "contains a NUL character (\\u0000); a program argument ends there, so the program would get only the text before it")
            }
            let template = try CommandTemplate.parse(element, key: key)
            let placeholders = template.placeholders
            if placeholders.contains(.paths) {
                guard template.isOnly(.paths) else {
                    throw PluginSettingsError(
                        key: key,
                        problem: "uses {paths} inside other text; {paths} must be a whole element by itself (it becomes one element per file)")
                }
            }
            if position == 0 {
                if element.isEmpty {
                    throw PluginSettingsError(key: key, problem: "is empty; it must name the program to run")
                }
                if let bad = placeholders.first(where: { $0 != .root }) {
                    throw PluginSettingsError(
                        key: key,
                        problem: "uses {\(bad.rawValue)}; the program must not come from a file name or typed input (only {root} is allowed here)")
                }
            }
            return template.isOnly(.paths) ? .allPaths : .template(template)
        }
    }

    private static func parseInput(
        _ settings: PluginSettings, argv: [CommandArgument]
    ) throws -> (String?, CommandTemplate?) {
        let usesInput = argv.contains { argument in
            if case .template(let template) = argument { return template.placeholders.contains(.input) }
            return false
        }
        guard let input = try settings.object("input") else {
            if usesInput {
                throw PluginSettingsError(
                    key: settings.keyPath("argv"), problem: "uses {input} but the command declares no input",
                    allowed: "add \"input\": {\"prompt\": \"...\"}")
            }
            return (nil, nil)
        }
        guard usesInput else {
            throw PluginSettingsError(
                key: settings.keyPath("input"), problem: "is declared but argv never uses {input}; use it or remove input")
        }
        try input.rejectUnknownKeys(allowed: ["default", "prompt"])
        let prompt = try input.requiredString("prompt")
        guard !prompt.allSatisfy(\.isWhitespace) else {
            throw PluginSettingsError(key: input.keyPath("prompt"), problem: "must not be empty")
        }
        var defaultTemplate: CommandTemplate?
        if let text = try input.string("default") {
            let template = try CommandTemplate.parse(text, key: input.keyPath("default"))
            if let bad = template.placeholders.first(where: { $0 == .input || $0 == .paths }) {
                throw PluginSettingsError(
                    key: input.keyPath("default"), problem: "cannot use {\(bad.rawValue)}",
                    allowed: "{path}, {name}, {dir}, {root}")
            }
            defaultTemplate = template
        }
        return (prompt, defaultTemplate)
    }

    private static func parseTimeout(_ settings: PluginSettings) throws -> Int64? {
        guard let value = settings.value("timeout") else { return nil }
        let key = settings.keyPath("timeout")
        // The units of every other duration in the config (ms, s, m or min, h, d).
        let allowed = "milliseconds as a number, or a string such as \"500ms\", \"30s\", \"2m\", \"10min\", \"1h\", \"1d\""
        let milliseconds: Double
        switch value {
        case .int(let number):
            milliseconds = Double(number)
        case .double(let number):
            milliseconds = number
        case .string(let text):
            let units: [(String, Double)] = [("ms", 1), ("min", 60_000), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
            let trimmed = text.trimmingWhitespace()
            guard let (suffix, factor) = units.first(where: { trimmed.hasSuffix($0.0) }),
                let number = Double(trimmed.dropLast(suffix.count).trimmingWhitespace()), number.isFinite
            else {
                throw PluginSettingsError(key: key, problem: "\"\(text)\" is not a duration", allowed: allowed)
            }
            milliseconds = number * factor
        default:
            throw PluginSettingsError(key: key, problem: "must be a duration, not \(value.kindDescription)", allowed: allowed)
        }
        guard milliseconds >= 1, milliseconds <= 86_400_000 else {
            throw PluginSettingsError(key: key, problem: "must be between 1 ms and 24 h", allowed: allowed)
        }
        return Int64(milliseconds.rounded())
    }
}
