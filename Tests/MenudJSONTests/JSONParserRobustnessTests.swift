import Testing
@testable import MenudJSON
import TestSupport

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
