import Testing
@testable import MenudJSON

/// Parses `text` with the default settings and with every container going through the iterative
/// path, checks both agree, and returns the result.
func parseBothWays(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONValue, JSONParseError> {
    parseBothWays(Array(text.utf8), maxDepth: maxDepth)
}

func parseBothWays(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONValue, JSONParseError> {
    let recursive = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes, maxDepth: maxDepth) }
    let iterative = Result { () throws(JSONParseError) -> JSONValue in
        try JSONParser.parse(bytes[...], maxDepth: maxDepth, recursionLimit: 0)
    }
    #expect(recursive == iterative, "recursive and iterative parses differ for \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    return recursive
}

/// The parse error for `text`, or nil (with a recorded failure) when it parses.
func parseFailure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONParseError? {
    parseFailure(Array(text.utf8), sourceLocation: sourceLocation)
}

func parseFailure(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONParseError? {
    switch parseBothWays(bytes) {
    case .success(let value):
        Issue.record("expected a parse error, got \(value.jsonText)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        return error
    }
}

/// A deterministic random number generator (SplitMix64) so randomized tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct JSONParserAcceptanceTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try parseBothWays(#" { "a" : [1, -2, 3.5, -0.25e2, true, false, null, "x"], "b": {}, "c": [] } "#).get()
        #expect(value == [
            "a": [1, -2, 3.5, -25.0, true, false, nil, "x"],
            "b": .object(JSONObject()),
            "c": [],
        ])
    }

    @Test func knownStringsComeBackTheSameAsMadeOnes() throws {
        let known = JSONStringTable(["id", "method", "2.0", "files.get", "é"])
        let inputs = [#"{"id":1,"method":"files.get","jsonrpc":"2.0"}"#, #"{"method":"files.ge","x":"i\u0064","é":"2.00"}"#,
                      #"["id","method","","2.0","files.get!"]"#, #"{"i":"d","met\nhod":"é"}"#]
        for input in inputs {
            let withTable = try JSONParser.parse(Array(input.utf8)[...], known: known)
            #expect(withTable == (try JSONParser.parse(input)), "\(input)")
            #expect(withTable.jsonText == (try JSONParser.parse(input)).jsonText, "\(input)")
        }
        // A duplicate key is still refused when it is a known string.
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(#"{"id":1,"id":2}"#.utf8)[...], known: known) }
    }

    @Test func parsesTopLevelScalars() throws {
        #expect(try parseBothWays("0").get() == .int(0))
        #expect(try parseBothWays("\"\"").get() == .string(""))
        #expect(try parseBothWays(" null ").get() == .null)
        #expect(try parseBothWays("\t\r\ntrue\n").get() == .bool(true))
    }

    @Test func keepsMemberOrder() throws {
        let value = try parseBothWays(#"{"z":1,"a":2,"m":3}"#).get()
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value.jsonText == #"{"z":1,"a":2,"m":3}"#)
    }

    @Test func integersThatFitInt64AreInts() throws {
        #expect(try parseBothWays("9223372036854775807").get() == .int(.max))
        #expect(try parseBothWays("-9223372036854775808").get() == .int(.min))
        #expect(try parseBothWays("-0").get() == .int(0))
        #expect(try parseBothWays("123").get() == .int(123))
    }

    @Test func otherNumbersAreDoubles() throws {
        #expect(try parseBothWays("9223372036854775808").get() == .double(9_223_372_036_854_775_808.0))
        #expect(try parseBothWays("-9223372036854775809").get() == .double(-9_223_372_036_854_775_809.0))
        #expect(try parseBothWays("123456789012345678901234567890").get() == .double(1.2345678901234568e29))
        #expect(try parseBothWays("1.0").get() == .double(1.0))
        #expect(try parseBothWays("1e2").get() == .double(100))
        #expect(try parseBothWays("1E+2").get() == .double(100))
        #expect(try parseBothWays("-1.5e-3").get() == .double(-0.0015))
        #expect(try parseBothWays("1e-400").get() == .double(0))
        #expect(try parseBothWays("0.1").get() == .double(0.1))
        #expect(try parseBothWays("1.7976931348623157e308").get() == .double(.greatestFiniteMagnitude))
    }

    @Test func decodesEscapes() throws {
        #expect(try parseBothWays(#""\" \\ \/ \b \f \n \r \t""#).get() == .string("\" \\ / \u{8} \u{C} \n \r \t"))
        #expect(try parseBothWays(#""\u0041\u00e9\u20AC\u0000""#).get() == .string("Aé€\u{0}"))
        #expect(try parseBothWays(#""\uD83D\uDE00""#).get() == .string("😀"))
        #expect(try parseBothWays(#""a\ud83d\ude00b""#).get() == .string("a😀b"))
        #expect(try parseBothWays(#""plain then \n escape""#).get() == .string("plain then \n escape"))
    }

    @Test func keepsNonASCIIText() throws {
        #expect(try parseBothWays("\"héllo wörld 日本語 😀\"").get() == .string("héllo wörld 日本語 😀"))
        #expect(try parseBothWays("{\"ключ\":\"значение\"}").get() == ["ключ": "значение"])
        // Every boundary of the UTF-8 table: U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF.
        let scalars: [Unicode.Scalar] = ["\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}"]
        for scalar in scalars {
            let text = "\"" + String(Character(scalar)) + "\""
            #expect(try parseBothWays(text).get() == .string(String(Character(scalar))))
        }
    }

    @Test func acceptsSlicesWithNonZeroStartIndex() throws {
        let bytes = Array("xxx[1,2]yyy".utf8)
        #expect(try JSONParser.parse(bytes[3..<8]) == [1, 2])
        do {
            _ = try JSONParser.parse(bytes[3..<9])
            Issue.record("trailing y accepted")
        } catch {
            // Offsets count from the slice's first byte.
            #expect(error.offset == 5)
        }
    }

    @Test func parsesStringOverload() throws {
        #expect(try JSONParser.parse("[\"ok\"]") == ["ok"])
    }

    @Test func manyKeysStayDistinctAndFast() throws {
        // Enough keys to switch to the hashed duplicate check, in both paths.
        let members = (0..<500).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let value = try parseBothWays("{\(members)}").get()
        #expect(value.objectValue?.count == 500)
        #expect(value["k499"] == .int(499))
        #expect(value.objectValue?.keys.first == "k0")
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = 128
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect((try? parseBothWays(text).get()) != nil)
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect((try? parseBothWays(objects).get()) != nil)
    }

    @Test func deepNestingWithARaisedLimitUsesTheHeapNotTheStack() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(Array(text.utf8), maxDepth: depth)
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            value = elements[0]
        }
        #expect(levels == depth)
        #expect(value == .int(7))
    }
}

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

