import Testing
@testable import MenudJSON

@Suite struct JSONParserUTF8Tests {
    private func utf8Failure(_ content: [UInt8]) -> JSONParseError? {
        parseFailure([0x22] + content + [0x22])
    }

    @Test func rejectsInvalidUTF8() {
        let cases: [(bytes: [UInt8], reason: String)] = [
            ([0x80], "continuation byte 0x80 without a lead byte"),
            ([0xBF], "continuation byte 0xBF without a lead byte"),
            ([0xC0, 0x80], "overlong encoding"),
            ([0xC1, 0xBF], "overlong encoding"),
            ([0xE0, 0x80, 0x80], "overlong encoding"),
            ([0xE0, 0x9F, 0xBF], "overlong encoding"),
            ([0xF0, 0x80, 0x80, 0x80], "overlong encoding"),
            ([0xF0, 0x8F, 0xBF, 0xBF], "overlong encoding"),
            ([0xED, 0xA0, 0x80], "encoded UTF-16 surrogate"),
            ([0xED, 0xBF, 0xBF], "encoded UTF-16 surrogate"),
            ([0xF4, 0x90, 0x80, 0x80], "beyond U+10FFFF"),
            ([0xF5, 0x80, 0x80, 0x80], "never occurs in UTF-8"),
            ([0xFF], "never occurs in UTF-8"),
            ([0xFE], "never occurs in UTF-8"),
            ([0xC3, 0x28], "not a continuation byte"),
            ([0xE2, 0x82, 0x28], "not a continuation byte"),
            ([0xF0, 0x9F, 0x98, 0x28], "not a continuation byte"),
        ]
        for (bytes, reason) in cases {
            let error = utf8Failure(bytes)
            #expect(error?.offset == 1, "offset for \(bytes)")
            #expect(error?.message.hasPrefix("invalid UTF-8 at byte 1") == true, "message for \(bytes)")
            #expect(error?.message.contains(reason) == true, "\(error?.message ?? "-") should mention \(reason)")
        }
    }

    @Test func rejectsTruncatedUTF8AtTheEnd() {
        for bytes: [UInt8] in [[0x22, 0xC3], [0x22, 0xE2, 0x82], [0x22, 0xF0, 0x9F, 0x98]] {
            let error = parseFailure(bytes)
            #expect(error?.message.contains("cut short") == true)
        }
        // A truncated sequence right before the closing quote.
        #expect(utf8Failure([0xE2, 0x82])?.message.contains("not a continuation byte") == true)
    }

    @Test func rejectsInvalidUTF8InKeysAndAfterEscapes() {
        #expect(parseFailure([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])?.offset == 2)
        let afterEscape: [UInt8] = Array(#""\n"#.utf8) + [0xC0, 0xAF, 0x22]
        #expect(parseFailure(afterEscape)?.offset == 3)
    }

    @Test func rejectsNonASCIIOutsideStrings() {
        let error = parseFailure(Array("[1,".utf8) + [0xC2, 0xA0] + Array("2]".utf8))
        #expect(error?.offset == 3)
        #expect(error?.message.contains("byte 0xC2") == true)
    }
}
