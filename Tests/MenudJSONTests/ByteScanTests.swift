import Testing
@testable import MenudJSON

/// The word-at-a-time scans give what the byte-by-byte loops they replace give, for every byte
/// value, at every position of a word and in slices that do not start at 0.
@Suite struct ByteScanTests {
    /// Bytes where the interesting values (newline, quote, backslash, control bytes, 0x7F, 0x80
    /// and up, 0) are common.
    private static func randomBytes(_ count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        let special: [UInt8] = [0x0A, 0x22, 0x5C, 0x00, 0x01, 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0xE6, 0x09, 0x0D]
        return (0..<count).map { _ in
            Int.random(in: 0..<4, using: &generator) == 0 ? special.randomElement(using: &generator)! : UInt8.random(in: 0x20...0x7E, using: &generator)
        }
    }

    /// A seeded generator, so that a failure can be run again.
    private struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Every slice `bytes[start..<end]` of short arrays, and a search from every index in it.
    private static func slices(_ bytes: [UInt8]) -> [(ArraySlice<UInt8>, Int)] {
        var result: [(ArraySlice<UInt8>, Int)] = []
        for start in 0...min(bytes.count, 9) {
            for end in start...bytes.count {
                for from in start...end { result.append((bytes[start..<end], from)) }
            }
        }
        return result
    }

    @Test func findsTheFirstByteAsFirstIndexDoes() {
        var generator = SplitMix(state: 1)
        for length in 0..<40 {
            let bytes = Self.randomBytes(length, using: &generator)
            for (slice, from) in Self.slices(bytes) {
                for byte: UInt8 in [0x0A, 0x22, 0x00, 0xFF] {
                    #expect(ByteScan.firstIndex(of: byte, in: slice, from: from) == slice[from...].firstIndex(of: byte),
                            "\(bytes) \(slice.indices) from \(from) for \(byte)")
                }
            }
        }
    }

    @Test func findsTheNewlineOfALongLine() {
        var line = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        #expect(ByteScan.firstIndex(of: 0x0A, in: line[...], from: 0) == nil)
        for position in [0, 7, 8, 9, 500, 992, 999] {
            line[position] = 0x0A
            #expect(ByteScan.firstIndex(of: 0x0A, in: line[3...], from: 3) == line[3...].firstIndex(of: 0x0A))
            #expect(ByteScan.firstIndex(of: 0x0A, in: line[...], from: 0) == position)
            line[position] = UInt8(ascii: "a")
        }
    }

    /// The byte loop `plainStringEnd` used for every string before it read words.
    private static func plainStringEndByBytes(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var at = start
        while at < bytes.endIndex {
            if bytes[at] == 0x22 { return at }
            guard JSONParser.isPlainStringByte(bytes[at]) else { return nil }
            at += 1
        }
        return nil
    }

    @Test func endsPlainStringsAsTheByteLoopDoes() {
        var generator = SplitMix(state: 2)
        for length in 0..<40 {
            let bytes = Self.randomBytes(length, using: &generator)
            for (slice, from) in Self.slices(bytes) {
                #expect(JSONParser.plainStringEnd(slice, from: from) == Self.plainStringEndByBytes(slice, from: from),
                        "\(bytes) \(slice.indices) from \(from)")
            }
        }
    }

    @Test func flagsEachByteClassAtEveryPosition() {
        for position in 0..<8 {
            for byte in 0...255 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(byte)
                let word = ByteScan.word(in: bytes[...], at: 0)!
                let escape = byte < 0x20 || byte == 0x22 || byte == 0x5C
                #expect((ByteScan.escapeStops(in: word) != 0) == escape)
                #expect((ByteScan.plainStringStops(in: word) != 0) == (escape || byte >= 0x80))
                #expect((ByteScan.matches(of: UInt8(byte), in: word) != 0))
                if escape { #expect(ByteScan.firstFlagged(ByteScan.escapeStops(in: word)) == position) }
            }
        }
        #expect(ByteScan.word(in: [UInt8](repeating: 0, count: 7)[...], at: 0) == nil)
        #expect(ByteScan.word(in: [UInt8](repeating: 0, count: 9)[1...], at: 0) == nil)
        #expect(ByteScan.prefix(0x0807_0605_0403_0201, count: 3) == 0x03_0201)
        #expect(ByteScan.prefix(0x0807_0605_0403_0201, count: 0) == 0)
    }

    /// Strings written through the word-at-a-time copy read back as themselves, escaped where a
    /// byte needs it, at every length and position of the byte to escape.
    @Test func writesStringsAsTheEscaperDoes() throws {
        var generator = SplitMix(state: 3)
        var texts: [String] = []
        for length in 0..<40 {
            for _ in 0..<20 { texts.append(String(decoding: Self.randomBytes(length, using: &generator), as: UTF8.self)) }
            for escaped in ["\"", "\\", "\n", "\u{1}", "é"] where length > 0 {
                for position in 0..<length {
                    texts.append(String(repeating: "a", count: position) + escaped + String(repeating: "b", count: length - position - 1))
                }
            }
        }
        for text in texts {
            var writer = JSONWriter()
            writer.writeString(text)
            var expected: [UInt8] = [0x22]
            JSONWriter.appendEscaped(Array(text.utf8), to: &expected)
            expected.append(0x22)
            #expect(writer.bytes == expected, "\(text.debugDescription)")
            #expect(try JSONParser.parse(writer.bytes[...]) == .string(text))
        }
    }

    /// A text with many escapes far apart (lines of every length, as an action's message is)
    /// written as a string, a key and a member reads back as itself: the clean run after each
    /// escape is copied, not dropped or doubled, and the suffix comes after the last one.
    @Test func writesManyEscapesFarApart() throws {
        for lineLength in 0..<20 {
            for lines in 1..<5 {
                let line = String(repeating: "x", count: lineLength)
                let text = (0..<lines).map { "\(line)\($0)" }.joined(separator: "\n") + (lineLength % 2 == 0 ? "\t\"" : "")
                var writer = JSONWriter()
                writer.beginObject()
                writer.key(text)
                writer.writeString(text)
                writer.stringMember(ascii: "m", text)
                writer.endObject()
                let expected: JSONValue = [text: .string(text), "m": .string(text)]
                #expect(try JSONParser.parse(writer.bytes[...]) == expected, "\(text.debugDescription)")
            }
        }
    }
}
