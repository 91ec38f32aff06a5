/// Finds where JSON5 text goes wrong, for the error message only: Foundation's decoder says
/// "not valid JSON" without a position. This scanner checks the structure (objects, arrays,
/// strings, numbers, literals, comments, trailing commas) and reports the first problem by line
/// and column. It builds no values; the decoder remains the only parser of the configuration.
struct ConfigSyntaxLocator {
    struct Problem: Error {
        let offset: Int
        let message: String
    }

    private let bytes: [UInt8]
    private var index = 0

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
            let prefix = bytes[..<min(error.offset, bytes.count)]
            let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<prefix.endIndex], as: UTF8.self).count + 1
            return "line \(line), column \(column): \(error.message)"
        }
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
        case UInt8(ascii: "\""), UInt8(ascii: "'"): try string()
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
        while true {
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                try string()
            } else if identifier().isEmpty {
                throw problem("expected a key or \"}\", found \(describeCurrent())")
            }
            try skipSpaceAndComments()
            guard current == UInt8(ascii: ":") else {
                throw problem("expected \":\" after the key, found \(describeCurrent())")
            }
            index += 1
            try skipSpaceAndComments()
            try value()
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
        while true {
            try value()
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

    private mutating func string() throws(Problem) {
        let quote = bytes[index]
        let start = index
        index += 1
        while let byte = current {
            if byte == quote { index += 1; return }
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\n") {
                index = start
                throw problem("a string starting here is not closed before the end of its line")
            }
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
}
