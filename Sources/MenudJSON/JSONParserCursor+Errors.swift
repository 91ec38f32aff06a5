extension JSONParserCursor {
    // MARK: - Errors

    func error(at absolute: Int, _ message: String) -> JSONParseError {
        JSONParseError(offset: absolute - start, message: message)
    }

    func unexpectedEnd(expecting what: String) -> JSONParseError {
        error(at: end, "unexpected end of input at byte \(end - start); expected \(what)")
    }

    func unexpectedValueStart() -> JSONParseError {
        let byte = bytes[position]
        var message = "unexpected \(describeByte(at: position)) at byte \(position - start); expected a JSON value (object, array, string, number, true, false or null)"
        if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
            message = "unexpected \(describeByte(at: position)) at byte \(position - start); expected a value (is there a trailing comma?)"
        } else if byte == UInt8(ascii: "'") {
            message += "; strings take double quotes"
        }
        return error(at: position, message)
    }

    func unterminatedString(_ quoteOffset: Int) -> JSONParseError {
        error(at: quoteOffset, "unterminated string starting at byte \(quoteOffset - start); close it with '\"'")
    }

    func controlCharacter(_ byte: UInt8) -> JSONParseError {
        error(at: position, "control character U+00\(hex(byte)) in a string at byte \(position - start); escape it (\\n, \\t, \\u00\(hex(byte)))")
    }

    func loneSurrogate(_ scalar: UInt32, at escapeStart: Int) -> JSONParseError {
        let text = String(scalar, radix: 16, uppercase: true)
        return error(at: escapeStart, "lone surrogate \\u\(text) at byte \(escapeStart - start); a character outside the Basic Multilingual Plane needs a high and a low surrogate escape in a row")
    }

    func invalidUTF8(at offset: Int, _ reason: String) -> JSONParseError {
        error(at: offset, "invalid UTF-8 at byte \(offset - start): \(reason); the text must be valid UTF-8")
    }

    func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(hex(byte))"
    }

    func describeEscape(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "\\\(Character(Unicode.Scalar(byte)))" }
        return "'\\' followed by byte 0x\(hex(byte))"
    }

    func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }

    func quoted(_ key: String) -> String {
        var writer = JSONWriter(reservingCapacity: key.utf8.count + 2)
        writer.writeString(key.count > 60 ? String(key.prefix(60)) + "…" : key)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
    func duplicateKey(_ key: String, at keyOffset: Int) -> JSONParseError {
        error(at: keyOffset, "duplicate key \(quoted(key)) at byte \(keyOffset - start); each key may appear only once in an object")
    }

    func expectedCommaOrEnd(object: Bool) -> JSONParseError {
        object
            ? error(at: position, "expected ',' or '}' after an object member at byte \(position - start), found \(describeByte(at: position))")
            : error(at: position, "expected ',' or ']' after an array element at byte \(position - start), found \(describeByte(at: position))")
    }
}
