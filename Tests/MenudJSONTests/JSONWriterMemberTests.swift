import Testing
@testable import MenudJSON

/// `stringMember(ascii:_:)` writes exactly what `key(ascii:)` then `writeString(_:)` write.
@Suite struct JSONWriterMemberTests {
    private func separately(_ values: [String]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        for value in values {
            writer.key(ascii: "title"); writer.writeString(value)
        }
        writer.endObject()
        return writer.bytes
    }

    private func together(_ values: [String]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        for value in values { writer.stringMember(ascii: "title", value) }
        writer.endObject()
        return writer.bytes
    }

    @Test func writesTheMemberAsAKeyAndAStringDo() {
        let values = ["", "Inspect", "Rename…", "a\"quote", "back\\slash", "tab\there", "line\nbreak", "\u{1}\u{1F}", "\"", "日本語 ✓",
                      String(repeating: "long name ", count: 40), "ends in escape\u{7}"]
        for value in values {
            #expect(together([value]) == separately([value]), "\(value)")
        }
        #expect(together(values) == separately(values))
        #expect(String(decoding: together(["a", "b\"c"]), as: UTF8.self) == #"{"title":"a","title":"b\"c"}"#)
    }

    @Test func aMemberAfterAValueGetsItsComma() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.writeInt(1)
        writer.beginObject()
        writer.stringMember(ascii: "id", "i1")
        writer.key(ascii: "n"); writer.writeInt(2)
        writer.stringMember(ascii: "plugin", "files")
        writer.endObject()
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[1,{"id":"i1","n":2,"plugin":"files"}]"#)
    }

    @Test func randomTextComesOutAsTheTwoCallsWriteIt() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "é", "€", "😀", "/"]
        for _ in 0..<2000 {
            let length = Int.random(in: 0...24, using: &generator)
            let value = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(together([value, value]) == separately([value, value]), "\(value.debugDescription)")
        }
    }
}
