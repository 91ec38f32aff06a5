import Testing
import TestSupport
@testable import MenudJSON

/// The one-pass reader of objects of plain strings either declines an object or gives exactly
/// what the parser gives, ending where the parser ends.
@Suite struct JSONParserPlainStringObjectTests {
    static let taken = [
        #"{"path":"bench.txt"}"#,
        #"{}"#,
        "{ \t\r\n}",
        #"{ "path" : "a b" , "state" : "ready" }"#,
        #"{"":""}"#,
        "{\"del\":\"\u{7F}\"}",
        #"{"a":"1","b":"2","c":"3","d":"4","e":"5","f":"6","g":"7","h":"8"}"#,
        #"{"path":"x"} trailing bytes are not looked at"#,
    ]

    static let declined = [
        #"{"path":"a\"b"}"#,
        #"{"path":"\u0041"}"#,
        #"{"path":"é"}"#,
        #"{"limit":3}"#,
        #"{"path":null}"#,
        #"{"target":{"path":"a"}}"#,
        #"{"paths":["a"]}"#,
        #"{"a":"1","a":"2"}"#,
        #"{"a":"1","b":"2","c":"3","d":"4","e":"5","f":"6","g":"7","h":"8","i":"9"}"#,
        #"{"a" "1"}"#,
        #"{"a":"1",}"#,
        #"{"a":"1""#,
        #"{"a":"1"#,
        "{\"a\":\"\u{1}\"}",
        #"{a:"1"}"#,
        #"["a"]"#,
        #""#,
    ]

    @Test(arguments: taken)
    func readsPlainObjectsAsTheParserDoes(_ text: String) throws {
        let bytes = Array(text.utf8)[...]
        let plain = try #require(JSONParser.parsePlainStringObject(in: bytes, at: 0))
        let parsed = try JSONParser.parseValue(in: bytes, at: 0, depth: 1, maxDepth: JSONParser.defaultMaxDepth)
        #expect(parsed.value == .object(plain.object))
        #expect(parsed.end == plain.end)
    }

    @Test(arguments: declined)
    func leavesEveryOtherObjectToTheParser(_ text: String) {
        #expect(JSONParser.parsePlainStringObject(in: Array(text.utf8)[...], at: 0) == nil)
    }

    /// Random bytes of JSON's punctuation, letters, escapes and non-ASCII, at an offset inside a
    /// larger slice: whatever is taken, the parser reads the same from the same place.
    @Test func randomObjectsAreTakenOnlyAsTheParserReadsThem() {
        let alphabet = Array(#"{}":,"" ab\é1 "#.utf8)
        var random = SeededGenerator(seed: 0x5EED_0B1E)
        var taken = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = Array("xx{".utf8)
            for _ in 0..<Int.random(in: 0...14, using: &random) { bytes.append(alphabet.randomElement(using: &random)!) }
            let slice = bytes[1...]
            guard let plain = JSONParser.parsePlainStringObject(in: slice, at: 2) else { continue }
            taken += 1
            let parsed = try? JSONParser.parseValue(in: slice, at: 2, depth: 1, maxDepth: JSONParser.defaultMaxDepth)
            #expect(parsed?.value == .object(plain.object), "\(String(decoding: bytes, as: UTF8.self))")
            #expect(parsed?.end == plain.end)
        }
        #expect(taken > 100, "the generator makes plain objects too")
    }

    @Test func knownStringsAreTheStringsGiven() throws {
        let known = JSONStringTable(["path"])
        let plain = try #require(JSONParser.parsePlainStringObject(in: Array(#"{"path":"path"}"#.utf8)[...], at: 0, known: known))
        #expect(plain.object["path"] == .string("path"))
    }
}
