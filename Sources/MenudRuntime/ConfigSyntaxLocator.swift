/// Finds where JSON5 text goes wrong, for the error message only: Foundation's decoder says
/// "not valid JSON" without a position. This scanner checks the structure (objects, arrays,
/// strings, numbers, literals, comments, trailing commas) and reports the first problem by line
/// and column. It builds no values; the decoder remains the only parser of the configuration.
/// It also finds what the decoder lets through: a key written twice in one object (the decoder
/// would keep one of them without a word).
struct ConfigSyntaxLocator {
    struct Problem: Error {
        let offset: Int
        let message: String
        /// For a duplicate key: where it is (`plugins.files.enabled`).
        var duplicateKeyPath: String?
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The keys and indices leading to the value being scanned.
    private var path: [String] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `"line L, column C: <what is wrong>"`, or nil when no problem is found.
    static func describeProblem(in bytes: [UInt8]) -> String? {
        var scanner = ConfigSyntaxLocator(bytes)
        do {
            try scanner.document()
            return nil
        } catch {
            return "\(position(of: error.offset, in: bytes)): \(error.message)"
        }
    }

    /// The first key written twice in one object, with its key path and
    /// `"line L, column C: <what is wrong>"`; nil when there is none (or the text has a syntax
    /// problem before one, which `describeProblem` reports).
    static func duplicateKey(in bytes: [UInt8]) -> (keyPath: String, message: String)? {
        var scanner = ConfigSyntaxLocator(bytes)
        do {
            try scanner.document()
            return nil
        } catch {
            guard let keyPath = error.duplicateKeyPath else { return nil }
            return (keyPath, "\(position(of: error.offset, in: bytes)): \(error.message)")
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

    private mutating func document() throws(Problem) {
        try skipSpaceAndComments()
        try value()
        try skipSpaceAndComments()
        if current != nil {
            throw problem("unexpected \(describeCurrent()) after the end of the top-level value")
        }
    }

    private mutating func value() throws(Problem) {
        guard let byte = current else { throw problem("the file ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): _ = try string()
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): try number()
        default:
            let start = index
            let word = identifier()
            if ["true", "false", "null", "Infinity", "NaN"].contains(word) { return }
            index = start
            if word.isEmpty {
                throw problem("unexpected \(describeCurrent()) where a value should be")
            }
            throw problem("unexpected word \"\(word)\" where a value should be; put text in quotes")
        }
    }

    private mutating func object() throws(Problem) {
        index += 1
        try skipSpaceAndComments()
        if current == UInt8(ascii: "}") { index += 1; return }
        var seen: [String: Int] = [:]
        while true {
            let keyStart = index
            let key: String
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                key = try string()
            } else {
                key = identifier()
                if key.isEmpty { throw problem("expected a key or \"}\", found \(describeCurrent())") }
            }
            if let first = seen[key] {
                let keyPath = ConfigSyntaxLocator.join(path + [key])
                throw Problem(offset: keyStart, message: "the key \"\(key)\" is written twice in this object (first at \(ConfigSyntaxLocator.position(of: first, in: bytes))); keep one of them", duplicateKeyPath: keyPath)
            }
            seen[key] = keyStart
            try skipSpaceAndComments()
            guard current == UInt8(ascii: ":") else {
                throw problem("expected \":\" after the key, found \(describeCurrent())")
            }
            index += 1
            try skipSpaceAndComments()
            path.append(key)
            try value()
            path.removeLast()
            try skipSpaceAndComments()
            if current == UInt8(ascii: ",") {
                index += 1
                try skipSpaceAndComments()
                if current == UInt8(ascii: "}") { index += 1; return }
            } else if current == UInt8(ascii: "}") {
                index += 1
                return
            } else {
                throw problem("expected \",\" or \"}\" after a value, found \(describeCurrent())")
            }
        }
    }

    private mutating func array() throws(Problem) {
        index += 1
        try skipSpaceAndComments()
        if current == UInt8(ascii: "]") { index += 1; return }
        var position = 0
        while true {
            path.append("[\(position)]")
            try value()
            path.removeLast()
            position += 1
            try skipSpaceAndComments()
            if current == UInt8(ascii: ",") {
                index += 1
                try skipSpaceAndComments()
                if current == UInt8(ascii: "]") { index += 1; return }
            } else if current == UInt8(ascii: "]") {
                index += 1
                return
            } else {
                throw problem("expected \",\" or \"]\" after a value, found \(describeCurrent())")
            }
        }
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

    private mutating func number() throws(Problem) {
        if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { index += 1 }
        let word = identifier()
        if word == "Infinity" || word == "NaN" { return }
        let isHex = word.hasPrefix("0x") || word.hasPrefix("0X")
        var sawDigit = !word.isEmpty && word.first!.isNumber
        if isHex {
            guard word.count > 2, word.dropFirst(2).allSatisfy(\.isHexDigit) else {
                throw problem("\"\(word)\" is not a hexadecimal number")
            }
            return
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
