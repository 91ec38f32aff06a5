import XCTest
@testable import MenudCore
import MenudProtocol
import TestSupport

final class GlobPatternTests: XCTestCase {
    private func glob(_ source: String) throws -> GlobPattern {
        try GlobPattern(source)
    }

    private func path(_ text: String) -> RelativePath { RelativePath(text) }

    func testPatternWithoutSlashMatchesTheLastComponent() throws {
        let mp4 = try glob("*.mp4")
        XCTAssertTrue(mp4.matches(path("intro.mp4")))
        XCTAssertTrue(mp4.matches(path("videos/intro.mp4")))
        XCTAssertTrue(mp4.matches(path("a/b/c/.hidden.mp4")))
        XCTAssertFalse(mp4.matches(path("intro.mp4.part")))
        XCTAssertFalse(mp4.matches(path("intro.mp4/notes.txt")))
        XCTAssertFalse(mp4.isAnchored)
    }

    func testStarAndQuestionMarkDoNotCrossSlash() throws {
        let anchored = try glob("videos/*.mp4")
        XCTAssertTrue(anchored.isAnchored)
        XCTAssertTrue(anchored.matches(path("videos/intro.mp4")))
        XCTAssertFalse(anchored.matches(path("videos/2024/intro.mp4")))
        XCTAssertFalse(anchored.matches(path("other/videos/intro.mp4")))
        let question = try glob("a?c/x")
        XCTAssertTrue(question.matches(path("abc/x")))
        XCTAssertFalse(question.matches(path("a/c/x")))
        XCTAssertFalse(question.matches(path("ac/x")))
    }

    func testGlobstarCrossesSlash() throws {
        let anyDepth = try glob("videos/**")
        XCTAssertTrue(anyDepth.matches(path("videos/intro.mp4")))
        XCTAssertTrue(anyDepth.matches(path("videos/2024/05/intro.mp4")))
        XCTAssertFalse(anyDepth.matches(path("audio/intro.mp3")))

        let middle = try glob("a/**/b")
        XCTAssertTrue(middle.matches(path("a/b")))
        XCTAssertTrue(middle.matches(path("a/x/b")))
        XCTAssertTrue(middle.matches(path("a/x/y/b")))
        XCTAssertFalse(middle.matches(path("a/xb")))

        let leading = try glob("**/*.txt")
        XCTAssertTrue(leading.matches(path("notes.txt")))
        XCTAssertTrue(leading.matches(path("a/b/notes.txt")))
        XCTAssertFalse(leading.matches(path("a/b/notes.md")))

        let inName = try glob("docs/**.md")
        XCTAssertTrue(inName.matches(path("docs/a/b.md")))
    }

    func testLeadingSlashAnchorsToTheRoot() throws {
        let pattern = try glob("/notes.txt")
        XCTAssertTrue(pattern.isAnchored)
        XCTAssertTrue(pattern.matches(path("notes.txt")))
        XCTAssertFalse(pattern.matches(path("a/notes.txt")))
    }

    func testCharacterClasses() throws {
        let digits = try glob("IMG_[0-9][0-9].jpg")
        XCTAssertTrue(digits.matches(path("IMG_42.jpg")))
        XCTAssertFalse(digits.matches(path("IMG_4a.jpg")))
        let negated = try glob("[!a-c]*")
        XCTAssertTrue(negated.matches(path("dog")))
        XCTAssertFalse(negated.matches(path("cat")))
        let caret = try glob("[^x]")
        XCTAssertTrue(caret.matches(path("y")))
        XCTAssertFalse(caret.matches(path("x")))
        let bracketMember = try glob("[]a]")
        XCTAssertTrue(bracketMember.matches(path("]")))
        XCTAssertTrue(bracketMember.matches(path("a")))
        let dashLast = try glob("[a-]")
        XCTAssertTrue(dashLast.matches(path("-")))
        let neverSlash = try glob("a[!x]b/c")
        XCTAssertFalse(neverSlash.matches(path("a/b/c")))
        let unicode = try glob("caf[éè]")
        XCTAssertTrue(unicode.matches(path("café")))
        XCTAssertFalse(unicode.matches(path("cafe")))
    }

    func testEscapes() throws {
        let star = try glob("\\*.txt")
        XCTAssertTrue(star.matches(path("*.txt")))
        XCTAssertFalse(star.matches(path("a.txt")))
        let bracket = try glob("\\[1\\]")
        XCTAssertTrue(bracket.matches(path("[1]")))
        let bang = try glob("\\!important")
        XCTAssertTrue(bang.matches(path("!important")))
        let inClass = try glob("[\\]]")
        XCTAssertTrue(inClass.matches(path("]")))
    }

    func testQuestionMarkMatchesOneCharacterNotOneByte() throws {
        let pattern = try glob("?.txt")
        XCTAssertTrue(pattern.matches(path("é.txt")))
        XCTAssertTrue(pattern.matches(path("😀.txt")))
        XCTAssertFalse(pattern.matches(path("ab.txt")))
        let two = try glob("??")
        XCTAssertFalse(two.matches(path("é")))
        XCTAssertFalse(try glob("*??").matches(path("é")))
        XCTAssertTrue(try glob("*??").matches(path("éa")))
    }

