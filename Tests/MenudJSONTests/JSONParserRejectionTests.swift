import Testing
@testable import MenudJSON

@Suite struct JSONParserRejectionTests {
    @Test func rejectsEmptyInput() {
        #expect(parseFailure("")?.message == "the input is empty; expected a JSON value at byte 0")
        #expect(parseFailure("  \n")?.message.contains("only whitespace") == true)
    }

    @Test func rejectsTrailingGarbage() {
        let error = parseFailure("{} x")
        #expect(error?.offset == 3)
        #expect(error?.message == "unexpected character 'x' after the JSON value at byte 3; a message must hold exactly one JSON value")
        #expect(parseFailure("1 2")?.offset == 2)
        #expect(parseFailure("[1]]")?.offset == 3)
        #expect(parseFailure("{}{}")?.offset == 2)
        #expect(parseFailure("{}\u{0}")?.message.contains("byte 0x00") == true)
    }

    @Test func rejectsLeadingZeros() {
        let error = parseFailure("[01]")
        #expect(error?.offset == 1)
        #expect(error?.message.contains("leading zeros") == true)
        #expect(parseFailure("-00")?.message.contains("leading zeros") == true)
        #expect(parseFailure("00.5")?.message.contains("leading zeros") == true)
    }

    @Test func rejectsMalformedNumbers() {
        #expect(parseFailure("-")?.message.contains("'-' must be followed by digits") == true)
        #expect(parseFailure("1.")?.message.contains("after the decimal point") == true)
        #expect(parseFailure("1.e5")?.message.contains("after the decimal point") == true)
        #expect(parseFailure(".5") != nil)
        #expect(parseFailure("1e")?.message.contains("exponent") == true)
        #expect(parseFailure("1e+")?.message.contains("exponent") == true)
        #expect(parseFailure("+1") != nil)
        #expect(parseFailure("0x10") != nil)
        #expect(parseFailure("1_000") != nil)
    }

    @Test func rejectsNaNAndInfinity() {
        #expect(parseFailure("NaN") != nil)
        #expect(parseFailure("Infinity") != nil)
        #expect(parseFailure("-Infinity")?.message.contains("NaN and Infinity are not JSON numbers") == true)
        #expect(parseFailure("[nan]") != nil)
    }

    @Test func rejectsNumbersBeyondDouble() {
        let error = parseFailure("[1e400]")
        #expect(error?.offset == 1)
        #expect(error?.message == "the number 1e400 at byte 1 is too large for a 64-bit floating-point value")
        #expect(parseFailure("-1e309") != nil)
        let huge = String(repeating: "9", count: 400)
        #expect(parseFailure(huge)?.message.contains("…") == true)
    }

    @Test func rejectsBadLiterals() {
        #expect(parseFailure("tru")?.message.contains("expected true") == true)
        #expect(parseFailure("True") != nil)
        #expect(parseFailure("nul") != nil)
        #expect(parseFailure("falsey") != nil)
        #expect(parseFailure("[undefined]") != nil)
    }

    @Test func rejectsStructuralMistakes() {
        #expect(parseFailure("[1,]")?.message == "trailing comma before ']' at byte 3; remove the last ','")
        #expect(parseFailure(#"{"a":1,}"#)?.message == "trailing comma before '}' at byte 7; remove the last ','")
        #expect(parseFailure("[1 2]")?.message.contains("expected ',' or ']'") == true)
        #expect(parseFailure(#"{"a":1 "b":2}"#)?.message.contains("expected ',' or '}'") == true)
        #expect(parseFailure(#"{"a" 1}"#)?.message.contains("expected ':' after the key \"a\"") == true)
        #expect(parseFailure("{a:1}")?.message.contains("expected a string key") == true)
        #expect(parseFailure("{'a':1}") != nil)
        #expect(parseFailure("['a']")?.message.contains("strings take double quotes") == true)
        #expect(parseFailure("[,1]") != nil)
        #expect(parseFailure("{,}") != nil)
        #expect(parseFailure("[") != nil)
        #expect(parseFailure("{") != nil)
        #expect(parseFailure(#"{"a""#) != nil)
        #expect(parseFailure(#"{"a":"#) != nil)
        #expect(parseFailure("]") != nil)
        #expect(parseFailure("// comment\n1") != nil)
    }

