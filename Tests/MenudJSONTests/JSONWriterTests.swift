import Foundation
import Testing
@testable import MenudJSON

@Suite struct JSONWriterTests {
    private func text(_ value: JSONValue) -> String { value.jsonText }

    @Test func writesScalars() {
        #expect(text(nil) == "null")
        #expect(text(true) == "true")
        #expect(text(false) == "false")
        #expect(text(0) == "0")
        #expect(text(7) == "7")
        #expect(text(-7) == "-7")
        #expect(text(1234567890) == "1234567890")
        #expect(text(.int(.max)) == "9223372036854775807")
        #expect(text(.int(.min)) == "-9223372036854775808")
        #expect(text("") == #""""#)
    }

    @Test func writesEveryIntegerAsItsDecimalText() {
        // Each power of ten and its neighbours (where the digit count changes), both signs, and
        // numbers written after others into one growing buffer.
        var samples: [Int64] = [.min, .min + 1, .max, .max - 1]
        var power: Int64 = 1
        for _ in 0..<19 {
            samples += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            if power <= Int64.max / 10 { power *= 10 }
        }
        var generator = SystemRandomNumberGenerator()
        samples += (0..<2_000).map { _ in Int64.random(in: .min ... .max, using: &generator) >> Int64.random(in: 0...63, using: &generator) }
        var writer = JSONWriter(reservingCapacity: 0)
        writer.beginArray()
        for sample in samples {
            #expect(text(.int(sample)) == String(sample))
            writer.writeInt(sample)
        }
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + samples.map(String.init).joined(separator: ",") + "]")
    }

    @Test func writesDoublesThatReadBackExactly() throws {
        let samples: [Double] = [0.1, -0.0015, 1e-5, 1e20, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123456.789, 2.5, 1e15, 1e16, 3.0, -0.0, 0.0]
        for sample in samples {
            let written = text(.double(sample))
            #expect(try JSONParser.parse(written).doubleValue == sample, "\(sample) written as \(written)")
        }
        #expect(text(2.0) == "2.0")
        #expect(text(-3.0) == "-3.0")
        #expect(text(.double(-0.0)) == "-0.0")
        #expect(text(0.1) == "0.1")
    }

    @Test func namesWrittenInTheSourceComeOutAsKeysDo() {
        var byName = JSONWriter()
        var literal = JSONWriter()
        byName.beginObject(); literal.beginObject()
        byName.key("jsonrpc"); literal.key(ascii: "jsonrpc")
        byName.writeString("2.0"); literal.writeRaw(ascii: #""2.0""#)
        byName.key("id"); literal.key(ascii: "id")
        byName.beginArray(); literal.beginArray()
        byName.writeInt(1); literal.writeInt(1)
        byName.writeString("2.0"); literal.writeRaw(ascii: #""2.0""#)
        byName.endArray(); literal.endArray()
        byName.key("result"); literal.key(ascii: "result")
        byName.writeNull(); literal.writeNull()
        byName.endObject(); literal.endObject()
        #expect(String(decoding: literal.bytes, as: UTF8.self) == #"{"jsonrpc":"2.0","id":[1,"2.0"],"result":null}"#)
        #expect(literal.bytes == byName.bytes)
        #expect(JSONWriter.needsNoEscaping("expiresAtMs"))
        #expect(!JSONWriter.needsNoEscaping("a\"b"))
    }

    @Test func writesNullForNaNAndInfinity() {
        #expect(text(.double(.nan)) == "null")
        #expect(text(.double(.infinity)) == "null")
        #expect(text(.double(-.infinity)) == "null")
        #expect(text([.double(.nan), 1]) == "[null,1]")
    }

    @Test func escapesWhatRFC8259Requires() {
        #expect(text("a\"b") == #""a\"b""#)
        #expect(text("a\\b") == #""a\\b""#)
        #expect(text("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
        #expect(text("\u{0}\u{1}\u{1F}") == #""\u0000\u0001\u001f""#)
        #expect(text("x\u{7F}y") == "\"x\u{7F}y\"")
    }

    @Test func neverEscapesSlashesOrNonASCII() {
        #expect(text("videos/intro.mp4") == #""videos/intro.mp4""#)
        #expect(text("héllo 日本語 😀") == "\"héllo 日本語 😀\"")
        #expect(text("\u{2028}\u{2029}") == "\"\u{2028}\u{2029}\"")
    }

    @Test func escapesOnlyFromTheFirstSpecialByteOn() {
        let long = String(repeating: "abc/", count: 100) + "\"" + String(repeating: "é", count: 50) + "\n"
        let written = text(.string(long))
        #expect(written == "\"" + String(repeating: "abc/", count: 100) + "\\\"" + String(repeating: "é", count: 50) + "\\n\"")
    }

    @Test func everyControlCharacterRoundTrips() throws {
        let all = String(decoding: Array(UInt8(0)...UInt8(0x7F)), as: UTF8.self)
        let written = JSONValue.string(all).serialized()
        #expect(!written.dropFirst().dropLast().contains { $0 < 0x20 })
        #expect(try JSONParser.parse(written) == .string(all))
    }

    @Test func writesContainersCompactlyInOrder() {
        let value: JSONValue = ["b": [1, "two", nil], "a": ["nested": [:]], "c": []]
        #expect(text(value) == #"{"b":[1,"two",null],"a":{"nested":{}},"c":[]}"#)
    }

    @Test func streamsWithCommasInTheRightPlaces() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("files")
        writer.beginArray()
        for index in 0..<3 {
            writer.beginObject()
            writer.field("path", "f\(index)")
            writer.field("size", Int64(index))
            writer.field("ratio", 0.5)
            writer.field("ok", index.isMultiple(of: 2))
            writer.optionalField("absent", nil as String?)
            writer.optionalField("present", Int64?(9))
            writer.endObject()
        }
        writer.endArray()
        writer.key("empty")
        writer.beginArray()
        writer.endArray()
        writer.key("raw")
        writer.writeRaw(Array(#"{"x":1}"#.utf8))
        writer.key("nothing")
        writer.writeNull()
        writer.field("total", 3)
        writer.endObject()
        let expected = #"{"files":[{"path":"f0","size":0,"ratio":0.5,"ok":true,"present":9},{"path":"f1","size":1,"ratio":0.5,"ok":false,"present":9},{"path":"f2","size":2,"ratio":0.5,"ok":true,"present":9}],"empty":[],"raw":{"x":1},"nothing":null,"total":3}"#
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test func streamingAndWholeValuesMix() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.write(["a": 1])
        writer.writeInt(2)
        writer.write([3, 4])
        writer.writeString("5")
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[{"a":1},2,[3,4],"5"]"#)
    }

    @Test func resetReusesTheBuffer() {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.write([1, 2, 3])
        let capacity = writer.bytes.capacity
        writer.reset()
        #expect(writer.bytes.isEmpty)
        writer.writeInt(5)
        #expect(writer.bytes == Array("5".utf8))
        #expect(writer.bytes.capacity == capacity)
    }

    @Test func appendsAfterExistingBytes() {
        var writer = JSONWriter(appendingTo: Array("prefix ".utf8))
        writer.write(["k": "v"])
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"prefix {"k":"v"}"#)
    }

    @Test func keysAreEscapedToo() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("a\"b\n", 1)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a\"b\n":1}"#)
    }

    @Test func outputParsesWithFoundationToo() throws {
        let value: JSONValue = ["s": "tab\there \u{1} é 😀 \\ \"", "n": [.int(.min), .double(0.1), .double(1e300)], "o": ["t": true, "z": nil]]
        let data = Data(value.serialized())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["s"] as? String == "tab\there \u{1} é 😀 \\ \"")
        #expect((object["n"] as? [Any])?.count == 3)
    }

    @Test func roundTripsThroughTheParser() throws {
        let value: JSONValue = [
            "jsonrpc": "2.0", "id": 7, "result": [
                "files": [["path": "a/b c.txt", "size": 12, "sizeText": "12 bytes", "state": "ready", "ratio": 0.25]],
                "total": 1, "clock": "x:1", "fresh": false, "removed": [], "none": nil,
            ],
        ]
        #expect(try JSONParser.parse(value.serialized()) == value)
        #expect(try JSONParser.parse(value.jsonText) == value)
        #expect(value.description == value.jsonText)
    }
}
