import MenudPluginAPI

/// The configuration's JSON5 parser (comments, trailing commas, unquoted keys, single quotes,
/// hexadecimal, `Infinity` and `NaN`): builds the value tree, or reports the first problem by
/// line and column, including a key written twice in one object. Numbers are read as
/// Foundation's `JSONDecoder` read them before: an integral value that fits in `Int64`
/// (`3`, `3.0`, `1e3`, `0x1F`) is an integer, anything else a `Double`.
struct ConfigJSON5Parser {
    struct Problem: Error {
        let offset: Int
        let message: String
        /// When one value is at fault (a key written twice, a NUL in a string): where it is
        /// (`plugins.files.enabled`).
        var keyPath: String?
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The keys and indices leading to the value being scanned.
    private var path: [String] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// What is wrong: `"line L, column C: <what is wrong>"`, and the key path of the value at
    /// fault (a key written twice, a NUL in a string; nil for a syntax problem).
    struct Failure: Error {
        let location: String
        let keyPath: String?
    }

    /// The value the text holds.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> PluginValue {
        var parser = ConfigJSON5Parser(bytes)
        do {
            return try parser.document()
        } catch {
            throw Failure(location: "\(position(of: error.offset, in: bytes)): \(error.message)", keyPath: error.keyPath)
        }
    }

    /// `"line L, column C"` of a byte offset (columns count characters).
    private static func position(of offset: Int, in bytes: [UInt8]) -> String {
        let prefix = bytes[..<min(offset, bytes.count)]
        let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<prefix.endIndex], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func problem(_ message: String) -> Problem {
        Problem(offset: index, message: message)
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x20 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func document() throws(Problem) -> PluginValue {
        try skipSpaceAndComments()
        let result = try value()
        try skipSpaceAndComments()
        if current != nil {
            throw problem("unexpected \(describeCurrent()) after the end of the top-level value")
        }
        return result
    }

    private mutating func value() throws(Problem) -> PluginValue {
        guard let byte = current else { throw problem("the file ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try stringWithoutNUL(keyPath: path))
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): return try number()
        default:
            let start = index
            let word = identifier()
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            case "Infinity": return .double(.infinity)
            case "NaN": return .double(.nan)
            default: break
            }
            index = start
            if word.isEmpty {
                throw problem("unexpected \(describeCurrent()) where a value should be")
            }
            throw problem("unexpected word \"\(word)\" where a value should be; put text in quotes")
        }
    }