    @Test func rejectsUnterminatedStrings() {
        let error = parseFailure(#"{"key": "value"#)
        #expect(error?.offset == 8)
        #expect(error?.message == "unterminated string starting at byte 8; close it with '\"'")
        #expect(parseFailure(#""abc\"#)?.message.contains("unexpected end of input") == true)
        #expect(parseFailure(#""abc\n"#)?.message.contains("unterminated string starting at byte 0") == true)
    }

    @Test func rejectsControlCharactersInStrings() {
        for byte in UInt8(0)..<0x20 {
            let bytes: [UInt8] = [0x22, 0x61, byte, 0x22]
            let error = parseFailure(bytes)
            #expect(error?.offset == 2)
            #expect(error?.message.contains("control character U+00") == true)
        }
        // DEL (0x7F) is not a control character for JSON.
        #expect((try? parseBothWays([0x22, 0x7F, 0x22]).get()) == .string("\u{7F}"))
    }

    @Test func rejectsBadEscapes() {
        #expect(parseFailure(#""\x41""#)?.message.contains("invalid escape \\x") == true)
        #expect(parseFailure(#""\'""#) != nil)
        #expect(parseFailure(#""\u12""#)?.message.contains("four hex digits") == true)
        #expect(parseFailure(#""\u12G4""#)?.message.contains("four hex digits") == true)
        #expect(parseFailure(#""\U0041""#) != nil)
    }

    @Test func rejectsLoneSurrogates() {
        let high = parseFailure(#""\uD800""#)
        #expect(high?.offset == 1)
        #expect(high?.message.hasPrefix("lone surrogate \\uD800 at byte 1") == true)
        #expect(parseFailure(#""\uDC00""#)?.message.hasPrefix("lone surrogate \\uDC00") == true)
        #expect(parseFailure(#""\uD800\u0041""#)?.message.hasPrefix("lone surrogate") == true)
        #expect(parseFailure(#""\uD800\uD800""#)?.message.hasPrefix("lone surrogate") == true)
        #expect(parseFailure(#""\uD800x""#)?.message.hasPrefix("lone surrogate") == true)
        #expect(parseFailure(#""\uDE00\uD83D""#)?.message.hasPrefix("lone surrogate \\uDE00") == true)
    }

    @Test func rejectsDuplicateKeys() {
        let error = parseFailure(#"{"id":1,"method":"x","id":2}"#)
        #expect(error?.offset == 21)
        #expect(error?.message == "duplicate key \"id\" at byte 21; each key may appear only once in an object")
        // Escaped spellings of the same key are the same key.
        #expect(parseFailure(#"{"a":1,"\u0061":2}"#)?.message.hasPrefix("duplicate key \"a\"") == true)
        // Same key in different objects is fine.
        #expect((try? parseBothWays(#"{"a":{"a":1},"b":{"a":2}}"#).get()) != nil)
        // Past the hashed-check threshold too.
        let members = (0..<40).map { "\"k\($0)\":0" }.joined(separator: ",")
        #expect(parseFailure("{\(members),\"k3\":1}")?.message.hasPrefix("duplicate key \"k3\"") == true)
        #expect(parseFailure("{\(members),\"k39\":1}")?.message.hasPrefix("duplicate key \"k39\"") == true)
    }

    @Test func rejectsAByteOrderMark() {
        let error = parseFailure([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        #expect(error?.offset == 0)
        #expect(error?.message.contains("byte order mark") == true)
    }

    @Test func rejectsNestingPastTheLimit() throws {
        let text = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        let error = parseFailure(text)
        #expect(error?.offset == 128)
        #expect(error?.message == "nesting deeper than 128 levels at byte 128; flatten the data")
        let objects = String(repeating: "{\"a\":", count: 129) + "1" + String(repeating: "}", count: 129)
        #expect(parseFailure(objects)?.message.hasPrefix("nesting deeper than 128 levels") == true)
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[[1]]", maxDepth: 1) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[]", maxDepth: 0) }
        #expect(try JSONParser.parse("1", maxDepth: 0) == .int(1))
    }

    @Test func rejectsHostileDeepNestingWithoutCrashing() {
        for opener in ["[", "{\"a\":", "[{\"a\":"] {
            let text = String(repeating: opener, count: 100_000)
            let error = parseFailure(text)
            #expect(error?.message.hasPrefix("nesting deeper than 128 levels") == true)
        }
        // With the limit raised to the input's depth, an unclosed input is still an error, not a crash.
        let unclosed = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(unclosed, maxDepth: 1_000_000) }
    }
}