@Suite struct JSONParserRobustnessTests {
    private static let frames: [String] = [
        #"{"jsonrpc":"2.0","id":42,"method":"menu.open","params":{"target":{"path":"videos/intro.mp4"},"layout":{"viewport":{"cols":120,"rows":40}}}}"#,
        #"[{"jsonrpc":"2.0","method":"files.list","params":{"state":"ready","limit":10},"id":"a\n\u00e9\ud83d\ude00"},{"x":[1.5e3,-0,true,null,[]]}]"#,
        "{\"ключ\":\"日本語 😀\",\"n\":-12.5E-3,\"e\":{}}",
    ]

    @Test func everyPrefixOfValidFramesFailsCleanly() {
        for frame in Self.frames {
            let bytes = Array(frame.utf8)
            #expect((try? parseBothWays(bytes).get()) != nil)
            for length in 0..<bytes.count {
                let prefix = Array(bytes[0..<length])
                if case .failure(let error) = parseBothWays(prefix) {
                    #expect(error.offset >= 0 && error.offset <= length)
                    #expect(!error.message.isEmpty)
                } else if length > 0 {
                    // Only a prefix that is itself a whole value (none of these frames has one) may parse.
                    Issue.record("prefix of length \(length) parsed")
                }
            }
        }
    }

    @Test func randomJunkNeverCrashes() throws {
        var generator = SeededGenerator(seed: 0xC0DEC)
        let alphabet = Array("{}[]\",:\\u0123456789abcdefnulltruefalse-+.eE \n\t".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
        var accepted = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            switch parseBothWays(bytes) {
            case .success(let value):
                accepted += 1
                // Whatever parses must write back to JSON that parses to the same value.
                #expect(try JSONParser.parse(value.serialized()) == value)
            case .failure(let error):
                #expect(error.offset >= 0 && error.offset <= bytes.count)
            }
        }
        #expect(accepted > 0)
    }

    @Test func hugeStringsAndArraysParse() throws {
        let long = String(repeating: "abcdefghij", count: 100_000)
        #expect(try parseBothWays("\"\(long)\"").get() == .string(long))
        let escaped = String(repeating: "\\n", count: 50_000)
        #expect(try parseBothWays("\"\(escaped)\"").get().stringValue?.utf8.count == 50_000)
        let elements = Array(repeating: "1", count: 100_000).joined(separator: ",")
        #expect(try parseBothWays("[\(elements)]").get().arrayValue?.count == 100_000)
    }
}