    private mutating func object() throws(Problem) -> PluginValue {
        index += 1
        try skipSpaceAndComments()
        if current == UInt8(ascii: "}") { index += 1; return .object([:]) }
        var seen: [String: Int] = [:]
        var members: [String: PluginValue] = [:]
        while true {
            let keyStart = index
            let key: String
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                key = try stringWithoutNUL(keyPath: path)
            } else {
                key = identifier()
                if key.isEmpty { throw problem("expected a key or \"}\", found \(describeCurrent())") }
            }
            if let first = seen[key] {
                let keyPath = ConfigJSON5Parser.join(path + [key])
                throw Problem(offset: keyStart, message: "the key \"\(key)\" is written twice in this object (first at \(ConfigJSON5Parser.position(of: first, in: bytes))); keep one of them", keyPath: keyPath)
            }
            seen[key] = keyStart
            try skipSpaceAndComments()
            guard current == UInt8(ascii: ":") else {
                throw problem("expected \":\" after the key, found \(describeCurrent())")
            }
            index += 1
            try skipSpaceAndComments()
            path.append(key)
            members[key] = try value()
            path.removeLast()
            try skipSpaceAndComments()
            if current == UInt8(ascii: ",") {
                index += 1
                try skipSpaceAndComments()
                if current == UInt8(ascii: "}") { index += 1; return .object(members) }
            } else if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw problem("expected \",\" or \"}\" after a value, found \(describeCurrent())")
            }
        }
    }

    private mutating func array() throws(Problem) -> PluginValue {
        index += 1
        try skipSpaceAndComments()
        if current == UInt8(ascii: "]") { index += 1; return .array([]) }
        var elements: [PluginValue] = []
        while true {
            path.append("[\(elements.count)]")
            elements.append(try value())
            path.removeLast()
            try skipSpaceAndComments()
            if current == UInt8(ascii: ",") {
                index += 1
                try skipSpaceAndComments()
                if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
            } else if current == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw problem("expected \",\" or \"]\" after a value, found \(describeCurrent())")
            }
        }
    }

    /// A quoted string (a value at `keyPath`, or a key in the object there), refused when it
    /// holds a NUL (`\0`, `\u0000`, `\x00`, the byte): the system cuts a path or argument at it.
    private mutating func stringWithoutNUL(keyPath: [String]) throws(Problem) -> String {
        let start = index
        let text = try string()
        guard !text.utf8.contains(0) else {
            throw Problem(offset: start, message: "this string holds a NUL character (\\0, \\u0000 or \\x00), which is not allowed in the config: a path, argument or title would be cut short at it; remove it",
                          keyPath: keyPath.isEmpty ? "the top level" : ConfigJSON5Parser.join(keyPath))
        }
        return text
    }

    /// Scans a quoted string and returns its text (escapes decoded, so `"a"` and `'\\x61'`
    /// are the same key).
    private mutating func string() throws(Problem) -> String {
        let quote = bytes[index]
        let start = index
        var text = ConfigKeyText()
        index += 1
        while let byte = current {
            if byte == quote {
                index += 1
                return text.finish()
            }
            if byte == UInt8(ascii: "\\") {
                index = text.appendEscape(in: bytes, at: index)
                continue
            }
            if byte == UInt8(ascii: "\n") {
                index = start
                throw problem("a string starting here is not closed before the end of its line")
            }
            text.append(byte)
            index += 1
        }
        index = start
        throw problem("a string starting here is never closed")
    }

    private mutating func number() throws(Problem) -> PluginValue {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { index += 1 }
        let word = identifier()
        if word == "Infinity" { return .double(negative ? -.infinity : .infinity) }
        if word == "NaN" { return .double(.nan) }
        let isHex = word.hasPrefix("0x") || word.hasPrefix("0X")
        var sawDigit = !word.isEmpty && word.first!.isNumber
        if isHex {
            guard word.count > 2, word.dropFirst(2).allSatisfy(\.isHexDigit) else {
                throw problem("\"\(word)\" is not a hexadecimal number")
            }
            guard let magnitude = UInt64(word.dropFirst(2), radix: 16) else { return .double(Double(UInt64.max)) }
            return ConfigJSON5Parser.number(Double(magnitude), exact: negative ? Int64(exactly: -Double(magnitude)) : Int64(exactly: magnitude))
        }
        if !word.isEmpty && !word.allSatisfy({ $0.isNumber || $0 == "e" || $0 == "E" }) {
            throw problem("\"\(word)\" is not a number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            while let byte = current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                index += 1
                sawDigit = true
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") { index += 1 }
        }
        if index > 0, bytes[index - 1] == UInt8(ascii: "e") || bytes[index - 1] == UInt8(ascii: "E") {
            if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { index += 1 }
            while let byte = current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { index += 1 }
        }
        if !sawDigit {
            throw problem("expected a number, found \(describeCurrent())")
        }
        var text = String(decoding: bytes[start..<index], as: UTF8.self)
        if text.hasPrefix("+") { text.removeFirst() }
        if let integer = Int64(text) { return .int(integer) }
        // Swift's Double parser (strtod) takes a leading or trailing ".", as JSON5 allows.
        guard let real = Double(text) else {
            throw Problem(offset: start, message: "\"\(text)\" is not a number")
        }
        return ConfigJSON5Parser.number(real, exact: nil)
    }

    /// An integer when `real` is integral and fits in `Int64`, else the `Double`.
    private static func number(_ real: Double, exact: Int64?) -> PluginValue {
        if let exact { return .int(exact) }
        if real.rounded() == real, let integer = Int64(exactly: real) { return .int(integer) }
        return .double(real)
    }

    /// Reads `[A-Za-z0-9_$]*` (and any non-ASCII bytes) and returns it.
    private mutating func identifier() -> String {
        let start = index
        while let byte = current {
            let isWordByte = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
            guard isWordByte else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpaceAndComments() throws(Problem) {
        while let byte = current {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while let next = current, next != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                guard index + 1 < bytes.count else {
                    index = start
                    throw problem("a /* comment starting here is never closed")
                }
                index += 2
            } else {
                return
            }
        }
    }

    /// `plugins.files.enabled`, `commands[0].title`.
    private static func join(_ parts: [String]) -> String {
        parts.reduce("") { joined, part in
            part.hasPrefix("[") || joined.isEmpty ? joined + part : joined + "." + part
        }
    }
}
