import Foundation
import Testing
@testable import MenudJSON

@Suite struct JSONValueCodableTests {
    @Test func decodesAJSON5ConfigFile() throws {
        let config = """
        // menud config
        {
          root: "/srv/drop",
          settleMs: 2000,          // unquoted keys, comments, trailing commas
          expireAfter: "7d",
          ratio: 0.75,
          big: 12345678901234567890,
          allowUids: [1000, 1001,],
          partial: ['.part', '.tmp'],
          nested: { enabled: true, none: null },
        }
        """
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let value = try decoder.decode(JSONValue.self, from: Data(config.utf8))
        #expect(value["root"] == "/srv/drop")
        #expect(value["settleMs"] == .int(2000))
        #expect(value["ratio"] == .double(0.75))
        #expect(value["big"]?.doubleValue == 12345678901234567890.0)
        #expect(value["allowUids"] == [1000, 1001])
        #expect(value["partial"] == [".part", ".tmp"])
        #expect(value["nested"]?["enabled"] == true)
        #expect(value["nested"]?["none"] == .null)
        #expect(value.objectValue?.count == 8)
    }

    @Test func integersThatFitDecodeAsInts() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data("[0, -5, 9223372036854775807, -9223372036854775808, 1.5]".utf8))
        #expect(value == [0, -5, .int(.max), .int(.min), 1.5])
    }

    @Test func encodesWithJSONEncoderAndReadsBack() throws {
        let value: JSONValue = ["path": "a/b.txt", "size": 12, "ratio": 0.5, "flags": [true, false], "none": nil, "nested": ["k": "v"]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data = try encoder.encode(value)
        #expect(String(decoding: data, as: UTF8.self) == #"{"flags":[true,false],"nested":{"k":"v"},"none":null,"path":"a/b.txt","ratio":0.5,"size":12}"#)
        #expect(try JSONParser.parse(Array(data)) == value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func worksAsAMemberOfCodableTypes() throws {
        struct Envelope: Codable, Equatable {
            var name: String
            var payload: JSONValue
        }
        let envelope = Envelope(name: "x", payload: ["list": [1, "two"]])
        let data = try JSONEncoder().encode(envelope)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
    }
}
