extension GlobPattern {
    /// Turns the pattern's characters (without the leading or trailing `/` already handled)
    /// into tokens.
    static func compile(_ scalars: [Unicode.Scalar], source: String) throws(GlobPatternError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        func appendLiteral(_ scalar: Unicode.Scalar) {
            for byte in String(scalar).utf8 { tokens.append(.literal(byte)) }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else {
                    throw GlobPatternError(pattern: source, problem: "ends with a lone \"\\\"; write \"\\\\\" to match a backslash")
                }
                appendLiteral(scalars[index + 1])
                index += 2
            case "*":
                var end = index
                while end < scalars.count, scalars[end] == "*" { end += 1 }
                if end - index == 1 {
                    tokens.append(.star)
                    index = end
                } else if end < scalars.count, scalars[end] == "/", index == 0 || scalars[index - 1] == "/" {
                    tokens.append(.globstarSlash)
                    index = end + 1
                } else {
                    tokens.append(.globstar)
                    index = end
                }
            case "?":
                tokens.append(.anyCharacter)
                index += 1
            case "[":
                let (characterClass, next) = try compileClass(scalars, openingAt: index, source: source)
                tokens.append(.characterClass(characterClass))
                index = next
            default:
                appendLiteral(scalar)
                index += 1
            }
        }
        return tokens
    }

    /// Reads a bracket expression starting at the `[` at `start`; returns it and the index after `]`.
    private static func compileClass(
        _ scalars: [Unicode.Scalar], openingAt start: Int, source: String
    ) throws(GlobPatternError) -> (CharacterClass, Int) {
        var index = start + 1
        var negated = false
        if index < scalars.count, scalars[index] == "!" || scalars[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while true {
            guard index < scalars.count else {
                throw GlobPatternError(pattern: source, problem: "has a \"[\" that is never closed; close it with \"]\" or write \"\\[\" to match a bracket")
            }
            var member = scalars[index]
            if member == "]" && !first {
                return (CharacterClass(ranges: ranges, negated: negated), index + 1)
            }
            first = false
            if member == "\\" {
                guard index + 1 < scalars.count else {
                    throw GlobPatternError(pattern: source, problem: "has a \"[\" that is never closed; close it with \"]\" or write \"\\[\" to match a bracket")
                }
                index += 1
                member = scalars[index]
            }
            index += 1
            var upper = member
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                upper = scalars[index + 1]
                index += 2
                if upper == "\\", index < scalars.count {
                    upper = scalars[index]
                    index += 1
                }
                if upper.value < member.value {
                    throw GlobPatternError(pattern: source, problem: "has the range \"\(member)-\(upper)\", which runs backwards; write it as \"\(upper)-\(member)\"")
                }
            }
            ranges.append(member.value...upper.value)
        }
    }
}