    func testInvalidUTF8NamesCanBeMatchedByWildcards() throws {
        let name = RelativePath(bytes: Array("dir/bad-".utf8) + [0xFF, 0xC3] + Array(".bin".utf8))
        XCTAssertTrue(try glob("*.bin").matches(name))
        XCTAssertTrue(try glob("bad-??.bin").matches(name))
        XCTAssertFalse(try glob("bad-?.bin").matches(name))
        XCTAssertTrue(try glob("bad-[!a][!a].bin").matches(name))
        XCTAssertFalse(try glob("bad-[a-z]*").matches(name))
    }

    func testLiteralPatternsCompareExactly() throws {
        let git = try glob(".git")
        XCTAssertTrue(git.matches(path(".git")))
        XCTAssertTrue(git.matches(path("sub/.git")))
        XCTAssertFalse(git.matches(path(".github")))
        XCTAssertFalse(git.matches(path("x.git")))
    }

    func testTrailingSlashMatchesDirectoriesOnly() throws {
        let cache = try glob("cache/")
        XCTAssertTrue(cache.matchesDirectoriesOnly)
        XCTAssertFalse(cache.isAnchored)
        XCTAssertTrue(cache.matches(path("a/cache"), isDirectory: true))
        XCTAssertFalse(cache.matches(path("a/cache"), isDirectory: false))
        XCTAssertFalse(cache.matches(path("cache")))
    }

    func testManyStarsDoNotBlowUp() throws {
        let pattern = try glob("*a*a*a*a*a*a*a*a*a*a*b")
        let name = RelativePath(bytes: [UInt8](repeating: UInt8(ascii: "a"), count: 200))
        XCTAssertFalse(pattern.matches(name))
        XCTAssertTrue(pattern.matches(RelativePath(bytes: name.bytes + [UInt8(ascii: "b")])))
    }

    func testBadPatternsSayWhatToChange() {
        let cases: [(String, String)] = [
            ("", "is empty"),
            ("[abc", "never closed"),
            ("[a\\", "never closed"),
            ("abc\\", "lone \"\\\""),
            ("[z-a]", "runs backwards"),
            ("!foo", "negated patterns are not supported"),
            ("/", "only the root"),
        ]
        for (source, expected) in cases {
            XCTAssertThrowsError(try GlobPattern(source), source) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains(expected), "\(source): \(message)")
                XCTAssertTrue(message.contains("\"\(source)\""), "\(source): \(message)")
            }
        }
    }

    func testEqualityFollowsTheSource() throws {
        XCTAssertEqual(try glob("*.mp4"), try glob("*.mp4"))
        XCTAssertNotEqual(try glob("*.mp4"), try glob("*.mp3"))
        XCTAssertEqual(try glob("*.mp4").description, "*.mp4")
    }
}

/// Random patterns and paths, checked against a plain backtracking matcher.
final class GlobPatternDifferentialTests: XCTestCase {
    private func reference(_ tokens: ArraySlice<GlobPattern.Token>, _ text: ArraySlice<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        guard let token = tokens.first else { return text.isEmpty }
        let rest = tokens.dropFirst()
        switch token {
        case .literal(let byte):
            return text.first == byte && reference(rest, text.dropFirst())
        case .anyCharacter:
            guard let first = text.first, first != slash else { return false }
            return reference(rest, text.dropFirst())
        case .characterClass(let characterClass):
            guard let first = text.first, first != slash, characterClass.accepts(UInt32(first)) else { return false }
            return reference(rest, text.dropFirst())
        case .star:
            var end = text.startIndex
            while true {
                if reference(rest, text[end...]) { return true }
                guard end < text.endIndex, text[end] != slash else { return false }
                end += 1
            }
        case .globstar:
            return (text.startIndex...text.endIndex).contains { reference(rest, text[$0...]) }
        case .globstarSlash:
            if reference(rest, text) { return true }
            return text.indices.contains { text[$0] == slash && reference(rest, text[($0 + 1)...]) }
        }
    }

    func testFastPathsAndMatcherAgreeWithBacktracking() throws {
        let pieces = ["a", "b", "/", ".", "?", "*", "**", "**/", "[ab]", "[!a]", "a", "b"]
        let alphabet: [UInt8] = Array("ab/.".utf8)
        var generator = SeededGenerator(seed: 2024)
        var matched = 0
        for _ in 0..<3000 {
            let source = (0..<Int(generator.next() % 5 + 1)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            guard let pattern = try? GlobPattern(source) else { continue }
            for _ in 0..<20 {
                let bytes = (0..<Int(generator.next() % 8)).map { _ in alphabet[Int(generator.next() % 4)] }
                var text = bytes[...]
                if !pattern.isAnchored, let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
                    text = bytes[(slash + 1)...]
                }
                let expected = reference(pattern.tokens[...], text)
                let actual = pattern.matches(pathBytes: bytes[...], isDirectory: true)
                XCTAssertEqual(actual, expected, "pattern \(source) on \(String(decoding: bytes, as: UTF8.self))")
                if expected { matched += 1 }
            }
        }
        XCTAssertGreaterThan(matched, 1000, "the random cases must exercise matches too")
    }
}
