import MenudPluginAPI

/// One argv element with placeholders: `"--output={dir}/{name}.gz"`.
///
/// Syntax: `{path}`, `{name}`, `{dir}`, `{root}`, `{input}` are replaced inside the element;
/// `{{` and `}}` stand for literal braces; any other brace is an error. Substituted values are
/// never interpreted: the element stays one argv element whatever the file name holds.
public struct CommandTemplate: Sendable, Hashable {
    /// The pieces, in order.
    public let parts: [CommandTemplatePart]

    /// Parses `text`; `key` names it in errors (`"commands[2].argv[1]"`).
    public static func parse(_ text: String, key: String) throws -> CommandTemplate {
        var parts: [CommandTemplatePart] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{" {
                if next < text.endIndex, text[next] == "{" {
                    literal.append("{")
                    index = text.index(after: next)
                    continue
                }
                guard let close = text[next...].firstIndex(of: "}") else {
                    throw PluginSettingsError(
                        key: key, problem: "has a \"{\" without a closing \"}\"; write \"{{\" for a literal brace",
                        allowed: CommandPlaceholder.listing)
                }
                let word = String(text[next..<close])
                guard let placeholder = CommandPlaceholder(rawValue: word) else {
                    throw PluginSettingsError(
                        key: key, problem: "has an unknown placeholder {\(word)}; write \"{{\" for a literal brace",
                        allowed: CommandPlaceholder.listing)
                }
                if !literal.isEmpty {
                    parts.append(.literal(literal))
                    literal = ""
                }
                parts.append(.placeholder(placeholder))
                index = text.index(after: close)
            } else if character == "}" {
                guard next < text.endIndex, text[next] == "}" else {
                    throw PluginSettingsError(
                        key: key, problem: "has a lone \"}\"; write \"}}\" for a literal brace")
                }
                literal.append("}")
                index = text.index(after: next)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return CommandTemplate(parts: parts)
    }

    /// The placeholders it uses.
    public var placeholders: Set<CommandPlaceholder> {
        Set(parts.compactMap { part in
            if case .placeholder(let placeholder) = part { return placeholder }
            return nil
        })
    }

    /// Whether it is exactly one placeholder and nothing else.
    func isOnly(_ placeholder: CommandPlaceholder) -> Bool {
        parts == [.placeholder(placeholder)]
    }

    /// The element with its placeholders replaced by `values` (placeholders without a value
    /// become empty; callers check beforehand that every needed value exists).
    func render(_ values: [CommandPlaceholder: String]) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .placeholder(let placeholder): values[placeholder] ?? ""
            }
        }.joined()
    }
}
