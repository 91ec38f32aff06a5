import Testing
import MenuLayout

@Suite struct DisplayWidthTests {
    @Test func asciiTakesOneCellPerCharacter() {
        #expect(DisplayWidth.width(of: "intro.mp4") == 9)
        #expect(DisplayWidth.width(of: "") == 0)
    }

    @Test func eastAsianWideAndFullwidthTakeTwoCells() {
        #expect(DisplayWidth.width(of: "日本語") == 6)
        #expect(DisplayWidth.width(of: "한국어") == 6)
        #expect(DisplayWidth.width(of: "ＡＢ") == 4)  // fullwidth Latin
        #expect(DisplayWidth.width(of: "ｱｲ") == 2)  // halfwidth katakana stay narrow
        #expect(DisplayWidth.width(of: "\u{20000}") == 2)  // CJK extension B, plane 2
        #expect(DisplayWidth.width(of: "\u{3000}") == 2)  // ideographic space
    }

    @Test func emojiTakeTwoCells() {
        #expect(DisplayWidth.width(of: "😀") == 2)
        #expect(DisplayWidth.width(of: "🎬") == 2)
        #expect(DisplayWidth.width(of: "\u{1FAE8}") == 2)  // Unicode 15 emoji, not in the 14.0 table
        #expect(DisplayWidth.width(of: "👨‍👩‍👧") == 2)  // one ZWJ cluster
        #expect(DisplayWidth.width(of: "🇫🇷") == 2)  // a flag: two regional indicators
        #expect(DisplayWidth.width(of: "👍🏽") == 2)  // with a skin-tone modifier
        #expect(DisplayWidth.width(of: "☺") == 1)  // text presentation by default
        #expect(DisplayWidth.width(of: "☺\u{FE0F}") == 2)  // emoji presentation requested
        #expect(DisplayWidth.width(of: "1\u{FE0F}\u{20E3}") == 2)  // keycap
    }

    @Test func combiningAndZeroWidthCharactersTakeNoCells() {
        #expect(DisplayWidth.width(of: "e\u{301}") == 1)
        #expect(DisplayWidth.width(of: "Cafe\u{301}") == 4)
        #expect(DisplayWidth.width(of: "a\u{20DD}") == 1)  // enclosing mark
        #expect(DisplayWidth.width(of: "a\u{200B}b") == 2)  // zero-width space
        #expect(DisplayWidth.width(of: "\u{1100}\u{1161}\u{11A8}") == 2)  // conjoining jamo: one syllable
        #expect(DisplayWidth.width(of: Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.width(of: Unicode.Scalar(0xAD)!) == 1)  // soft hyphen is visible
    }

    @Test func ambiguousCharactersAreNarrow() {
        #expect(DisplayWidth.width(of: "…●─│┌") == 5)
        #expect(DisplayWidth.width(of: "✓✕›▲▼") == 5)
    }

    @Test func controlCharactersAreShownAsEscapesAndCountedAsShown() {
        #expect(DisplayWidth.safe("a\nb") == "a\\nb")
        #expect(DisplayWidth.safe("tab\there\r") == "tab\\there\\r")
        #expect(DisplayWidth.safe("\u{1B}[31mred") == "\\x1B[31mred")
        #expect(DisplayWidth.safe("\u{7F}\u{85}\u{0}") == "\\x7F\\x85\\x00")
        #expect(DisplayWidth.safe("abc\u{202E}txt.exe") == "abc\\u202Etxt.exe")
        #expect(DisplayWidth.safe("line\u{2028}sep") == "line\\u2028sep")
        #expect(DisplayWidth.width(of: "a\nb") == 4)
        #expect(DisplayWidth.width(of: Character("\r\n")) == 4)
        #expect(DisplayWidth.safe("plain é 日本") == "plain é 日本")
        let messy = "x\n\u{1B}\u{202E}y"
        #expect(DisplayWidth.safe(DisplayWidth.safe(messy)) == DisplayWidth.safe(messy))
    }

    @Test func truncateAddsAnEllipsisAndKeepsTheLimit() {
        #expect(DisplayWidth.truncate("intro.mp4", toCells: 9) == "intro.mp4")
        #expect(DisplayWidth.truncate("intro.mp4", toCells: 8) == "intro.m…")
        #expect(DisplayWidth.truncate("intro.mp4", toCells: 1) == "…")
        #expect(DisplayWidth.truncate("intro.mp4", toCells: 0) == "")
        #expect(DisplayWidth.truncate("intro.mp4", toCells: -3) == "")
    }

    @Test func truncateNeverSplitsAWideCharacterOrACluster() {
        // 日本語 = 6 cells. In 5: whole characters within 4 cells (日本) + … = 5.
        // In 4: within 3 cells only 日 fits (本 would straddle), so 日… is 3 cells.
        #expect(DisplayWidth.truncate("日本語", toCells: 5) == "日本…")
        #expect(DisplayWidth.truncate("日本語", toCells: 4) == "日…")
        #expect(DisplayWidth.width(of: DisplayWidth.truncate("日本語", toCells: 4)) == 3)
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", toCells: 2) == "e\u{301}…")
        #expect(DisplayWidth.truncate("👨‍👩‍👧abc", toCells: 3) == "👨‍👩‍👧…")
        #expect(DisplayWidth.truncate("👨‍👩‍👧abc", toCells: 2) == "…")
    }

    @Test func truncateShowsControlCharactersSafely() {
        #expect(DisplayWidth.truncate("a\nbcdef", toCells: 4) == "a\\n…")
    }

    @Test func fitPadsToExactlyTheCells() {
        #expect(DisplayWidth.fit("ab", toCells: 4) == "ab  ")
        #expect(DisplayWidth.fit("ab", toCells: 4, alignment: .trailing) == "  ab")
        #expect(DisplayWidth.fit("日本語", toCells: 4) == "日… ")
        #expect(DisplayWidth.fit("日本語", toCells: 4, alignment: .trailing) == " 日…")
        #expect(DisplayWidth.fit("x", toCells: 0) == "")
    }

    @Test func everyFittedWidthIsExact() {
        let samples = ["", "a", "日本語のファイル", "e\u{301}x", "🇫🇷🎬", "a\tb", "ＡＢＣ"]
        for sample in samples {
            for cells in 0...12 {
                #expect(DisplayWidth.width(of: DisplayWidth.fit(sample, toCells: cells)) == cells, "\(sample) in \(cells)")
                #expect(DisplayWidth.width(of: DisplayWidth.truncate(sample, toCells: cells)) <= max(cells, 0))
            }
        }
    }
}
