import Testing
@testable import MenudJSON

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
