import Testing
import MenuctlKit

@Suite struct KeyDecoderTests {
    private func decode(_ text: String) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8), morePending: false)
    }

    /// Feeds `bytes` split at every possible point (two chunks), then one byte at a time, and
    /// checks every way gives `expected`.
    private func expectSplitInvariant(_ bytes: [UInt8], _ expected: [KeyEvent], sourceLocation: SourceLocation = #_sourceLocation) {
        for cut in 0...bytes.count {
            var decoder = KeyDecoder()
            var events = decoder.feed(bytes[..<cut])
            events += decoder.feed(bytes[cut...])
            events += decoder.flush()
            #expect(events == expected, "cut at \(cut)", sourceLocation: sourceLocation)
        }
        var decoder = KeyDecoder()
        var events: [KeyEvent] = []
        for byte in bytes { events += decoder.feed([byte]) }
        events += decoder.flush()
        #expect(events == expected, "byte by byte", sourceLocation: sourceLocation)
    }

    @Test func plainKeys() {
        #expect(decode("jkq\r\n\t ") == [.character("j"), .character("k"), .character("q"), .enter, .enter, .tab, .character(" ")])
        #expect(decode("\u{7F}\u{08}\u{03}\u{04}\u{01}") == [.backspace, .backspace, .interrupt, .endOfInput, .unknown([1])])
    }

    @Test func arrowsInCSIAndSS3Forms() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}OM") == [.up, .down, .right, .left, .enter])
        #expect(decode("\u{1B}[1;5A\u{1B}[1;2D") == [.up, .left])  // modifiers ignored
    }

    @Test func editingKeys() {
        #expect(decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [.home, .end, .home, .end, .home, .end])
        #expect(decode("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z") == [.pageUp, .pageDown, .delete, .backTab])
        #expect(decode("\u{1B}[2~") == [.unknown(Array("\u{1B}[2~".utf8))])
        #expect(decode("\u{1B}[15~") == [.unknown(Array("\u{1B}[15~".utf8))])  // F5
    }

    @Test func aLoneEscapeWaitsForMoreBytesThenResolves() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingBytes)

        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[B".utf8)) == [.down])

        #expect(decoder.feed([0x1B], morePending: false) == [.escape])
        #expect(!decoder.hasPendingBytes)
    }

    @Test func escapeFollowedByAnOrdinaryKeyIsEscapeThenTheKey() {
        #expect(decode("\u{1B}x") == [.escape, .character("x")])
        #expect(decode("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    @Test func anUnfinishedSequenceResolvesToUnknown() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.flush() == [.unknown(Array("\u{1B}[1;".utf8))])
        #expect(decode("\u{1B}[1\u{1B}[A") == [.unknown(Array("\u{1B}[1".utf8)), .up])  // broken by a new ESC
    }

    @Test func aRunawaySequenceIsCutAtTheLimit() {
        let long = "\u{1B}[" + String(repeating: "1", count: 100) + "A"
        let events = decode(long)
        #expect(events.first == .unknown(Array(long.utf8.prefix(KeyDecoder.maximumSequenceLength))))
        #expect(!events.contains(.up))
    }

    @Test func splitSequencesDecodeTheSame() {
        expectSplitInvariant(Array("\u{1B}[A".utf8), [.up])
        expectSplitInvariant(Array("\u{1B}OB".utf8), [.down])
        expectSplitInvariant(Array("\u{1B}[5~j".utf8), [.pageUp, .character("j")])
        expectSplitInvariant(Array("k\u{1B}[1;5Cq".utf8), [.character("k"), .right, .character("q")])
        expectSplitInvariant(Array("\u{1B}[<0;12;5M\u{1B}[<0;12;5m".utf8), [
            .mouse(KeyEvent.Mouse(button: .left, action: .press, col: 11, row: 4)),
            .mouse(KeyEvent.Mouse(button: .left, action: .release, col: 11, row: 4)),
        ])
        expectSplitInvariant(Array("é日😀".utf8), [.character("é"), .character("日"), .character("😀")])
    }

    @Test func sgrMouseReports() {
        #expect(decode("\u{1B}[<0;1;1M") == [.mouse(KeyEvent.Mouse(button: .left, action: .press, col: 0, row: 0))])
        #expect(decode("\u{1B}[<2;80;24M") == [.mouse(KeyEvent.Mouse(button: .right, action: .press, col: 79, row: 23))])
        #expect(decode("\u{1B}[<1;3;4m") == [.mouse(KeyEvent.Mouse(button: .middle, action: .release, col: 2, row: 3))])
        #expect(decode("\u{1B}[<64;5;5M\u{1B}[<65;5;5M") == [
            .mouse(KeyEvent.Mouse(button: .wheelUp, action: .press, col: 4, row: 4)),
            .mouse(KeyEvent.Mouse(button: .wheelDown, action: .press, col: 4, row: 4)),
        ])
        #expect(decode("\u{1B}[<32;9;9M") == [.mouse(KeyEvent.Mouse(button: .left, action: .motion, col: 8, row: 8))])
        #expect(decode("\u{1B}[<20;3;3M") == [.mouse(KeyEvent.Mouse(button: .left, action: .press, col: 2, row: 2, shift: true, control: true))])
        #expect(decode("\u{1B}[<0;300;120M") == [.mouse(KeyEvent.Mouse(button: .left, action: .press, col: 299, row: 119))])
        #expect(decode("\u{1B}[<0;0;5M") == [.unknown(Array("\u{1B}[<0;0;5M".utf8))])
        #expect(decode("\u{1B}[<0;5M") == [.unknown(Array("\u{1B}[<0;5M".utf8))])
    }

    @Test func legacyX10MouseReports() {
        // ESC [ M, then button + 32, col + 32, row + 32 (1-based)
        let press: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 32 + 11, 32 + 5]
        let release: [UInt8] = [0x1B, 0x5B, 0x4D, 32 + 3, 32 + 11, 32 + 5]
        expectSplitInvariant(press + release, [
            .mouse(KeyEvent.Mouse(button: .left, action: .press, col: 10, row: 4)),
            .mouse(KeyEvent.Mouse(button: .other(3), action: .release, col: 10, row: 4)),
        ])
    }

    @Test func utf8CharactersAndInvalidBytes() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xC3]).isEmpty)
        #expect(decoder.feed([0xA9]) == [.character("é")])
        #expect(decode("日") == [.character("日")])
        var invalid = KeyDecoder()
        #expect(invalid.feed([0xFF, 0x61], morePending: false) == [.unknown([0xFF]), .character("a")])
        #expect(invalid.feed([0xE6, 0x61], morePending: false) == [.unknown([0xE6]), .character("a")])
        #expect(invalid.feed([0xE6, 0x97], morePending: false) == [.unknown([0xE6, 0x97])])
        #expect(invalid.feed([0xED, 0xA0, 0x80], morePending: false) == [.unknown([0xED, 0xA0, 0x80])])  // a surrogate
    }
}
